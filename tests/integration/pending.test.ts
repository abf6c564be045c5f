// Menu badge counts (pending_counts, vertical_tasks/count) per role, the count dropping after a review,
// and the settings list (global values overlaid by the caller publisher's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { PendingCounts } from '@hc/shared/api/pending';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildArticle, buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';
import { withLock } from '../support/locks.ts';

type Headers = Record<string, string>;
let t: TestApp;
let pubA: number;
let pubB: number;
let viewer: Headers;
let reviewer: Headers;
let switcher: Headers;
let admin: Headers;
let pendingIds: number[];
const DAY = 86_400_000;

const get = (url: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });
const counts = async (headers: Headers) => {
  const response = await get('pending_counts', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PendingCounts;
};
const taskCount = async (query: string, headers: Headers) => {
  const response = await get(`vertical_tasks/count?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { tasksCount: number }).tasksCount;
};

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.db;
  pubA = (await buildPublisher(db)).id;
  pubB = (await buildPublisher(db)).id;
  pendingIds = [];
  for (let i = 0; i < 3; i++) {
    const article = await buildArticle(db, pubA, { reviewStatus: 'pending' });
    await buildHighlight(db, pubA, { articleId: article.id });
    pendingIds.push(article.id);
  }
  await buildArticle(db, pubA, { reviewStatus: 'done' });
  await buildArticle(db, pubB, { reviewStatus: 'pending' });

  let videoId = 900;
  const task = (
    publisherId: number,
    contentType: 'highlight' | 'full_video',
    status: string,
    ageDays: number,
  ) => ({
    videoId: ++videoId,
    publisherId,
    contentType,
    status: status as 'review',
    title: `Task ${videoId}`,
    srcVideoPath: 'demo/src.mp4',
    durationSeconds: 10,
    createdAt: new Date(Date.now() - ageDays * DAY),
  });
  await db.insert(schema.verticalTasks).values([
    task(pubA, 'highlight', 'review', 1),
    task(pubA, 'highlight', 'review', 5),
    task(pubA, 'highlight', 'ready', 1),
    task(pubA, 'highlight', 'review', 200), // outside the 120-day look-back
    task(pubA, 'full_video', 'review', 2),
    task(pubB, 'full_video', 'review', 2),
  ]);
  await db.insert(schema.settings).values([
    { publisherId: null, key: 'numberOfAlgoSuggestions', value: '3' },
    { publisherId: null, key: 'create_gif', value: 'false' },
    { publisherId: pubA, key: 'create_gif', value: 'true' },
    { publisherId: pubB, key: 'numberOfAlgoSuggestions', value: '5' },
  ]);

  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  viewer = await session({ publisherId: pubA });
  reviewer = await session({ publisherId: pubA, roles: ['apv_article_admin'] });
  switcher = await session({ publisherId: pubA, roles: ['switch_publisher'] });
  admin = await session({ publisherId: pubA, isAdmin: true });
});
afterAll(() => t.close());

describe('pending_counts', () => {
  it('gives each count only to the roles that reach its queue; others get 0', async () => {
    expect(await counts(viewer)).toEqual({
      autoHighlightReview: 0,
      verticalFullContent: 0,
      verticalHighlight: 0,
      tasksTotal: 0,
    });
    expect(await counts(reviewer)).toEqual({
      autoHighlightReview: 3,
      verticalFullContent: 0,
      verticalHighlight: 0,
      tasksTotal: 3,
    });
    expect(await counts(switcher)).toEqual({
      autoHighlightReview: 0,
      verticalFullContent: 1,
      verticalHighlight: 2,
      tasksTotal: 3,
    });
    // Admins review every publisher; vertical counts stay those of the publisher they act for.
    expect(await counts(admin)).toEqual({
      autoHighlightReview: 4,
      verticalFullContent: 1,
      verticalHighlight: 2,
      tasksTotal: 7,
    });
  });

  it('drops by one after a review', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/highlights/submit_feedback',
      headers: await withLock(t.app, reviewer, 'article', pendingIds[0]!),
      payload: { article_id: pendingIds[0], action_type: 'manual', feedback: [] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.remaining).toBe(2);
    expect((await counts(reviewer)).autoHighlightReview).toBe(2);
    expect((await counts(admin)).autoHighlightReview).toBe(3);
  });

  it('needs a session', async () => {
    expect((await get('pending_counts', {})).statusCode).toBe(401);
  });
});

describe('vertical_tasks/count', () => {
  it('counts review tasks of the look-back per content type for switch_publisher and admin, 0 for others', async () => {
    expect(await taskCount('content_type=highlight', switcher)).toBe(2);
    expect(await taskCount('content_type=full_video', switcher)).toBe(1);
    expect(await taskCount('', switcher)).toBe(3);
    expect(await taskCount('content_type=highlight', admin)).toBe(2);
    expect(await taskCount('content_type=highlight', viewer)).toBe(0);
    expect(await taskCount('content_type=full_video', reviewer)).toBe(0);
  });

  it('refuses an unknown content type with 400 and a missing session with 401', async () => {
    expect((await get('vertical_tasks/count?content_type=reel', switcher)).statusCode).toBe(400);
    expect((await get('vertical_tasks/count', {})).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('lists global settings overlaid by the caller publisher, one per key, sorted by key', async () => {
    const response = await get('settings?limit=1000', viewer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { key: 'create_gif', value: 'true' },
      { key: 'numberOfAlgoSuggestions', value: '3' },
    ]);
    expect((await get('settings?limit=1', viewer)).json().data).toEqual([
      { key: 'create_gif', value: 'true' },
    ]);
  });

  it('refuses a limit outside 1..1000 and needs a session', async () => {
    for (const q of ['limit=0', 'limit=5000', 'limit=x'])
      expect((await get(`settings?${q}`, viewer)).statusCode).toBe(400);
    expect((await get('settings', {})).statusCode).toBe(401);
  });
});
