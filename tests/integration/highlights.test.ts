// The APV highlights calls: list, search, sort, filters, capped counts, enable switches, downloads,
// always within the caller's publisher.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { HIGHLIGHT_SORT_COLUMNS, type Highlight } from '@hc/shared/api/highlights';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildArticle, buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
let publisherId: number;
let otherPublisherId: number;
const DAY = 86_400_000;

const get = (url: string, h = headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers: h });
const list = async (query: string) => {
  const response = await get(`highlights/index?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { highlights: Highlight[]; count: number; create_gif: boolean };
};

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId });
  headers = authOf(await login(t.app, user.email, user.password));

  const titles = [
    'Ronaldo scores twice in the derby',
    'Storm warning for the coast tonight',
    'Election night: the final count',
    'Ronaldo signs a new contract',
    'Tech giants report record quarter',
    'Local bakery wins national prize',
  ];
  for (const [i, title] of titles.entries()) {
    await buildHighlight(t.ctx.db, publisherId, {
      id: 1_000_001 + i,
      title,
      category: i % 2 === 0 ? 'sports' : 'news',
      publishedAt: new Date(Date.now() - i * 40 * DAY),
      nonUniqRegularClicks: [50, -1, 700, 20, 0, 300][i]!,
      regularCtr: [0.05, null, 0.2, 0, 0.01, 0.1][i]!,
      nonUniqIaClicks: [5, 60, 7, 80, 9, 10][i]!,
      iaCtr: [0.3, 0.2, null, 0.4, 0.5, 0.6][i]!,
      articleActive: i !== 3,
    });
  }
  // Another publisher's highlight with a title that would match every search.
  await buildHighlight(t.ctx.db, otherPublisherId, {
    id: 2_000_001,
    title: 'Ronaldo storm election tech bakery',
  });
  await t.ctx.db.insert(schema.settings).values({ publisherId, key: 'create_gif', value: 'true' });
});
afterAll(() => t.close());

describe('highlights/index', () => {
  it('lists only the caller publisher rows, newest first by default, with the spec fields', async () => {
    const data = await list('page=1&per=10');
    expect(data.count).toBe(6);
    expect(data.create_gif).toBe(true);
    expect(data.highlights.map((h) => h.highlight_id)).toEqual([
      1_000_001, 1_000_002, 1_000_003, 1_000_004, 1_000_005, 1_000_006,
    ]);
    const first = data.highlights[0]!;
    expect(first.video_url).toBe('/media/test/clip');
    expect(first.thumbnail).toBe('/media/test/clip.jpg');
    expect(typeof first.published_at).toBe('number');
    expect(first.published_at).toBeLessThan(Date.now() / 1000 + 1);
  });

  it('sorts on the server by every sortable column in both directions', async () => {
    const field: Record<string, keyof Highlight> = {
      date: 'published_at',
      non_uniq_regular_clicks: 'non_uniq_regular_clicks',
      regular_ctr: 'regular_ctr',
      non_uniq_ia__clicks: 'non_uniq_ia_clicks',
      ia_ctr: 'ia_ctr',
    };
    for (const column of HIGHLIGHT_SORT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const values = (await list(`order_by=${column}_${direction}&per=10`)).highlights.map(
          (h) => h[field[column]!] as number | null,
        );
        // Unknown figures (N/A: none, or the pipeline's -1) come last whichever way the column is sorted.
        const unknown = (v: number | null) => v === null || v < 0;
        const known = values.filter((v) => !unknown(v)) as number[];
        const sorted = [...known].sort((a, b) => (direction === 'asc' ? a - b : b - a));
        expect(values.slice(0, known.length), `${column}_${direction}`).toEqual(sorted);
        expect(values.slice(known.length).every(unknown), `${column}_${direction}: N/A last`).toBe(true);
      }
    }
  });

  it('pages with page and per', async () => {
    const page1 = await list('per=4&page=1');
    const page2 = await list('per=4&page=2');
    expect(page1.highlights).toHaveLength(4);
    expect(page2.highlights).toHaveLength(2);
    expect(new Set([...page1.highlights, ...page2.highlights].map((h) => h.highlight_id)).size).toBe(6);
  });

  it('filters by from_date, status and category', async () => {
    const from = new Date(Date.now() - 50 * DAY);
    const yyyymmdd = from.toISOString().slice(0, 10).replaceAll('-', '');
    expect((await list(`from_date=${yyyymmdd}`)).highlights.map((h) => h.highlight_id)).toEqual([
      1_000_001, 1_000_002,
    ]);
    expect((await list('status=deactivated')).highlights.map((h) => h.highlight_id)).toEqual([1_000_004]);
    expect((await list('status=active')).count).toBe(5);
    expect((await list('category=sports')).highlights.every((h) => h.category === 'sports')).toBe(true);
  });

  it('refuses bad input with 400 and a message', async () => {
    for (const query of [
      'per=1000',
      'page=0',
      'order_by=title_asc',
      'from_date=2024-01-01',
      'status=maybe',
      `category=${'c'.repeat(500)}`,
    ]) {
      const response = await get(`highlights/index?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('caps the count just above 1000 so the screen can say 1000+', async () => {
    const bulkPublisher = (await buildPublisher(t.ctx.db)).id;
    const article = await buildArticle(t.ctx.db, bulkPublisher);
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      id: 3_000_000 + i,
      publisherId: bulkPublisher,
      articleId: article.id,
      title: `Bulk highlight ${i}`,
      link: 'https://news.example/bulk',
      publishedAt: new Date(Date.now() - i * 1000),
      articleCreatedAt: new Date(),
      videoPath: 'test/clip.mp4',
      thumbnailPath: 'test/clip.jpg',
      durationSeconds: 5,
    }));
    await t.ctx.db.insert(schema.highlights).values(rows);
    const user = await buildUser(t.ctx.db, { publisherId: bulkPublisher });
    const bulkHeaders = authOf(await login(t.app, user.email, user.password));
    const response = await get('highlights/index?per=50&page=3', bulkHeaders);
    expect(response.json().data.count).toBe(1001);
    expect(response.json().data.highlights).toHaveLength(50);
  });
});

describe('highlights/search', () => {
  it('finds by full text within the publisher, ranked by relevance on desc', async () => {
    const response = await get('highlights/search?q=ronaldo&order_by=desc');
    const ids = response
      .json()
      .data.highlights.map((h: Highlight) => h.highlight_id)
      .sort();
    expect(ids).toEqual([1_000_001, 1_000_004]);
  });

  it('matches the last word as typed: a prefix, or a whole word by its stem; earlier words whole', async () => {
    const found = async (q: string) =>
      (await get(`highlights/search?q=${encodeURIComponent(q)}&order_by=desc`))
        .json()
        .data.highlights.map((h: Highlight) => h.highlight_id)
        .sort();
    expect(await found('Ronal')).toEqual([1_000_001, 1_000_004]);
    // 'ba' is a prefix of 'bakery'; 'the' a prefix of nothing here but a stop word, so it finds nothing.
    expect(await found('ba')).toEqual([1_000_006]);
    expect(await found('the')).toEqual([]);
    expect(await found('reports')).toEqual([1_000_005]);
    expect(await found('ronaldo sig')).toEqual([1_000_004]);
    expect(await found('signs ronal')).toEqual([1_000_004]);
    // Only the last word is a prefix: 'ron' alone would match, but as a finished word it does not.
    expect(await found('ron signs')).toEqual([]);
    // Text with no word in it matches nothing (and is no error).
    expect(await found('!!')).toEqual([]);
  });

  it('treats a purely numeric term as a highlight id', async () => {
    const data = (await get('highlights/search?q=1000003')).json().data;
    expect(data.highlights.map((h: Highlight) => h.highlight_id)).toEqual([1_000_003]);
    expect((await get('highlights/search?q=2000001')).json().data.count).toBe(0);
  });

  it('needs search text and bounds it', async () => {
    expect((await get('highlights/search?q=')).statusCode).toBe(400);
    expect((await get(`highlights/search?q=${'a'.repeat(1000)}`)).statusCode).toBe(400);
  });
});

describe('enable switches (dashboard v2 articles/{id})', () => {
  let switcher: Record<string, string>;
  beforeAll(async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['apv_article_admin'] });
    switcher = authOf(await login(t.app, user.email, user.password));
  });

  it('are refused (403) to a user who may only view the highlights, and change nothing', async () => {
    const [h] = (await list('per=1')).highlights;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/dashboard/articles/${h!.article_id}`,
      headers,
      payload: { apv_mode: 'regular', status: !h!.article_active },
    });
    expect(refused.statusCode).toBe(403);
    expect((await list('per=1')).highlights[0]!.article_active).toBe(h!.article_active);
  });

  it('updates article_active in regular mode and ia_article_active in article mode, persistently', async () => {
    const [h] = (await list('per=1')).highlights;
    const post = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/dashboard/articles/${h!.article_id}`,
        headers: switcher,
        payload: body,
      });
    const off = await post({ apv_mode: 'regular', status: false });
    expect(off.json()).toEqual({
      success: true,
      data: { article_id: h!.article_id, article_active: false, ia_article_active: true },
    });
    await post({ apv_mode: 'article', status: false });
    const after = (await list('per=1')).highlights[0]!;
    expect([after.article_active, after.ia_article_active]).toEqual([false, false]);
    await post({ apv_mode: 'regular', status: true });
    await post({ apv_mode: 'article', status: true });
  });

  it("answers 404 for another publisher's article and 400 for bad bodies", async () => {
    const foreign = await buildHighlight(t.ctx.db, otherPublisherId);
    const foreignResponse = await t.app.inject({
      method: 'POST',
      url: `/api/v2/dashboard/articles/${foreign.articleId}`,
      headers: switcher,
      payload: { apv_mode: 'regular', status: false },
    });
    expect(foreignResponse.statusCode).toBe(404);
    for (const payload of [
      {},
      { apv_mode: 'regular' },
      { apv_mode: 'web', status: true },
      { apv_mode: 'regular', status: 'yes' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/dashboard/articles/1',
        headers: switcher,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('highlights/audit_download', () => {
  it('streams the MP4 as an attachment and records the download', async () => {
    mkdirSync(path.join(t.dataDir, 'media', 'test'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media', 'test', 'clip.mp4'), Buffer.alloc(2048, 7));
    const [h] = (await list('per=1')).highlights;
    const response = await get(
      `highlights/audit_download?filename=My clip&article_id=${h!.article_id}&highlight_id=${h!.highlight_id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-disposition']).toBe('attachment; filename="My clip.mp4"');
    expect(response.rawPayload.length).toBe(2048);
    const audits = await t.ctx.db.select().from(schema.auditLog);
    expect(audits.some((a) => a.objectId === String(h!.highlight_id) && a.actionName === 'download')).toBe(
      true,
    );
  });

  it("answers 404 for another publisher's highlight or a mismatched article, 400 for a bad filename", async () => {
    const [h] = (await list('per=1')).highlights;
    expect(
      (await get(`highlights/audit_download?filename=x&article_id=${h!.article_id}&highlight_id=2000001`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`highlights/audit_download?filename=x&article_id=1&highlight_id=${h!.highlight_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `highlights/audit_download?filename=../../etc/passwd&article_id=${h!.article_id}&highlight_id=${h!.highlight_id}`,
        )
      ).statusCode,
    ).toBe(400);
  });
});
