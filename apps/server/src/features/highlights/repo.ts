// Highlight list and search: one indexed query per page plus a capped count, always within the
// caller's publisher.
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { HighlightListQuery, HighlightSortColumn } from '@hc/shared/api/highlights';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';

const { highlights } = schema;

export type HighlightRow = typeof highlights.$inferSelect;

const SORT_COLUMNS: Record<HighlightSortColumn, AnyPgColumn> = {
  date: highlights.publishedAt,
  non_uniq_regular_clicks: highlights.nonUniqRegularClicks,
  regular_ctr: highlights.regularCtr,
  non_uniq_ia__clicks: highlights.nonUniqIaClicks,
  ia_ctr: highlights.iaCtr,
};
const NULLABLE_SORTS = new Set<HighlightSortColumn>(['regular_ctr', 'ia_ctr']);

/** 'yyyymmdd' → the start of that UTC day. */
const parseYyyymmdd = (s: string) =>
  new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(4, 6)) - 1, Number(s.slice(6, 8))));

export interface HighlightPage {
  rows: HighlightRow[];
  /** Capped at SEARCH_RESULT_LIMIT + 1: anything above the limit is reported as '1000+'. */
  count: number;
}

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
        tsQuery = sql`websearch_to_tsquery('english', ${search})`;
        filters.push(sql`${highlights.searchVector} @@ ${tsQuery}`);
      }
    }
    const where = and(...filters);

    let orderBy: SQL[];
    if (query.order_by === 'desc') {
      // Relevance: only meaningful with search text; without it, newest first.
      orderBy = tsQuery
        ? [sql`ts_rank(${highlights.searchVector}, ${tsQuery}) desc`, desc(highlights.id)]
        : [desc(highlights.publishedAt), desc(highlights.id)];
    } else {
      const cut = query.order_by.lastIndexOf('_');
      const column = query.order_by.slice(0, cut) as HighlightSortColumn;
      const direction = query.order_by.slice(cut + 1);
      const col = SORT_COLUMNS[column];
      // Matches the (col DESC NULLS LAST, id DESC) indexes in both directions.
      orderBy =
        direction === 'desc'
          ? [NULLABLE_SORTS.has(column) ? sql`${col} desc nulls last` : desc(col), desc(highlights.id)]
          : [NULLABLE_SORTS.has(column) ? sql`${col} asc nulls first` : asc(col), asc(highlights.id)];
    }

    const [rows, countRows] = await Promise.all([
      this.db
        .select()
        .from(highlights)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.per)
        .offset((query.page - 1) * query.per),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from (select 1 from ${highlights} where ${where} limit ${SEARCH_RESULT_LIMIT + 1}) capped`,
      ),
    ]);
    return { rows, count: Number(countRows[0]?.n ?? 0) };
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

  /** Whether the publisher's highlights come with GIFs (a per-publisher setting). */
  async createGif(publisherId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ value: schema.settings.value })
      .from(schema.settings)
      .where(and(eq(schema.settings.publisherId, publisherId), eq(schema.settings.key, 'create_gif')));
    return row?.value === 'true';
  }
}
