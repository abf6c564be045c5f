// Keyset paging of the highlight list: walking next_cursor page by page gives exactly the rows of the
// OFFSET listing, in every sort and direction, with ties and unknown (null) CTRs and (-1) counts, under a
// filter; going up, the unknown figures (N/A) come after every known one, each run read from the column's
// index (the plans sort nothing).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@hc/db/client';
import { highlightListQuerySchema, type HighlightSortColumn } from '@hc/shared/api/highlights';
import { rawQueryOf } from '@hc/db/raw-query';
import { HighlightRepository } from '../../apps/server/src/features/highlights/repo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHighlightCursor, HIGHLIGHT_SORT_COLUMNS, type HighlightList } from '@hc/shared/api/highlights';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { schema } from '@hc/db/schema';
import { buildArticle, buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
let otherPublisherHighlightId: number;
let publisherId: number;
const ROWS = 23;

const list = async (path: string, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/editor/${path}?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as HighlightList;
};

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId });
  headers = authOf(await login(t.app, user.email, user.password));
  const article = await buildArticle(t.ctx.db, publisherId);
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    await buildHighlight(t.ctx.db, publisherId, {
      id: 3_000_000 + i,
      articleId: article.id,
      title: `Cursor walk ${i}`,
      // Few distinct values: most rows tie with others on the sort column and are ordered by id.
      publishedAt: new Date(base + (i % 4) * 3_600_000),
      nonUniqRegularClicks: i % 7 === 6 ? -1 : i % 5,
      regularCtr: i % 3 === 0 ? null : i % 7 === 6 ? -1 : (i % 4) / 100,
      nonUniqIaClicks: i % 8 === 3 ? -1 : (i * 7) % 6,
      iaCtr: i % 4 === 1 ? null : i % 9 === 8 ? -1 : (i % 3) / 10,
      articleActive: i % 6 !== 5,
    });
  }
  // Microseconds apart, which a JavaScript Date cannot hold: the cursor must not lose them.
  await t.ctx.db.execute(
    sql`update highlights set published_at = published_at + (id % 3) * interval '1 microsecond' where publisher_id = ${publisherId}`,
  );
  const other = await buildPublisher(t.ctx.db);
  otherPublisherHighlightId = (await buildHighlight(t.ctx.db, other.id, { id: 3_900_000 })).id;
});
afterAll(() => t.close());

const orders = HIGHLIGHT_SORT_COLUMNS.flatMap((c) => [`${c}_desc`, `${c}_asc`]);

describe('highlights/index with a cursor', () => {
  it.each(orders)('walks %s exactly as the OFFSET pages do', async (order) => {
    for (const filter of ['', '&status=active']) {
      const all = await list('highlights/index', `order_by=${order}&per=100${filter}`);
      expect(all.highlights.length).toBeGreaterThan(15);
      const walked: number[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const page = await list(
          'highlights/index',
          `order_by=${order}&per=4${filter}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...page.highlights.map((h) => h.highlight_id));
        expect(page.count).toBe(all.count);
        cursor = page.next_cursor;
        pages++;
      } while (cursor && pages < 20);
      expect(walked).toEqual(all.highlights.map((h) => h.highlight_id));
    }
  });

  it('ignores page when a cursor is given, and a full last page still ends with an empty one', async () => {
    const first = await list('highlights/index', 'order_by=date_desc&per=10');
    const second = await list(
      'highlights/index',
      `order_by=date_desc&per=10&page=7&cursor=${first.next_cursor}`,
    );
    const byOffset = await list('highlights/index', 'order_by=date_desc&per=10&page=2');
    expect(second.highlights.map((h) => h.highlight_id)).toEqual(
      byOffset.highlights.map((h) => h.highlight_id),
    );
    const whole = await list('highlights/index', `order_by=date_desc&per=${ROWS}`);
    expect(whole.highlights).toHaveLength(ROWS);
    const after = await list('highlights/index', `order_by=date_desc&per=10&cursor=${whole.next_cursor}`);
    expect(after.highlights).toEqual([]);
    expect(after.next_cursor).toBeNull();
    // Past the end no row carries the count and the setting: they are read on their own.
    expect(after.count).toBe(ROWS);
    expect(after.create_gif).toBe(false);
  });

  it('falls back to the page number for a cursor of another sort column', async () => {
    const byClicks = await list('highlights/index', 'order_by=non_uniq_regular_clicks_desc&per=5');
    const page = await list(
      'highlights/index',
      `order_by=date_desc&per=5&page=2&cursor=${byClicks.next_cursor}`,
    );
    const byOffset = await list('highlights/index', 'order_by=date_desc&per=5&page=2');
    expect(page.highlights.map((h) => h.highlight_id)).toEqual(
      byOffset.highlights.map((h) => h.highlight_id),
    );
  });

  it("compares only the caller's rows with a cursor naming another publisher's highlight", async () => {
    // The cursor carries its own value: the named row is never read, and the page is the caller's rows
    // after that position (here every one of them: the value is the far future).
    const cursor = encodeHighlightCursor({
      column: 'date',
      afterId: otherPublisherHighlightId,
      value: String(Date.UTC(2100, 0, 1) * 1000),
    });
    const page = await list('highlights/index', `order_by=date_desc&per=${ROWS}&cursor=${cursor}`);
    const own = await list('highlights/index', `order_by=date_desc&per=${ROWS}`);
    expect(page.highlights.map((h) => h.highlight_id)).toEqual(own.highlights.map((h) => h.highlight_id));
    expect(page.highlights.map((h) => h.highlight_id)).not.toContain(otherPublisherHighlightId);
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['abc', 'h1.', 'h1.-5', 'h1.abc', 'h2.0.abc.1.5', 'h2.2.abc.1e400', "h2.0.abc.1'"]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/editor/highlights/index?cursor=${encodeURIComponent(cursor)}`,
        headers,
      });
      expect(response.statusCode, cursor).toBe(400);
    }
  });

  it('search pages by cursor in a column order and gives none in relevance order', async () => {
    const byDate = await list('highlights/search', 'q=cursor&order_by=date_asc&per=5');
    expect(byDate.next_cursor).toEqual(expect.any(String));
    const next = await list(
      'highlights/search',
      `q=cursor&order_by=date_asc&per=5&cursor=${byDate.next_cursor}`,
    );
    const byOffset = await list('highlights/search', 'q=cursor&order_by=date_asc&per=5&page=2');
    expect(next.highlights.map((h) => h.highlight_id)).toEqual(
      byOffset.highlights.map((h) => h.highlight_id),
    );
    const relevance = await list('highlights/search', 'q=cursor&order_by=desc&per=5');
    expect(relevance.highlights).toHaveLength(5);
    expect(relevance.next_cursor).toBeNull();
  });
});

describe('unknown figures (N/A) last, going up too', () => {
  type Row = HighlightList['highlights'][number];
  const FIGURES: { column: HighlightSortColumn; value: (h: Row) => number | null }[] = [
    { column: 'non_uniq_regular_clicks', value: (h) => h.non_uniq_regular_clicks },
    { column: 'regular_ctr', value: (h) => h.regular_ctr },
    { column: 'non_uniq_ia__clicks', value: (h) => h.non_uniq_ia_clicks },
    { column: 'ia_ctr', value: (h) => h.ia_ctr },
  ];
  const unknown = (v: number | null) => v === null || v < 0;

  it.each(FIGURES)(
    '$column: pages going up (cursor and page numbers) end with every N/A row',
    async ({ column, value }) => {
      for (const direction of ['asc', 'desc'] as const) {
        const order = `${column}_${direction}`;
        const walked: Row[] = [];
        let cursor: string | null | undefined;
        do {
          const page = await list(
            'highlights/index',
            `order_by=${order}&per=4${cursor ? `&cursor=${cursor}` : ''}`,
          );
          walked.push(...page.highlights);
          cursor = page.next_cursor;
        } while (cursor && walked.length <= ROWS);
        const byNumber: Row[] = [];
        for (let page = 1; page <= Math.ceil(ROWS / 4); page++) {
          byNumber.push(
            ...(await list('highlights/index', `order_by=${order}&per=4&page=${page}`)).highlights,
          );
        }
        expect(byNumber.map((h) => h.highlight_id)).toEqual(walked.map((h) => h.highlight_id));
        expect(new Set(walked.map((h) => h.highlight_id)).size).toBe(ROWS);

        const values = walked.map(value);
        const firstUnknown = values.findIndex(unknown);
        expect(firstUnknown, `${order}: some rows are N/A`).toBeGreaterThan(0);
        expect(values.slice(firstUnknown).every(unknown), `${order}: ${JSON.stringify(values)}`).toBe(true);
        const known = values.slice(0, firstUnknown) as number[];
        const sorted = [...known].sort((a, b) => (direction === 'asc' ? a - b : b - a));
        expect(known).toEqual(sorted);
      }
    },
  );

  it('reads each run going up from the column index: no plan sorts', async () => {
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 });
    const captured: { query: string; params: unknown[] }[] = [];
    const db = drizzle(pool) as unknown as Db;
    const run = rawQueryOf(db);
    const repo = new HighlightRepository(db, (query, params) => {
      captured.push({ query, params: [...params] });
      return run(query, params);
    });
    try {
      for (const { column } of FIGURES) {
        const first = await repo.list(
          publisherId,
          highlightListQuerySchema.parse({ order_by: `${column}_asc`, per: '4' }),
        );
        // A page past the known run (page numbers), and a cursor inside each run.
        await repo.list(
          publisherId,
          highlightListQuerySchema.parse({ order_by: `${column}_asc`, per: '4', page: '6' }),
        );
        await repo.list(
          publisherId,
          highlightListQuerySchema.parse({ order_by: `${column}_asc`, per: '4', cursor: first.nextCursor! }),
        );
      }
      expect(captured.length).toBeGreaterThan(12);
      const client = await pool.connect();
      try {
        // A table this small would be read whole: with scans and sorts priced out, a plan still sorting
        // is one no index can serve.
        await client.query('set enable_seqscan = off');
        await client.query('set enable_sort = off');
        for (const { query, params } of captured) {
          const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`, params)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          // The page's rows are picked under a Limit: that part must walk an index. Only the page
          // itself (at most `per` rows, read by id) may be put in order above it.
          expect(plan, plan).not.toMatch(/Seq Scan on highlights/);
          expect(sortsUnderALimit(plan), plan).toEqual([]);
        }
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});

/** The Sort nodes of a text plan that sit inside a Limit's subtree (by indentation). */
function sortsUnderALimit(plan: string): string[] {
  const lines = plan.split('\n');
  const indent = (line: string) => line.length - line.trimStart().replace(/^->\s*/, '').length;
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!/\bLimit\b/.test(line)) return;
    const depth = indent(line);
    for (const below of lines.slice(i + 1)) {
      if (indent(below) <= depth) break;
      if (/\bSort\b/.test(below) && !/Sort Key|Sort Method/.test(below)) found.push(below.trim());
    }
  });
  return found;
}

describe('highlights/search in relevance order', () => {
  it('ranks the newest 1,001 matches: the most the screen lists', async () => {
    const publisherId = (await buildPublisher(t.ctx.db)).id;
    const article = await buildArticle(t.ctx.db, publisherId);
    const now = Date.now();
    // 1,100 matches, newest first by id; the strongest match (the term three times) is the oldest, and a
    // second strong one is among the newest.
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      id: 4_000_000 + i,
      publisherId,
      articleId: article.id,
      title: i === 0 || i === 1050 ? 'Marathon marathon marathon record' : `Marathon report ${i}`,
      link: 'https://news.example/marathon',
      publishedAt: new Date(now - (1100 - i) * 60_000),
      articleCreatedAt: new Date(now),
      videoPath: 'test/clip.mp4',
      thumbnailPath: 'test/clip.jpg',
      durationSeconds: 5,
    }));
    await t.ctx.db.insert(schema.highlights).values(rows);
    const user = await buildUser(t.ctx.db, { publisherId });
    const own = authOf(await login(t.app, user.email, user.password));
    const search = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/editor/highlights/search?${query}`,
        headers: own,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as HighlightList;
    };
    const first = await search('q=marathon&order_by=desc&per=5');
    expect(first.count).toBe(1001);
    expect(first.highlights[0]!.highlight_id).toBe(4_001_050);
    // The oldest strong match is beyond the newest 1,001 and is not ranked; the pages end at row 1,001.
    const ranked: number[] = [];
    for (let page = 1; page <= 11; page++) {
      ranked.push(
        ...(await search(`q=marathon&order_by=desc&per=100&page=${page}`)).highlights.map(
          (h) => h.highlight_id,
        ),
      );
    }
    expect(ranked).toHaveLength(1001);
    expect(ranked).not.toContain(4_000_000);
    expect(Math.min(...ranked)).toBe(4_000_099);
  });

  it('finds the newest matches of a common, a middling and a rare word alike', async () => {
    // 5,000 highlights, newest first by id: 'relay' in every fourth (1,250 matches: the newest 1,001 lie
    // deeper than the first 4,000 rows), 'zebra' in 30 spread over all of them (one among the oldest).
    const publisherId = (await buildPublisher(t.ctx.db)).id;
    const article = await buildArticle(t.ctx.db, publisherId);
    const now = Date.now();
    const total = 5_000;
    const zebra = new Set(Array.from({ length: 30 }, (_, k) => k * 166 + 3));
    const rows = Array.from({ length: total }, (_, i) => ({
      id: 4_100_000 + i,
      publisherId,
      articleId: article.id,
      title: `${i % 4 === 0 ? 'Relay' : 'Sprint'} heat ${zebra.has(i) ? 'zebra crossing' : 'lane'} ${i}`,
      link: 'https://news.example/heats',
      publishedAt: new Date(now - (total - i) * 60_000),
      articleCreatedAt: new Date(now),
      videoPath: 'test/clip.mp4',
      thumbnailPath: 'test/clip.jpg',
      durationSeconds: 5,
    }));
    await t.ctx.db.insert(schema.highlights).values(rows);
    const user = await buildUser(t.ctx.db, { publisherId });
    const own = authOf(await login(t.app, user.email, user.password));
    const ranked = async (q: string) => {
      const ids: number[] = [];
      let count = 0;
      for (let page = 1; page <= 11; page++) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/editor/highlights/search?q=${q}&order_by=desc&per=100&page=${page}`,
          headers: own,
        });
        expect(response.statusCode, response.body).toBe(200);
        const data = response.json().data as HighlightList;
        count = data.count;
        ids.push(...data.highlights.map((h) => h.highlight_id));
      }
      return { count, ids: ids.sort((a, b) => a - b) };
    };
    const newest = (match: (i: number) => boolean, n: number) =>
      rows
        .filter((_, i) => match(i))
        .map((r) => r.id)
        .slice(-n);

    const relay = await ranked('rel'); // typed: a prefix of 'relay'
    expect(relay.count).toBe(1001);
    expect(relay.ids).toEqual(newest((i) => i % 4 === 0, 1001));
    const rare = await ranked('zebra');
    expect(rare.count).toBe(30);
    expect(rare.ids).toEqual(newest((i) => zebra.has(i), 30));
    const both = await ranked('relay%20zeb');
    const relayZebra = (i: number) => i % 4 === 0 && zebra.has(i);
    expect(both.count).toBe(newest(relayZebra, 1001).length);
    expect(both.ids).toEqual(newest(relayZebra, 1001));
  });
});
