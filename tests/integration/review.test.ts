// Auto Highlight Review: the pending queue (scope, filter, sort, paging), auto highlights (limit from
// settings), and submit_feedback with every form rule (422), bad input (400), foreign ids (404), roles
// (403), double reviews (409, sequential and concurrent), the transaction's rows and the count.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { AutoHighlights, PendingReviewList } from '@hc/shared/api/review';
import { reviewErrors } from '@hc/shared/api/review';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildArticle, buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';
import { actionHeaders } from '../support/locks.ts';

type Headers = Record<string, string>;
let t: TestApp;
let pubA: number;
let pubB: number;
let reviewer: Headers;
let reviewer2: Headers;
let admin: Headers;
let viewer: Headers;
let live: Headers;
let reviewerId: number;
/** Pending articles of A, oldest first; each has three highlights (scores 0.9, 0.5, 0.1). */
let pendingA: { id: number; title: string; highlights: number[] }[];
let pendingB: { id: number; highlights: number[] };
let doneA: number;
const DAY = 86_400_000;
const now = Date.now();

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const queue = async (query: string, headers = reviewer) => {
  const response = await call('GET', `articles/pending_review?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PendingReviewList;
};
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;

const good = (id: number) => ({ id, apv_quality: 0, apv_reason: null, tv_quality: 0, tv_reason: null });
const bad = (id: number, reason = 'bad cut') => ({
  id,
  apv_quality: 1,
  apv_reason: reason,
  tv_quality: 1,
  tv_reason: 'other',
});
/** As the web sends it: the article opened first, its lease's fence in x-lock-fence. */
const submit = async (body: unknown, headers = reviewer) => {
  const id = (body as { article_id?: unknown }).article_id;
  const fenced = await actionHeaders(t.app, headers, 'article', typeof id === 'number' ? id : null);
  return call('POST', 'highlights/submit_feedback', fenced, body);
};
const statusOf = async (articleId: number) => {
  const [row] = await t.ctx.db
    .select({ s: schema.articles.reviewStatus })
    .from(schema.articles)
    .where(eq(schema.articles.id, articleId));
  return row?.s;
};
const feedbackOf = (articleId: number) =>
  t.ctx.db
    .select()
    .from(schema.articleReviewFeedback)
    .where(eq(schema.articleReviewFeedback.articleId, articleId))
    .orderBy(schema.articleReviewFeedback.id);
const auditsOf = (articleId: number) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.objectType, 'article'), eq(schema.auditLog.objectId, String(articleId))));

async function pendingArticle(publisherId: number, ageDays: number, title: string) {
  const article = await buildArticle(t.ctx.db, publisherId, {
    reviewStatus: 'pending',
    title,
    createdAt: new Date(now - ageDays * DAY),
    featured: ageDays % 2 === 0,
  });
  const highlights = [];
  for (const score of [0.5, 0.9, 0.1]) {
    highlights.push(
      (await buildHighlight(t.ctx.db, publisherId, { articleId: article.id, recommendationScore: score })).id,
    );
  }
  // Best first: 0.9, 0.5, 0.1.
  return { id: article.id, title, highlights: [highlights[1]!, highlights[0]!, highlights[2]!] };
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.db;
  pubA = (await buildPublisher(db, { name: 'Alpha Daily' })).id;
  pubB = (await buildPublisher(db, { name: 'Beta Times' })).id;
  pendingA = [];
  const titles = ['Derby report', 'Budget vote', 'Storm warning', 'Cup draw', 'Election night', 'Zoo opens'];
  for (const [i, title] of titles.entries()) pendingA.push(await pendingArticle(pubA, 10 - i, title));
  pendingB = await pendingArticle(pubB, 3, 'Beta only');
  doneA = (await buildArticle(db, pubA, { reviewStatus: 'done' })).id;

  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(db, options);
    return { id: user.id, headers: authOf(await login(t.app, user.email, user.password)) };
  };
  const r = await session({ publisherId: pubA, roles: ['apv_article_admin'] });
  reviewer = r.headers;
  reviewerId = r.id;
  // Acts for B too, but holds the review role only at A.
  await db
    .insert(schema.userPublisherRoles)
    .values({ userId: r.id, publisherId: pubB, roles: ['switch_publisher'] });
  reviewer2 = (await session({ publisherId: pubA, roles: ['apv_article_admin'] })).headers;
  admin = (await session({ publisherId: pubA, isAdmin: true })).headers;
  viewer = (await session({ publisherId: pubA, roles: [] })).headers;
  live = (await session({ publisherId: pubA, roles: ['live_stream_publisher', 'switch_publisher'] })).headers;
});
afterAll(() => t.close());

describe('articles/pending_review', () => {
  it('lists the pending articles of the reviewed publishers, newest first, with the spec fields', async () => {
    const data = await queue('');
    expect(data.count).toBe(6);
    expect(data.articles.map((a) => a.title)).toEqual([
      'Zoo opens',
      'Election night',
      'Cup draw',
      'Storm warning',
      'Budget vote',
      'Derby report',
    ]);
    const zoo = pendingA[5]!;
    expect(data.articles[0]).toEqual({
      id: zoo.id,
      publisher_id: pubA,
      publisher_name: 'Alpha Daily',
      title: 'Zoo opens',
      created_at: expect.any(Number),
      featured: false,
      raw_url: `https://news.example/a/${zoo.id}`,
      highlight_id: zoo.highlights[0],
      // Issue 7's extra fields: nobody holds it.
      locked_by: null,
      lock_expires_at: null,
    });
    expect(data.articles.some((a) => a.id === doneA)).toBe(false);
  });

  it('sorts by title, id and publisher name in both directions and pages on the server', async () => {
    expect((await queue('sort_by=title&order_by=asc&per=2')).articles.map((a) => a.title)).toEqual([
      'Budget vote',
      'Cup draw',
    ]);
    expect((await queue('sort_by=title&order_by=asc&per=2&page=3')).articles.map((a) => a.title)).toEqual([
      'Storm warning',
      'Zoo opens',
    ]);
    const ids = (await queue('sort_by=id&order_by=desc&per=100')).articles.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byPublisher = await queue('sort_by=publisher_name&order_by=desc&per=100', admin);
    expect(byPublisher.articles[0]!.publisher_name).toBe('Beta Times');
    expect((await queue('sort_by=created_at&order_by=asc&per=1')).articles[0]!.title).toBe('Derby report');
  });

  it('answers only the count for page 0 or per 0', async () => {
    expect(await queue('page=0')).toEqual({ articles: [], count: 6 });
    expect(await queue('per=0')).toEqual({ articles: [], count: 6 });
  });

  it('lets admins see and filter any publisher, others only publishers where they review (else 404)', async () => {
    expect((await queue('', admin)).count).toBe(7);
    const beta = await queue(`publisher=${pubB}`, admin);
    expect(beta.articles.map((a) => a.id)).toEqual([pendingB.id]);
    expect((await queue(`publisher=${pubA}`)).count).toBe(6);
    expect((await call('GET', `articles/pending_review?publisher=${pubB}`, reviewer)).statusCode).toBe(404);
    expect((await call('GET', 'articles/pending_review?publisher=1999999999', admin)).statusCode).toBe(404);
  });

  it('refuses callers without apv_article_admin (403) before looking at the input', async () => {
    for (const headers of [viewer, live]) {
      const response = await call('GET', 'articles/pending_review?sort_by=nonsense', headers);
      expect(response.statusCode).toBe(403);
      expect(errorsOf(response)).toEqual([messages.forbidden]);
    }
    expect((await call('GET', 'articles/pending_review', {})).statusCode).toBe(401);
  });

  it.each([
    ['sort_by=nonsense'],
    ['order_by=up'],
    ['page=-1'],
    ['per=101'],
    ['per=x'],
    ['publisher=0'],
    ['publisher=abc'],
  ])('refuses bad input %s with 400', async (query) => {
    expect((await call('GET', `articles/pending_review?${query}`, reviewer)).statusCode).toBe(400);
  });
});

describe('highlights/auto_highlights', () => {
  it('answers the best highlights of the article up to the default limit of 2, in the highlights shape', async () => {
    const article = pendingA[0]!;
    const response = await call('GET', `highlights/auto_highlights?article_id=${article.id}`, reviewer);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as AutoHighlights;
    expect(data.limit).toBe(2);
    expect(data.article_id).toBe(article.id);
    expect(data.highlights.map((h) => h.highlight_id)).toEqual(article.highlights.slice(0, 2));
    expect(data.highlights[0]).toMatchObject({ article_id: article.id, recommendation_score: 0.9 });
    expect(data.highlights[0]!.video_url).not.toMatch(/\.mp4$/);
  });

  it("answers 404 for another publisher's article and unknown ones, 400 for bad ids, 403 without the role", async () => {
    expect(
      (await call('GET', `highlights/auto_highlights?article_id=${pendingB.id}`, reviewer)).statusCode,
    ).toBe(404);
    expect((await call('GET', 'highlights/auto_highlights?article_id=12345', reviewer)).statusCode).toBe(404);
    expect((await call('GET', 'highlights/auto_highlights', reviewer)).statusCode).toBe(400);
    expect((await call('GET', 'highlights/auto_highlights?article_id=x', reviewer)).statusCode).toBe(400);
    expect(
      (await call('GET', `highlights/auto_highlights?article_id=${pendingA[0]!.id}`, viewer)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `highlights/auto_highlights?article_id=${pendingB.id}`, admin)).statusCode,
    ).toBe(200);
  });
});

describe('highlights/submit_feedback: form rules (422)', () => {
  const article = () => pendingA[0]!;
  const [h1, h2] = [() => article().highlights[0]!, () => article().highlights[1]!];

  it.each([
    ['a shown highlight is not rated', () => [good(h1())], () => reviewErrors.notRated(h2())],
    [
      'a rating is missing',
      () => [good(h1()), { ...good(h2()), tv_quality: null }],
      () => reviewErrors.notRated(h2()),
    ],
    [
      'Bad has no APV reason',
      () => [good(h1()), { ...bad(h2()), apv_reason: null }],
      () => reviewErrors.badNeedsReason(h2()),
    ],
    [
      'Bad keeps TV Yes',
      () => [good(h1()), { ...bad(h2()), tv_quality: 0, tv_reason: null }],
      () => reviewErrors.badNeedsTvNo(h2()),
    ],
    [
      'Bad has no TV reason',
      () => [good(h1()), { ...bad(h2()), tv_reason: null }],
      () => reviewErrors.badNeedsTvNo(h2()),
    ],
    [
      'Good keeps an APV reason',
      () => [{ ...good(h1()), apv_reason: 'graphics' }, good(h2())],
      () => reviewErrors.goodHasReason(h1()),
    ],
    [
      'TV Yes keeps a TV reason',
      () => [{ ...good(h1()), tv_reason: 'other' }, good(h2())],
      () => reviewErrors.tvYesHasReason(h1()),
    ],
    [
      'an APV reason is unknown',
      () => [good(h1()), bad(h2(), 'looks odd')],
      () => reviewErrors.unknownApvReason('looks odd'),
    ],
    [
      'a TV reason is unknown',
      () => [good(h1()), { ...bad(h2()), tv_reason: 'Other' }],
      () => reviewErrors.unknownTvReason('Other'),
    ],
    [
      'a highlight is rated twice',
      () => [good(h1()), good(h2()), good(h1())],
      () => reviewErrors.duplicate(h1()),
    ],
  ])('answers 422 when %s, and changes nothing', async (_name, feedback, message) => {
    for (const action_type of ['done', 'reject']) {
      const response = await submit({ article_id: article().id, action_type, feedback: feedback() });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response)).toEqual([message()]);
    }
    expect(await statusOf(article().id)).toBe('pending');
    expect(await feedbackOf(article().id)).toEqual([]);
  });
});

describe('highlights/submit_feedback: input, scope and roles', () => {
  const article = () => pendingA[0]!;
  const valid = () => ({
    article_id: article().id,
    action_type: 'done',
    feedback: [good(article().highlights[0]!), good(article().highlights[1]!)],
  });

  it.each([
    ['no feedback list', () => ({ article_id: article().id, action_type: 'done' })],
    ['no action', () => ({ ...valid(), action_type: undefined })],
    ['an unknown action', () => ({ ...valid(), action_type: 'approve' })],
    ['a string article id', () => ({ ...valid(), article_id: 'x' })],
    ['a rating given as a word', () => ({ ...valid(), feedback: [{ ...good(1), apv_quality: 'good' }] })],
    ['a rating of 2', () => ({ ...valid(), feedback: [{ ...good(1), tv_quality: 2 }] })],
    ['a missing reason field', () => ({ ...valid(), feedback: [{ id: 1, apv_quality: 0, tv_quality: 0 }] })],
    ['a huge reason', () => ({ ...valid(), feedback: [{ ...bad(1), apv_reason: 'x'.repeat(5000) }] })],
    ['too many entries', () => ({ ...valid(), feedback: Array.from({ length: 51 }, (_, i) => good(i + 1)) })],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await submit(body());
    expect(response.statusCode, response.body).toBe(400);
    expect(await statusOf(article().id)).toBe('pending');
  });

  it('answers 404 for articles and highlights the caller does not review', async () => {
    const foreign = {
      article_id: pendingB.id,
      action_type: 'done',
      feedback: pendingB.highlights.slice(0, 2).map(good),
    };
    expect((await submit(foreign)).statusCode).toBe(404);
    expect((await submit({ ...valid(), article_id: 4242 })).statusCode).toBe(404);
    const alien = { ...valid(), feedback: [...valid().feedback, good(pendingB.highlights[0]!)] };
    expect((await submit(alien)).statusCode).toBe(404);
    expect((await submit({ ...valid(), highlight_id: pendingA[1]!.highlights[0] })).statusCode).toBe(404);
    expect(await statusOf(pendingB.id)).toBe('pending');
  });

  it('refuses callers without apv_article_admin (403)', async () => {
    for (const headers of [viewer, live]) expect((await submit(valid(), headers)).statusCode).toBe(403);
    expect((await submit(valid(), {})).statusCode).toBe(401);
    expect(await statusOf(article().id)).toBe('pending');
  });
});

describe('highlights/submit_feedback: reviews', () => {
  it('stores each rating with action and reviewer, marks the article done, audits it and returns the new count', async () => {
    const article = pendingA[0]!;
    const before = (await queue('page=0')).count;
    const [first, second, third] = article.highlights;
    const response = await submit({
      article_id: article.id,
      action_type: 'done',
      highlight_id: first,
      // The third highlight is not shown (limit 2) but may be rated too.
      feedback: [
        good(first!),
        bad(second!, "content doesn't match title"),
        { ...good(third!), tv_quality: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { article_id: article.id, remaining: before - 1 },
    });
    expect((await queue('page=0')).count).toBe(before - 1);
    expect((await queue('per=100')).articles.some((a) => a.id === article.id)).toBe(false);
    expect(await statusOf(article.id)).toBe('done');

    const rows = await feedbackOf(article.id);
    expect(
      rows.map((r) => [
        r.highlightId,
        r.apvQuality,
        r.apvReason,
        r.tvQuality,
        r.tvReason,
        r.actionType,
        r.userId,
      ]),
    ).toEqual([
      [first, 0, null, 0, null, 'done', reviewerId],
      [second, 1, "content doesn't match title", 1, 'other', 'done', reviewerId],
      [third, 0, null, 1, null, 'done', reviewerId],
    ]);
    const audits = await auditsOf(article.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actionName: 'done', publisherId: pubA, userId: reviewerId });
    expect(audits[0]!.payload).toMatchObject({
      before: { review_status: 'pending' },
      after: { review_status: 'done' },
      highlight_id: first,
    });
  });

  it('answers 409 to a second review of the same article and keeps the first one', async () => {
    const article = pendingA[0]!;
    const again = await submit(
      { article_id: article.id, action_type: 'reject', feedback: article.highlights.slice(0, 2).map(good) },
      reviewer2,
    );
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([reviewErrors.alreadyReviewed]);
    expect(await statusOf(article.id)).toBe('done');
    expect(await feedbackOf(article.id)).toHaveLength(3);
    expect(await auditsOf(article.id)).toHaveLength(1);
    expect((await submit({ article_id: doneA, action_type: 'manual', feedback: [] })).statusCode).toBe(409);
  });

  it('lets exactly one of three concurrent reviews succeed; the others get 409', async () => {
    const article = pendingA[1]!;
    const body = (reason: string) => ({
      article_id: article.id,
      action_type: 'reject',
      feedback: [bad(article.highlights[0]!, reason), good(article.highlights[1]!)],
    });
    const responses = await Promise.all([
      submit(body('graphics'), reviewer),
      submit(body('static images'), reviewer2),
      submit(body('bad cut'), admin),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await statusOf(article.id)).toBe('rejected');
    const rows = await feedbackOf(article.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(1);
    expect(await auditsOf(article.id)).toHaveLength(1);
  });

  it('maps reject to rejected and manual to manual; manual needs no ratings', async () => {
    const rejected = pendingA[2]!;
    const r = await submit({
      article_id: rejected.id,
      action_type: 'reject',
      feedback: [bad(rejected.highlights[0]!, 'not interesting'), bad(rejected.highlights[1]!, 'other')],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await statusOf(rejected.id)).toBe('rejected');

    const manual = pendingA[3]!;
    const before = (await queue('page=0')).count;
    const m = await submit({ article_id: manual.id, action_type: 'manual', feedback: [] });
    expect(m.statusCode, m.body).toBe(200);
    expect(m.json().data.remaining).toBe(before - 1);
    expect(await statusOf(manual.id)).toBe('manual');
    expect(await feedbackOf(manual.id)).toEqual([]);
    expect((await auditsOf(manual.id))[0]).toMatchObject({ actionName: 'manual' });
  });

  it("lets admins review another publisher's article; the remaining count covers every publisher", async () => {
    const before = (await queue('page=0', admin)).count;
    const response = await submit(
      { article_id: pendingB.id, action_type: 'done', feedback: pendingB.highlights.slice(0, 2).map(good) },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.remaining).toBe(before - 1);
  });
});

describe('numberOfAlgoSuggestions', () => {
  it('limits auto highlights by the publisher setting, else the global one, else 2', async () => {
    const article = pendingA[4]!;
    const limitOf = async () =>
      (
        (await call('GET', `highlights/auto_highlights?article_id=${article.id}`, reviewer)).json()
          .data as AutoHighlights
      ).highlights.length;
    expect(await limitOf()).toBe(2);
    await t.ctx.db
      .insert(schema.settings)
      .values({ publisherId: null, key: 'numberOfAlgoSuggestions', value: '3' });
    expect(await limitOf()).toBe(3);
    await t.ctx.db
      .insert(schema.settings)
      .values({ publisherId: pubA, key: 'numberOfAlgoSuggestions', value: '1' });
    expect(await limitOf()).toBe(1);

    // With a limit of 1 only the best highlight must be rated.
    const response = await submit({
      article_id: article.id,
      action_type: 'done',
      feedback: [good(article.highlights[0]!)],
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
