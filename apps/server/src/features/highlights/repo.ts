// Highlight list and search: one indexed query per page carrying a capped count, always within the
// caller's publisher.
import { and, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { indexOrders } from '@hc/db/order';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { typedTsQuery } from '@hc/db/text-search';
import {
  encodeHighlightCursor,
  isIntegerSortColumn,
  type HighlightCursor,
  type HighlightListQuery,
  type HighlightSortColumn,
} from '@hc/shared/api/highlights';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';

const { highlights } = schema;

export type HighlightRow = typeof highlights.$inferSelect;

// What a list page shows: every column but the search vector (its text is as long as the rest of the row,
// and parsing it cost the server CPU on every page) and the pipeline's external id.
const { searchVector: _searchVector, externalId: _externalId, ...listColumns } = getTableColumns(highlights);
export type HighlightListRow = Omit<HighlightRow, 'searchVector' | 'externalId'>;

const SORT_COLUMNS: Record<HighlightSortColumn, AnyPgColumn> = {
  date: highlights.publishedAt,
  non_uniq_regular_clicks: highlights.nonUniqRegularClicks,
  regular_ctr: highlights.regularCtr,
  non_uniq_ia__clicks: highlights.nonUniqIaClicks,
  ia_ctr: highlights.iaCtr,
};
const NULLABLE_SORTS = new Set<HighlightSortColumn>(['regular_ctr', 'ia_ctr']);

/**
 * The runs of a figure column going up, in the order they are listed: the known figures (zero and up),
 * then the unknown ones, shown as N/A: negative (the pipeline's -1), then NULL (a CTR never computed).
 * Each run is one range of the column's index; one ORDER BY putting the unknown last could use no index
 * and would sort all of the publisher's rows. Going down the index order already lists them last.
 */
type Run = 'known' | 'negative' | 'null';
const runsUpward = (column: HighlightSortColumn): Run[] =>
  NULLABLE_SORTS.has(column) ? ['known', 'negative', 'null'] : ['known', 'negative'];
const inRun = (column: HighlightSortColumn, run: Run): SQL => {
  const col = SORT_COLUMNS[column];
  return run === 'known' ? gte(col, 0) : run === 'negative' ? lt(col, 0) : isNull(col);
};
/** The run of a cursor's value (as the cursor carries it). */
const runOf = (value: string | null): Run =>
  value === null ? 'null' : value.startsWith('-') ? 'negative' : 'known';

/** ORDER BY for a sort: each walks its (publisher_id, col DESC NULLS LAST, id DESC NULLS LAST) index. */
function orderFor(column: HighlightSortColumn, direction: 'asc' | 'desc'): SQL[] {
  return indexOrders([SORT_COLUMNS[column], highlights.id], direction);
}

/**
 * A row's sort value as a cursor carries it (exact: a date as epoch microseconds, which a JavaScript Date
 * cannot hold), and that text back as the column's value for the seek.
 */
const cursorValue = (column: HighlightSortColumn): SQL<string | null> =>
  column === 'date'
    ? sql<string | null>`(extract(epoch from ${highlights.publishedAt}) * 1000000)::bigint::text`
    : sql<string | null>`${SORT_COLUMNS[column]}::text`;
const anchorValue = (column: HighlightSortColumn, value: string): SQL => {
  if (column === 'date') return sql`(timestamptz 'epoch' + ${value}::float8 * interval '1 microsecond')`;
  return isIntegerSortColumn(column) ? sql`${value}::bigint` : sql`${value}::float8`;
};

/** 'yyyymmdd' → the start of that UTC day. */
const parseYyyymmdd = (s: string) =>
  new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(4, 6)) - 1, Number(s.slice(6, 8))));

export interface HighlightPage {
  rows: HighlightListRow[];
  /** Capped at SEARCH_RESULT_LIMIT + 1: anything above the limit is reported as '1000+'. */
  count: number;
  /** Where the next page starts (keyset paging); null on a short page and in relevance order. */
  nextCursor: string | null;
  /** The publisher's create_gif setting. */
  createGif: boolean;
}

interface PageExtras {
  total: SQL.Aliased<number> | SQL<number>;
  createGif: SQL<boolean>;
  /** The sort column's value, for the next page's cursor (column orders only). */
  sortValue?: SQL<string | null>;
}
type PageRow = { highlight: HighlightListRow; total: number; createGif: boolean; sortValue?: string | null };

export class HighlightRepository {
  constructor(private readonly db: Db) {}

  async list(publisherId: number, query: HighlightListQuery, search?: string): Promise<HighlightPage> {
    const filters: (SQL | undefined)[] = [eq(highlights.publisherId, publisherId)];
    if (query.from_date) filters.push(gte(highlights.publishedAt, parseYyyymmdd(query.from_date)));
    if (query.category) filters.push(eq(highlights.category, query.category));
    if (query.status === 'active') filters.push(eq(highlights.articleActive, true));
    if (query.status === 'deactivated') filters.push(eq(highlights.articleActive, false));
    if (query.tv_status === 'valid') filters.push(eq(highlights.tvValid, true));
    if (query.tv_status === 'invalid') filters.push(eq(highlights.tvValid, false));

    let tsQuery: SQL | undefined;
    if (search !== undefined) {
      if (/^\d+$/.test(search)) {
        // A purely numeric term is a highlight id (spec 000 §5).
        const id = Number(search);
        filters.push(Number.isSafeInteger(id) ? eq(highlights.id, id) : sql`false`);
      } else {
        // Matched as typed: the last word is also a prefix ('Tayl' finds 'Taylor'). Text without any
        // word (only punctuation) matches nothing.
        const typed = typedTsQuery(search);
        tsQuery = typed ?? sql`''::tsquery`;
        filters.push(typed ? sql`${highlights.searchVector} @@ ${typed}` : sql`false`);
      }
    }
    const where = and(...filters);

    // The capped count and the create_gif setting ride along with the page as uncorrelated subqueries
    // (computed once): one round trip per page instead of three.
    const extras = {
      total: sql<number>`(select count(*)::int from (select 1 from ${highlights} where ${where} limit ${SEARCH_RESULT_LIMIT + 1}) capped)`,
      createGif: sql<boolean>`coalesce((select ${schema.settings.value} = 'true' from ${schema.settings}
        where ${schema.settings.publisherId} = ${publisherId} and ${schema.settings.key} = 'create_gif'), false)`,
    };
    const finish = async (
      found: PageRow[],
      cursorColumn: HighlightSortColumn | null,
    ): Promise<HighlightPage> => {
      const rows = found.map((r) => r.highlight);
      const last = found.at(-1);
      const nextCursor =
        cursorColumn && last && found.length === query.per
          ? encodeHighlightCursor({
              column: cursorColumn,
              afterId: last.highlight.id,
              value: last.sortValue ?? null,
            })
          : null;
      const first = found[0];
      if (first) return { rows, count: Number(first.total), createGif: first.createGif, nextCursor };
      // Past the last page: no row carried the extras.
      const [extra] = await this.db.select(extras).from(sql`(select 1) one`);
      return { rows, count: Number(extra?.total ?? 0), createGif: extra?.createGif ?? false, nextCursor };
    };

    if (query.order_by === 'desc' && tsQuery) {
      // Relevance ranks the newest SEARCH_RESULT_LIMIT + 1 matches: the most the screen lists (above
      // that it asks to refine the search, as the capped count says). Ranking every match of a broad term
      // read ~69,000 rows per page at 1M highlights; the newest matches are a walk down the date index.
      // It pages by OFFSET and gives no cursor.
      const newest = this.db
        .select({ id: highlights.id })
        .from(highlights)
        .where(where)
        .orderBy(...orderFor('date', 'desc'))
        .limit(SEARCH_RESULT_LIMIT + 1);
      const candidates = and(eq(highlights.publisherId, publisherId), inArray(highlights.id, newest));
      const relevance = [sql`ts_rank(${highlights.searchVector}, ${tsQuery}) desc`, desc(highlights.id)];
      return finish(await this.page(candidates, relevance, query, extras), null);
    }

    // Without search text 'desc' means newest first.
    const [column, direction] =
      query.order_by === 'desc'
        ? (['date', 'desc'] as const)
        : [
            query.order_by.slice(0, query.order_by.lastIndexOf('_')) as HighlightSortColumn,
            query.order_by.slice(query.order_by.lastIndexOf('_') + 1) as 'asc' | 'desc',
          ];
    const withValue = { ...extras, sortValue: cursorValue(column) };
    const found =
      query.cursor?.column === column
        ? await this.seek(where, column, direction, query.cursor, query, withValue)
        : direction === 'asc' && column !== 'date'
          ? await this.pageUpward(where, column, query, withValue)
          : await this.page(where, orderFor(column, direction), query, withValue);
    return finish(found, column);
  }

  /** One page by OFFSET: what page numbers jump to. */
  private page(
    where: SQL | undefined,
    orderBy: SQL[],
    query: HighlightListQuery,
    extras: PageExtras,
    limit = query.per,
    offset = (query.page - 1) * query.per,
  ) {
    return this.db
      .select({ highlight: listColumns, ...extras })
      .from(highlights)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  }

  /**
   * A page of a figure column going up, by OFFSET: its runs (runsUpward) one after the other. A page
   * that starts past a run counts that run (from the index) to know where in the next one it starts.
   */
  private async pageUpward(
    where: SQL | undefined,
    column: HighlightSortColumn,
    query: HighlightListQuery,
    extras: PageExtras,
  ): Promise<PageRow[]> {
    const byValue = orderFor(column, 'asc');
    let offset = (query.page - 1) * query.per;
    const rows: PageRow[] = [];
    for (const run of runsUpward(column)) {
      const inThisRun = and(where, inRun(column, run));
      const found = await this.page(inThisRun, byValue, query, extras, query.per - rows.length, offset);
      rows.push(...found);
      if (rows.length === query.per) break;
      if (found.length > 0 || offset === 0) {
        offset = 0;
        continue;
      }
      const [counted] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(highlights)
        .where(inThisRun);
      offset = Math.max(0, offset - Number(counted?.n ?? 0));
    }
    return rows;
  }

  /**
   * The page after the cursor's row in (column, id) order: a row comparison the (publisher, column, id)
   * index answers by a seek, however deep the page. The cursor carries the row's value, so the row itself
   * is not read (it may since have changed or gone: the page still starts where the last one ended), and
   * only the caller's rows are ever compared with it.
   */
  private async seek(
    where: SQL | undefined,
    column: HighlightSortColumn,
    direction: 'asc' | 'desc',
    cursor: HighlightCursor,
    query: HighlightListQuery,
    extras: PageExtras,
  ): Promise<PageRow[]> {
    const col = SORT_COLUMNS[column];
    const { afterId } = cursor;
    const anchorIsNull = cursor.value === null;
    const anchor = cursor.value === null ? sql`null` : anchorValue(column, cursor.value);
    const run = (condition: SQL, orderBy: SQL[], limit: number) =>
      this.db
        .select({ highlight: listColumns, ...extras })
        .from(highlights)
        .where(and(where, condition))
        .orderBy(...orderBy)
        .limit(limit);
    const byValue = orderFor(column, direction);
    const idAfter = direction === 'desc' ? lt(highlights.id, afterId) : gt(highlights.id, afterId);
    const valueAfter =
      direction === 'desc'
        ? sql`(${col}, ${highlights.id}) < (${anchor}, ${afterId})`
        : sql`(${col}, ${highlights.id}) > (${anchor}, ${afterId})`;

    if (direction === 'asc' && column !== 'date') {
      // Going up: the rest of the cursor's run, then the runs after it (pageUpward). A row comparison
      // never matches NULL, so within the NULL run only the id moves on.
      const runs = runsUpward(column);
      const from = runs.indexOf(runOf(cursor.value));
      const rows: PageRow[] = [];
      for (const [i, each] of runs.slice(from).entries()) {
        const after = i > 0 ? undefined : each === 'null' ? idAfter : valueAfter;
        rows.push(...(await run(and(inRun(column, each), after)!, byValue, query.per - rows.length)));
        if (rows.length === query.per) break;
      }
      return rows;
    }
    if (!NULLABLE_SORTS.has(column)) return run(valueAfter, byValue, query.per);
    // Unknown CTRs come last going down too. The NULL run is ordered by the column as well (all NULL
    // there): ordered by id alone it would not match the index and would sort every NULL row of the
    // publisher.
    if (anchorIsNull) return run(and(isNull(col), idAfter)!, byValue, query.per);
    const rows = await run(valueAfter, byValue, query.per);
    if (rows.length === query.per) return rows;
    return [...rows, ...(await run(isNull(col), byValue, query.per - rows.length))];
  }

  async findOne(publisherId: number, highlightId: number): Promise<HighlightRow | undefined> {
    const [row] = await this.db
      .select()
      .from(highlights)
      .where(and(eq(highlights.publisherId, publisherId), eq(highlights.id, highlightId)));
    return row;
  }

  /** Enables or disables an article's APV on the front page (regular) or the article page. */
  async setArticleStatus(
    publisherId: number,
    articleId: number,
    mode: 'regular' | 'article',
    status: boolean,
  ): Promise<{ articleActive: boolean; iaArticleActive: boolean } | undefined> {
    const [row] = await this.db
      .update(highlights)
      .set(mode === 'regular' ? { articleActive: status } : { iaArticleActive: status })
      .where(and(eq(highlights.publisherId, publisherId), eq(highlights.articleId, articleId)))
      .returning({ articleActive: highlights.articleActive, iaArticleActive: highlights.iaArticleActive });
    return row;
  }
}
