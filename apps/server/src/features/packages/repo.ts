// Top Videos packages: the list (indexed text filter, server-side sort, capped count), one package, and
// the writes the service runs inside its transactions. Every read is scoped to publishers.
import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { caseless, indexOrders } from '@hc/db/order';
import { prefixTsQuery } from '@hc/db/text-search';
import { queryRows, type Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { PackageListQuery, PackageStatus } from '@hc/shared/api/packages';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';

const { packages, packageHighlights, highlights } = schema;

/** A package as the lists and the editor read it: every column but the search vector (the index's). */
export type PackageRow = Omit<typeof packages.$inferSelect, 'searchVector'>;
const { searchVector: _searchVector, ...PACKAGE_COLUMNS } = getTableColumns(packages);
export type PackageInsert = typeof packages.$inferInsert;

/** A highlight of a package, in its position, with what the presenter needs of the highlight itself. */
export interface PackageHighlightRow {
  packageId: string;
  highlightId: number;
  position: number;
  /** The title inside this package (renamed or the highlight's own). */
  title: string;
  originalTitle: string;
  category: string | null;
  videoPath: string;
  thumbnailPath: string;
  durationSeconds: number;
}

type SortColumn = PackageListQuery['order_by'] extends `${infer C}_${'asc' | 'desc'}` ? C : never;

const SORT_COLUMNS: Record<SortColumn, SQLWrapper> = {
  updated_at: packages.updatedAt,
  created_at: packages.createdAt,
  name: caseless(packages.name),
  package_clicks: packages.packageClicks,
  package_impressions: packages.packageImpressions,
};

/** Count columns, where -1 means unknown. */
const FIGURE_SORTS = new Set<SQLWrapper>([SORT_COLUMNS.package_clicks, SORT_COLUMNS.package_impressions]);

/** A name as users read it, the expression of the unique indexes: trimmed, in any case. */
const readAs = (value: SQLWrapper | string) =>
  typeof value === 'string' ? sql`lower(btrim(${value}::text))` : sql`lower(btrim(${value}))`;

/** Statuses the lists show: archived and rejected packages are gone from every list. */
export const LISTED_STATUSES: PackageStatus[] = ['Active', 'Draft'];

export interface PackagePage {
  rows: PackageRow[];
  /** Capped at SEARCH_RESULT_LIMIT + 1, like the highlight list. */
  count: number;
}

export class PackageRepository {
  constructor(private readonly db: Db) {}

  /** A page of the listed (Active and Draft, or the given) packages of the publishers. */
  async list(
    scope: { publisherIds: number[]; statuses?: PackageStatus[] },
    query: PackageListQuery,
  ): Promise<PackagePage> {
    if (scope.publisherIds.length === 0) return { rows: [], count: 0 };
    const filters: (SQL | undefined)[] = [
      inArray(packages.publisherId, scope.publisherIds),
      inArray(packages.status, scope.statuses ?? LISTED_STATUSES),
    ];
    if (query.type !== 'all') filters.push(eq(packages.packageType, query.type));
    if (query.q) {
      const tsQuery = prefixTsQuery(query.q);
      // The embed id typed into the box finds its package too (primary key look-up).
      filters.push(
        tsQuery
          ? or(sql`${packages.searchVector} @@ ${tsQuery}`, eq(packages.embedId, query.q))
          : eq(packages.embedId, query.q),
      );
    }
    const where = and(...filters);

    const cut = query.order_by.lastIndexOf('_');
    const column = SORT_COLUMNS[query.order_by.slice(0, cut) as SortColumn];
    const ascending = query.order_by.slice(cut + 1) === 'asc';
    const orderBy = indexOrders([column, packages.embedId], ascending ? 'asc' : 'desc');
    // An unknown count (-1, shown as N/A) after every known one: going down it is last already, going up
    // the (figure < 0) key puts it last (each way walks its own index).
    if (FIGURE_SORTS.has(column) && ascending) orderBy.unshift(sql`(${column} < 0)`);

    // The page's ids first, then only those rows: the rows an OFFSET skips are not read whole (the
    // default order walks an index that holds the filters, so they are not read from the table at all).
    const skip = (query.page - 1) * query.per;
    const pageIds = query.q
      ? // A search sorts its matches, found first through the text index (the subquery is planned on its
        // own). Left to choose, the planner guessed a few hundred matches for any prefix and walked the
        // sort index testing each package's words: for a rare word, every package of the publisher
        // (33 ms at 11,000 packages, against under a millisecond this way).
        sql`(select ${packages.embedId} from (select * from ${packages} where ${where} offset 0) as ${packages}
             order by ${sql.join(orderBy, sql`, `)} limit ${query.per} offset ${skip})`
      : this.db
          .select({ embedId: packages.embedId })
          .from(packages)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.per)
          .offset(skip);
    const [rows, countRows] = await Promise.all([
      this.db
        .select(PACKAGE_COLUMNS)
        .from(packages)
        .where(inArray(packages.embedId, pageIds))
        .orderBy(...orderBy),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from (select 1 from ${packages} where ${where} limit ${SEARCH_RESULT_LIMIT + 1}) capped`,
      ),
    ]);
    return { rows, count: Number(countRows[0]?.n ?? 0) };
  }

  /** The highlights of all the given packages in one query, grouped by package, in their order. */
  async highlightsOf(embedIds: string[]): Promise<Map<string, PackageHighlightRow[]>> {
    const byPackage = new Map<string, PackageHighlightRow[]>(embedIds.map((id) => [id, []]));
    if (embedIds.length === 0) return byPackage;
    // Package by package through the (package, position) index. Asked as "package_id in (…)", the
    // planner guessed a few rows a package and read the whole package_highlights table instead (25 ms
    // for a page of 100 packages at 20,000 packages, against 7 ms this way).
    const ids = sql.join(
      embedIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<PackageHighlightRow>(
      this.db,
      sql`select ph.package_id as "packageId", ph.highlight_id::float8 as "highlightId", ph.position,
                 ph.title, h.title as "originalTitle", h.category, h.video_path as "videoPath",
                 h.thumbnail_path as "thumbnailPath", h.duration_seconds as "durationSeconds"
            from unnest(array[${ids}]::text[]) with ordinality as page(id, n)
            cross join lateral (
              select * from ${packageHighlights} where ${packageHighlights.packageId} = page.id
               order by ${packageHighlights.position}) ph
            join ${highlights} h on h.id = ph.highlight_id
           order by page.n, ph.position`,
    );
    for (const row of rows) byPackage.get(row.packageId)?.push(row);
    return byPackage;
  }

  /** One package of the publisher; with `forUpdate` the row stays locked until the transaction ends. */
  async find(publisherId: number, embedId: string, forUpdate = false): Promise<PackageRow | undefined> {
    const query = this.db
      .select(PACKAGE_COLUMNS)
      .from(packages)
      .where(and(eq(packages.publisherId, publisherId), eq(packages.embedId, embedId)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** One Active package by embed id and publisher (the public embed). */
  async findActive(publisherId: number, embedId: string): Promise<PackageRow | undefined> {
    const [row] = await this.db
      .select(PACKAGE_COLUMNS)
      .from(packages)
      .where(
        and(
          eq(packages.publisherId, publisherId),
          eq(packages.embedId, embedId),
          eq(packages.status, 'Active'),
        ),
      );
    return row;
  }

  /**
   * Whether the publisher already has a package (of any status) with this embed name, compared as the
   * unique index compares it: trimmed, in any case.
   */
  async aliasTaken(publisherId: number, alias: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: packages.embedId })
      .from(packages)
      .where(and(eq(packages.publisherId, publisherId), sql`${readAs(packages.alias)} = ${readAs(alias)}`))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Whether another listed (Active or Draft) package of the publisher has this name, compared as the
   * unique index compares it: trimmed, in any case. `except` is the package being saved.
   */
  async nameTaken(publisherId: number, name: string, except?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: packages.embedId })
      .from(packages)
      .where(
        and(
          eq(packages.publisherId, publisherId),
          inArray(packages.status, LISTED_STATUSES),
          sql`${readAs(packages.name)} = ${readAs(name)}`,
          except === undefined ? undefined : ne(packages.embedId, except),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The publisher's highlights among `ids` (others' ids simply do not come back). */
  async publisherHighlights(publisherId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: highlights.id, category: highlights.category, tvValid: highlights.tvValid })
      .from(highlights)
      .where(and(eq(highlights.publisherId, publisherId), inArray(highlights.id, ids)));
  }

  /** Inserts the package unless its embed id exists; false on a collision (the caller draws another). */
  async insert(values: PackageInsert): Promise<boolean> {
    const inserted = await this.db
      .insert(packages)
      .values(values)
      .onConflictDoNothing({ target: packages.embedId })
      .returning({ id: packages.embedId });
    return inserted.length === 1;
  }

  async update(embedId: string, values: Partial<PackageInsert>): Promise<void> {
    await this.db.update(packages).set(values).where(eq(packages.embedId, embedId));
  }

  /** Replaces the package's highlights with `items` in their order. */
  async replaceHighlights(embedId: string, items: { id: number; title: string }[]): Promise<void> {
    await this.db.delete(packageHighlights).where(eq(packageHighlights.packageId, embedId));
    if (items.length === 0) return;
    await this.db
      .insert(packageHighlights)
      .values(
        items.map((h, position) => ({ packageId: embedId, highlightId: h.id, position, title: h.title })),
      );
  }

  /** Highlights removed from an auto package are no longer offered to Top Videos. */
  async markTvInvalid(publisherId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(highlights)
      .set({ tvValid: false })
      .where(and(eq(highlights.publisherId, publisherId), inArray(highlights.id, ids)));
  }

  /**
   * The publisher's package categories: its categories table, or when that holds none, the distinct
   * categories of its highlights (ids then are negative positions: names are what filters use).
   */
  async categories(publisherId: number): Promise<{ id: number; name: string }[]> {
    const rows = await this.db
      .select({ id: schema.categories.id, name: schema.categories.name })
      .from(schema.categories)
      .where(eq(schema.categories.publisherId, publisherId))
      .orderBy(asc(schema.categories.name), asc(schema.categories.id));
    if (rows.length > 0) return rows;
    const names = await this.db
      .selectDistinct({ name: highlights.category })
      .from(highlights)
      .where(and(eq(highlights.publisherId, publisherId), sql`${highlights.category} is not null`))
      .orderBy(asc(highlights.category))
      .limit(500);
    return names.map((r, i) => ({ id: -(i + 1), name: r.name! }));
  }
}
