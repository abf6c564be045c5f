// Highlight list and search: one indexed query per page carrying a capped count, always within the
// caller's publisher.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { Params, rawQueryOf, type RawQuery } from '@hc/db/raw-query';
import { schema } from '@hc/db/schema';
import { typedTsQueryText } from '@hc/db/text-search';
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
/** A highlight as other lists read it with drizzle (presentHighlight). */
export type HighlightListRow = Omit<HighlightRow, 'searchVector' | 'externalId'>;

/**
 * A relevance search walks the newest rows when its words are common (see list): it tests the newest
 * WALK_PROBE rows, and goes on up to WALK_ROWS when at least WALK_MIN_SHARE of them matched (a word in 2% of
 * the rows fills the newest 1,001 matches within ~50,000 rows). The walk reads the date index only, ~0.3 µs
 * a row on this machine when warm: the probe costs a rare word ~1 ms, the longest walk ~20 ms.
 */
const WALK_PROBE = 4_000;
const WALK_MIN_SHARE = 0.02;
const WALK_ROWS = 60_000;

const NULLABLE_SORTS = new Set<HighlightSortColumn>(['regular_ctr', 'ia_ctr']);
const hasClient = (db: Db) => Boolean((db as unknown as { $client?: unknown }).$client);

/**
 * A list row as the list query selects it (rowMode 'array'): ids and counts as numbers, times as whole
 * seconds, media as store paths. `presentListRow` turns it into the answer's highlight.
 */
export type HighlightListTuple = [
  id: number,
  title: string,
  articleId: number,
  articleCreatedAt: number,
  publishedAt: number,
  recommendationScore: number,
  articleActive: boolean,
  iaArticleActive: boolean,
  videoPath: string,
  thumbnailPath: string,
  gifPath: string | null,
  resources: { id: string; type: string; url: string }[],
  category: string | null,
  link: string,
  durationSeconds: number,
  nonUniqRegularImpressions: number,
  nonUniqRegularClicks: number,
  regularCtr: number | null,
  nonUniqIaImpressions: number,
  nonUniqIaClicks: number,
  iaCtr: number | null,
];

// In HighlightListTuple's order. Bigints are cast to float8 and times to whole seconds (what the answer
// shows) so that both drivers give numbers and no Date is made per row; the search vector (as long as the
// rest of the row) and the pipeline's external id are not read.
const LIST_COLUMNS = `h.id::float8, h.title, h.article_id::float8,
  floor(extract(epoch from h.article_created_at))::float8, floor(extract(epoch from h.published_at))::float8,
  h.recommendation_score, h.article_active, h.ia_article_active, h.video_path, h.thumbnail_path, h.gif_path,
  h.resources, h.category, h.link, h.duration_seconds, h.non_uniq_regular_impressions::float8,
  h.non_uniq_regular_clicks::float8, h.regular_ctr, h.non_uniq_ia_impressions::float8,
  h.non_uniq_ia_clicks::float8, h.ia_ctr`;
const LIST_WIDTH = 21;

const SORT_SQL: Record<HighlightSortColumn, string> = {
  date: 'h.published_at',
  non_uniq_regular_clicks: 'h.non_uniq_regular_clicks',
  regular_ctr: 'h.regular_ctr',
  non_uniq_ia__clicks: 'h.non_uniq_ia_clicks',
  ia_ctr: 'h.ia_ctr',
};

/**
 * ORDER BY for a sort: each walks its (publisher_id, col DESC NULLS LAST, id DESC NULLS LAST) index, in
 * either direction (a plain DESC means NULLS FIRST and would not match it).
 */
const orderSql = (column: HighlightSortColumn, direction: 'asc' | 'desc') =>
  direction === 'desc'
    ? `${SORT_SQL[column]} desc nulls last, h.id desc nulls last`
    : `${SORT_SQL[column]} asc nulls first, h.id asc nulls first`;

/**
 * The runs of a figure column going up, in the order they are listed: the known figures (zero and up),
 * then the unknown ones, shown as N/A: negative (the pipeline's -1), then NULL (a CTR never computed).
 * Each run is one range of the column's index; one ORDER BY putting the unknown last could use no index
 * and would sort all of the publisher's rows. Going down the index order already lists them last.
 */
type Run = 'known' | 'negative' | 'null';
const runsUpward = (column: HighlightSortColumn): Run[] =>
  NULLABLE_SORTS.has(column) ? ['known', 'negative', 'null'] : ['known', 'negative'];
const inRun = (column: HighlightSortColumn, run: Run): string => {
  const col = SORT_SQL[column];
  return run === 'known' ? `${col} >= 0` : run === 'negative' ? `${col} < 0` : `${col} is null`;
};
/** The run of a cursor's value (as the cursor carries it). */
const runOf = (value: string | null): Run =>
  value === null ? 'null' : value.startsWith('-') ? 'negative' : 'known';

/**
 * A row's sort value as a cursor carries it (exact: a date as epoch microseconds, which a JavaScript Date
 * cannot hold), and that text back as the column's value for the seek.
 */
const cursorValueSql = (column: HighlightSortColumn) =>
  column === 'date'
    ? '(extract(epoch from h.published_at) * 1000000)::bigint::text'
    : `${SORT_SQL[column]}::text`;
const anchorSql = (column: HighlightSortColumn, placeholder: string) => {
  if (column === 'date') return `(timestamptz 'epoch' + ${placeholder}::float8 * interval '1 microsecond')`;
  return isIntegerSortColumn(column) ? `${placeholder}::bigint` : `${placeholder}::float8`;
};

/**
 * A page by OFFSET: the skipped rows are counted in the index alone (every sort index holds the filter
 * columns), and only the page's own rows are read from the table. Read whole, page 200 read 10,000 table
 * rows to throw them away.
 */
const offsetPage = (select: string, where: string, order: string, limit: string, offset: string) =>
  `${select} where h.id in (
     select h.id from highlights h where ${where} order by ${order} limit ${limit} offset ${offset})
   order by ${order}`;

/** 'yyyymmdd' → the start of that UTC day. */
const parseYyyymmdd = (s: string) =>
  new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(4, 6)) - 1, Number(s.slice(6, 8))));

export interface HighlightPage {
  rows: HighlightListTuple[];
  /** Capped at SEARCH_RESULT_LIMIT + 1: anything above the limit is reported as '1000+'. */
  count: number;
  /** Where the next page starts (keyset paging); null on a short page and in relevance order. */
  nextCursor: string | null;
  /** The publisher's create_gif setting. */
  createGif: boolean;
}

export class HighlightRepository {
  private readonly query: RawQuery | null;

  /** `query` runs the list's statements (tests/bench/explain.ts passes one that records them). */
  constructor(
    private readonly db: Db,
    query?: RawQuery,
  ) {
    // A transaction handle (the article switch) has no driver client of its own, and needs no list.
    this.query = query ?? (hasClient(db) ? rawQueryOf(db) : null);
  }

  /**
   * One page of the publisher's highlights, with the capped count and the create_gif setting in the same
   * statement (one round trip). Hand-written SQL with bound parameters: this is the most asked uncached
   * read, and building it with drizzle and mapping its rows cost the server more than PostgreSQL spent.
   */
  async list(publisherId: number, query: HighlightListQuery, search?: string): Promise<HighlightPage> {
    const run = this.query;
    if (!run) throw new Error('HighlightRepository.list needs a database handle, not a transaction');
    const p = new Params();
    const pub = p.add(publisherId);
    let where = `h.publisher_id = ${pub}`;
    if (query.from_date)
      where += ` and h.published_at >= ${p.add(parseYyyymmdd(query.from_date).toISOString())}`;
    if (query.category) where += ` and h.category = ${p.add(query.category)}`;
    if (query.status === 'active') where += ' and h.article_active = true';
    if (query.status === 'deactivated') where += ' and h.article_active = false';
    if (query.tv_status === 'valid') where += ' and h.tv_valid = true';
    if (query.tv_status === 'invalid') where += ' and h.tv_valid = false';

    // The filters without the search condition: the relevance page's walk down the date index tests
    // the search per row on top of them.
    const filtersWhere = where;
    let tsQuery: string | null = null;
    if (search !== undefined) {
      if (/^\d+$/.test(search)) {
        // A purely numeric term is a highlight id.
        const id = Number(search);
        where += Number.isSafeInteger(id) ? ` and h.id = ${p.add(id)}` : ' and false';
      } else {
        // Matched as typed: the last word is also a prefix ('Tayl' finds 'Taylor'). Text without any
        // word (only punctuation) matches nothing.
        tsQuery = typedTsQueryText(search, (word) => p.add(word));
        where += tsQuery ? ` and h.search_vector @@ ${tsQuery}` : ' and false';
      }
    }
    const limit = SEARCH_RESULT_LIMIT + 1;
    const createGif = `coalesce((select s.value = 'true' from settings s
      where s.publisher_id = ${pub} and s.key = 'create_gif'), false)`;
    const count = `(select count(*)::int from (select 1 from highlights h where ${where} limit ${limit}) capped)`;
    // The count and the setting need only the parameters bound so far (a page past the last asks for them
    // on their own: finish). A parameter a statement does not name has no type and fails the statement, so
    // the page's own come after, in the statements that name them.
    const filterParams = p.values.length;
    const pageParams = () => ({ per: p.add(query.per), offset: p.add((query.page - 1) * query.per) });

    if (query.order_by === 'desc' && tsQuery) {
      // Relevance ranks the newest SEARCH_RESULT_LIMIT + 1 matches: the most the screen lists (above
      // that it asks to refine the search, as the capped count says). Ranking every match of a broad term
      // read ~69,000 rows per page at 1M highlights; the newest matches are a walk down the date index.
      // Those newest matches are found once: their number is the capped count (the same rows the count
      // would read again), and the page ranks them. It pages by OFFSET and gives no cursor.
      // A word matching many rows (a sport, or the two or three letters of a word being typed, which
      // match most rows) has its newest matches among the newest rows: walking the date index (which holds
      // the search vector, so the walk reads no table row) and testing each row finds them after about
      // limit / share rows, where the text index gives every match of the word (125,000 for 'kov' at 1M
      // highlights) before any is dropped. So the newest WALK_PROBE rows are tested first: when at least
      // WALK_MIN_SHARE of them match, the walk goes on, up to WALK_ROWS rows; when the walk did not find
      // `limit` matches (a rare word), the text index finds them. A rare word pays the probe on top; every
      // way gives the same rows, the newest matches in the same order.
      const { per, offset } = pageParams();
      const date = orderSql('date', 'desc');
      const newestRows = (n: number) =>
        `select h.id, h.published_at, h.search_vector from highlights h where ${filtersWhere} order by ${date} limit ${n}`;
      const text = `with probe as materialized (
          select count(*) as walked, count(*) filter (where w.search_vector @@ ${tsQuery}) as hits
          from (${newestRows(WALK_PROBE)}) w),
        walk as materialized (
          select w.id from (${newestRows(WALK_ROWS)}) w
          where ((select hits from probe) >= ${Math.ceil(WALK_PROBE * WALK_MIN_SHARE)}
                 or (select walked from probe) < ${WALK_PROBE})
            and w.search_vector @@ ${tsQuery}
          order by w.published_at desc nulls last, w.id desc nulls last limit ${limit}),
        newest as materialized (
          select id from walk where (select count(*) from walk) = ${limit} or (select walked from probe) < ${WALK_PROBE}
          union all
          (select h.id from highlights h where ${where}
             and (select count(*) from walk) < ${limit} and (select walked from probe) = ${WALK_PROBE}
           order by ${date} limit ${limit}))
        select ${LIST_COLUMNS}, (select count(*)::int from newest), ${createGif}
        from highlights h
        where h.publisher_id = ${pub} and h.id in (select id from newest)
        order by ts_rank(h.search_vector, ${tsQuery}) desc, h.id desc
        limit ${per} offset ${offset}`;
      return this.finish(await run(text, p.values), null, query.per, { createGif, count, p, filterParams });
    }

    // Without search text 'desc' means newest first.
    const [column, direction] =
      query.order_by === 'desc'
        ? (['date', 'desc'] as const)
        : [
            query.order_by.slice(0, query.order_by.lastIndexOf('_')) as HighlightSortColumn,
            query.order_by.slice(query.order_by.lastIndexOf('_') + 1) as 'asc' | 'desc',
          ];
    const select = `select ${LIST_COLUMNS}, ${count}, ${createGif}, ${cursorValueSql(column)} from highlights h`;
    const order = orderSql(column, direction);
    const cursor = query.cursor?.column === column ? query.cursor : null;
    if (!cursor && direction === 'asc' && column !== 'date') {
      return this.finish(
        await this.pageUpward(run, p, select, where, order, column, query),
        column,
        query.per,
        { createGif, count, p, filterParams },
      );
    }
    if (!cursor) {
      const { per, offset } = pageParams();
      const text = offsetPage(select, where, order, per, offset);
      return this.finish(await run(text, p.values), column, query.per, {
        createGif,
        count,
        p,
        filterParams,
      });
    }
    return this.finish(
      await this.seek(run, p, select, where, order, column, direction, cursor, query.per),
      column,
      query.per,
      { createGif, count, p, filterParams },
    );
  }

  private async finish(
    found: unknown[][],
    cursorColumn: HighlightSortColumn | null,
    per: number,
    extras: { createGif: string; count: string; p: Params; filterParams: number },
  ): Promise<HighlightPage> {
    const rows = found as unknown as HighlightListTuple[];
    const last = found.at(-1);
    const nextCursor =
      cursorColumn && last && found.length === per
        ? encodeHighlightCursor({
            column: cursorColumn,
            afterId: last[0] as number,
            value: (last[LIST_WIDTH + 2] as string | null | undefined) ?? null,
          })
        : null;
    const first = found[0];
    if (first) {
      // The count and the setting rode along on every row, after the listed columns.
      const count = first[LIST_WIDTH] as number;
      const createGif = first[LIST_WIDTH + 1] as boolean;
      for (const row of found) row.length = LIST_WIDTH;
      return { rows, count, createGif, nextCursor };
    }
    // Past the last page: no row carried the count and the setting.
    const [extra] = await this.query!(
      `select ${extras.count}, ${extras.createGif}`,
      extras.p.values.slice(0, extras.filterParams),
    );
    return { rows, count: Number(extra?.[0] ?? 0), createGif: Boolean(extra?.[1]), nextCursor };
  }

  /**
   * A page of a figure column going up, by OFFSET: its runs (runsUpward) one after the other. A page
   * that starts past a run counts that run (from the index) to know where in the next one it starts.
   */
  private async pageUpward(
    run: RawQuery,
    p: Params,
    select: string,
    where: string,
    order: string,
    column: HighlightSortColumn,
    query: HighlightListQuery,
  ): Promise<unknown[][]> {
    const filters = p.values;
    const limitAt = `$${filters.length + 1}`;
    const offsetAt = `$${filters.length + 2}`;
    let offset = (query.page - 1) * query.per;
    const rows: unknown[][] = [];
    for (const each of runsUpward(column)) {
      const inThisRun = `${where} and ${inRun(column, each)}`;
      const found = await run(offsetPage(select, inThisRun, order, limitAt, offsetAt), [
        ...filters,
        query.per - rows.length,
        offset,
      ]);
      rows.push(...found);
      if (rows.length === query.per) break;
      if (found.length > 0 || offset === 0) {
        offset = 0;
        continue;
      }
      const [counted] = await run(`select count(*)::int from highlights h where ${inThisRun}`, filters);
      offset = Math.max(0, offset - Number(counted?.[0] ?? 0));
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
    run: RawQuery,
    p: Params,
    select: string,
    where: string,
    order: string,
    column: HighlightSortColumn,
    direction: 'asc' | 'desc',
    cursor: HighlightCursor,
    per: number,
  ): Promise<unknown[][]> {
    const col = SORT_SQL[column];
    // The runs after the cursor's value run (the NULLs, or the values) do not name the cursor, and a bound
    // parameter a statement does not name has no type and fails it: they bind the filters' only.
    const shared = p.values.length;
    const afterId = p.add(cursor.afterId);
    const anchorIsNull = cursor.value === null;
    const anchor = cursor.value === null ? 'null' : anchorSql(column, p.add(cursor.value));
    const page = (condition: string, limit: number, namesCursor = true) => {
      const values = namesCursor ? p.values : p.values.slice(0, shared);
      return run(`${select} where ${where} and ${condition} order by ${order} limit $${values.length + 1}`, [
        ...values,
        limit,
      ]);
    };
    const idAfter = direction === 'desc' ? `h.id < ${afterId}` : `h.id > ${afterId}`;
    const valueAfter = `(${col}, h.id) ${direction === 'desc' ? '<' : '>'} (${anchor}, ${afterId})`;

    if (direction === 'asc' && column !== 'date') {
      // Going up: the rest of the cursor's run, then the runs after it (pageUpward). A row comparison
      // never matches NULL, so within the NULL run only the id moves on. The later runs do not name the
      // cursor, so they bind the filters' parameters only.
      const runs = runsUpward(column);
      const from = runs.indexOf(runOf(cursor.value));
      const rows: unknown[][] = [];
      for (const [i, each] of runs.slice(from).entries()) {
        const inThisRun = inRun(column, each);
        const found =
          i > 0
            ? await page(inThisRun, per - rows.length, false)
            : await page(`${inThisRun} and ${each === 'null' ? idAfter : valueAfter}`, per - rows.length);
        rows.push(...found);
        if (rows.length === per) break;
      }
      return rows;
    }
    if (!NULLABLE_SORTS.has(column)) return page(valueAfter, per);
    // Unknown CTRs come last going down too. The NULL run is ordered by the column as well (all NULL
    // there): ordered by id alone it would not match the index and would sort every NULL row of the
    // publisher.
    if (anchorIsNull) return page(`${col} is null and ${idAfter}`, per);
    const rows = await page(valueAfter, per);
    if (rows.length === per) return rows;
    return [...rows, ...(await page(`${col} is null`, per - rows.length, false))];
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
