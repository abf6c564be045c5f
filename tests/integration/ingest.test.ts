// The ingest API: service tokens from the operator CLI, bearer-only authentication,
// idempotent upserts by external id for every kind, all-or-none batches, references, validation, the
// pushed pending counts, and ingested vertical tasks opening through the editor's own routes.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import type { PendingCounts } from '@hc/shared/api/pending';
import { ingestErrors } from '@hc/shared/api/ingest';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { QUEUES } from '@hc/shared/queues';
import { runTokensCommand, UsageError } from '../../apps/server/src/cli/service-tokens.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import { collect, connectAs, connectLive, listeningUrl, type LiveClient } from '../support/live-client.ts';
import { withLock } from '../support/locks.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { keyframeFileFor, SOURCE } from '../support/vertical-factories.ts';

let t: TestApp;
/** Render jobs of this suite go to their own BullMQ key space (no worker takes them). */
const jobsPrefix = `hc-test-ingest-${randomBytes(4).toString('hex')}`;
let pubA: number;
let pubB: number;
let tokenA: string;
let tokenB: string;
let reviewerA: { 'x-user-email': string; 'x-user-token': string };
const sockets: LiveClient[] = [];

type Body = Record<string, unknown>;
const put = (token: string, url: string, payload: Body) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ingest/v1/${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const batch = (token: string, payload: Body) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const okData = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number; created: boolean; changed: boolean } }).data;
};

/** Runs the CLI's command and returns what it printed. */
async function tokensCli(...args: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runTokensCommand(args, t.ctx.db, (line) => lines.push(line));
  return lines;
}
const tokenOf = (lines: string[]) => /(hcs_\S+)$/.exec(lines.join('\n'))![1]!;

const article = (overrides: Body = {}) => ({
  title: 'Storm hits the coast',
  url: 'https://news.example/storm',
  needs_review: true,
  ...overrides,
});
const highlight = (articleExternalId: string, overrides: Body = {}) => ({
  article_external_id: articleExternalId,
  title: 'Storm hits the coast: the waves',
  category: 'weather',
  link: 'https://news.example/storm',
  published_at: '2026-11-25T10:00:00Z',
  video: 'demo/clip-01.mp4',
  thumbnail: 'demo/clip-01.jpg',
  duration_seconds: 6.7,
  recommendation_score: 0.8,
  metrics: { non_uniq_regular_impressions: 1000, non_uniq_regular_clicks: 12 },
  ...overrides,
});
const task = (overrides: Body = {}) => ({
  content_type: 'highlight',
  title: 'Cup final: goal 1',
  source: {
    video: 'test/vertical-source.mp4',
    duration_seconds: SOURCE.seconds,
    width: SOURCE.width,
    height: SOURCE.height,
    fps: SOURCE.fps,
  },
  suggestions: [
    { external_id: 's1', start_time: 2, end_time: 10, active: true, keyframe: keyframeFileFor(48, 239) },
    { external_id: 's2', start_time: 4, end_time: 10.5, source: 3, keyframe: keyframeFileFor(96, 251) },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp({}, { jobsPrefix });
  pubA = (await buildPublisher(t.ctx.db)).id;
  pubB = (await buildPublisher(t.ctx.db)).id;
  tokenA = tokenOf(await tokensCli('create', '--name', 'pipeline A', '--publisher', String(pubA)));
  tokenB = tokenOf(await tokensCli('create', '--name', 'pipeline B', '--publisher', String(pubB)));
  const user = await buildUser(t.ctx.db, {
    publisherId: pubA,
    roles: ['apv_article_admin', 'switch_publisher'],
  });
  reviewerA = await login(t.app, user.email, user.password);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  const queue = new Queue(QUEUES.verticalRender, { connection: new Redis(redisUrl), prefix: jobsPrefix });
  await queue.obliterate({ force: true });
  await queue.close();
  await t?.close();
});

describe('service tokens (operator CLI)', () => {
  it('creates a token shown once and stored only as a hash, lists it, and revokes it', async () => {
    const lines = await tokensCli('create', '--name', 'short-lived', '--publisher', String(pubA));
    const token = tokenOf(lines);
    expect(token).toMatch(/^hcs_[A-Za-z0-9_-]{43}$/);
    const rows = await t.ctx.db.select().from(schema.serviceTokens);
    expect(rows.some((r) => r.tokenHash.includes(token) || r.tokenHash === token)).toBe(false);
    const id = Number(/service token (\d+)/.exec(lines[0]!)![1]);

    okData(
      await put(token, 'programs/p-cli', { name: 'P', channel: 'C', start_time: '2026-11-25T10:00:00Z' }),
    );
    const listed = await tokensCli('list');
    const line = listed.find((l) => l.startsWith(String(id).padEnd(5)))!;
    expect(line).toContain('short-lived');
    expect(line).toContain(`publisher ${pubA}`);
    expect(line).toContain('live');
    expect(line).not.toContain('last used never');

    expect(await tokensCli('revoke', '--id', String(id))).toEqual([
      `Revoked service token ${id}; calls with it are refused from now on.`,
    ]);
    const refused = await put(token, 'programs/p-cli', {
      name: 'P',
      channel: 'C',
      start_time: '2026-11-25T10:00:00Z',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual([ingestErrors.tokenRequired]);
    expect((await tokensCli('list')).find((l) => l.startsWith(String(id).padEnd(5)))).toMatch(
      /revoked \d{4}-/,
    );
    await expect(tokensCli('revoke', '--id', String(id))).rejects.toThrow(UsageError);
  });

  it('refuses a token for an unknown publisher and a create without a name', async () => {
    await expect(tokensCli('create', '--name', 'x', '--publisher', '999999999')).rejects.toThrow(
      'Publisher 999999999 does not exist.',
    );
    await expect(tokensCli('create', '--publisher', String(pubA))).rejects.toThrow(UsageError);
    await expect(tokensCli('create', '--name', 'x', '--publisher', 'all')).rejects.toThrow(UsageError);
  });
});

describe('authentication', () => {
  const body = article();
  it('refuses no token, a bad token, and a user session (401)', async () => {
    const none = await t.app.inject({ method: 'PUT', url: '/api/ingest/v1/articles/a-auth', payload: body });
    expect(none.statusCode).toBe(401);
    expect((await put('hcs_not-a-real-token', 'articles/a-auth', body)).statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'PUT',
      url: '/api/ingest/v1/articles/a-auth',
      headers: authOf(reviewerA),
      payload: body,
    });
    expect(session.statusCode).toBe(401);
    const both = await t.app.inject({
      method: 'PUT',
      url: '/api/ingest/v1/articles/a-auth',
      headers: { ...authOf(reviewerA), authorization: `Bearer ${tokenA}` },
      payload: body,
    });
    expect(both.statusCode).toBe(401);
    const rows = await t.ctx.db
      .select()
      .from(schema.articles)
      .where(eq(schema.articles.externalId, 'a-auth'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a service token on editor routes', async () => {
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/editor/pending_counts',
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const asSession = await t.app.inject({
      method: 'GET',
      url: '/api/v1/editor/pending_counts',
      headers: { 'x-user-email': reviewerA['x-user-email'], 'x-user-token': tokenA },
    });
    expect(asSession.statusCode).toBe(401);
    // Nor does it open the live channel.
    const url = await listeningUrl(t.app);
    await expect(
      connectLive(url, { auth: { email: reviewerA['x-user-email'], token: tokenA } }),
    ).rejects.toMatchObject({ data: { status: 401 } });
  });
});

describe('articles and highlights', () => {
  it('creates once, repeats without writing, updates a changed body', async () => {
    const first = okData(await put(tokenA, 'articles/a-1', article()));
    expect(first).toMatchObject({ created: true, changed: true });
    const again = okData(await put(tokenA, 'articles/a-1', article()));
    expect(again).toEqual({ id: first.id, created: false, changed: false });
    const [row] = await t.ctx.db.select().from(schema.articles).where(eq(schema.articles.id, first.id));
    expect(row).toMatchObject({ publisherId: pubA, reviewStatus: 'pending', externalId: 'a-1' });

    const changed = okData(
      await put(tokenA, 'articles/a-1', article({ title: 'Storm hits the coast hard' })),
    );
    expect(changed).toEqual({ id: first.id, created: false, changed: true });
    const [after] = await t.ctx.db.select().from(schema.articles).where(eq(schema.articles.id, first.id));
    expect(after!.title).toBe('Storm hits the coast hard');
    expect(after!.createdAt.getTime()).toBe(row!.createdAt.getTime());
  });

  it('never re-opens an article reviewers closed', async () => {
    const { id } = okData(await put(tokenA, 'articles/a-reviewed', article()));
    await t.ctx.db.update(schema.articles).set({ reviewStatus: 'done' }).where(eq(schema.articles.id, id));
    expect(okData(await put(tokenA, 'articles/a-reviewed', article())).changed).toBe(false);
    const [row] = await t.ctx.db.select().from(schema.articles).where(eq(schema.articles.id, id));
    expect(row!.reviewStatus).toBe('done');
  });

  it('upserts a highlight with metrics (CTR derived), rising metrics update it', async () => {
    const { id: articleId } = okData(await put(tokenA, 'articles/a-2', article()));
    const first = okData(await put(tokenA, 'highlights/h-1', highlight('a-2')));
    expect(first.created).toBe(true);
    expect(okData(await put(tokenA, 'highlights/h-1', highlight('a-2')))).toEqual({
      id: first.id,
      created: false,
      changed: false,
    });
    let [row] = await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, first.id));
    expect(row).toMatchObject({
      articleId,
      publisherId: pubA,
      videoPath: 'demo/clip-01.mp4',
      nonUniqRegularImpressions: 1000,
      nonUniqRegularClicks: 12,
      regularCtr: 0.012,
      iaCtr: null,
    });
    const rising = highlight('a-2', {
      metrics: {
        non_uniq_regular_impressions: 5000,
        non_uniq_regular_clicks: 80,
        non_uniq_ia_impressions: -1,
      },
      video: '/media/demo/clip-02.mp4',
    });
    expect(okData(await put(tokenA, 'highlights/h-1', rising)).changed).toBe(true);
    [row] = await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, first.id));
    expect(row).toMatchObject({
      nonUniqRegularClicks: 80,
      regularCtr: 0.016,
      nonUniqIaImpressions: -1,
      videoPath: 'demo/clip-02.mp4',
    });
    expect(okData(await put(tokenA, 'highlights/h-1', rising)).changed).toBe(false);
  });

  it('answers 422 for an unknown article, and another publisher cannot reach or touch these rows', async () => {
    const unknown = await put(tokenA, 'highlights/h-x', highlight('no-such-article'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([ingestErrors.unknownArticle('no-such-article')]);
    // Publisher B's token: a-2 is A's, so for B it does not exist.
    expect((await put(tokenB, 'highlights/h-1', highlight('a-2'))).statusCode).toBe(422);
    // The same external id under B is B's own row; A's is untouched.
    const own = okData(await put(tokenB, 'articles/a-1', article({ title: 'B article' })));
    expect(own.created).toBe(true);
    const rows = await t.ctx.db.select().from(schema.articles).where(eq(schema.articles.externalId, 'a-1'));
    expect(rows.map((r) => [r.publisherId, r.title]).sort()).toEqual(
      [
        [pubA, 'Storm hits the coast hard'],
        [pubB, 'B article'],
      ].sort(),
    );
  });

  it('refuses bad input with clear messages (400)', async () => {
    const bad = await put(
      tokenA,
      'highlights/h-bad',
      highlight('a-2', { video: 'https://cdn.example/x.mp4' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([`video: ${ingestErrors.mediaRemote}`]);
    const escape = await put(
      tokenA,
      'highlights/h-bad',
      highlight('a-2', { thumbnail: 'demo/../../etc/passwd' }),
    );
    expect(escape.statusCode).toBe(400);
    expect(escape.json().errors).toEqual([`thumbnail: ${ingestErrors.mediaPath}`]);
    const id = await put(tokenA, 'articles/has space', article());
    expect(id.statusCode).toBe(400);
    expect(id.json().errors).toEqual([`external_id: ${ingestErrors.externalId}`]);
    const missing = await put(tokenA, 'articles/a-bad', { url: 'ftp://x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.join(' ')).toMatch(/title/);
    expect(missing.json().errors.join(' ')).toMatch(/url/);
  });
});

describe('in the console', () => {
  it('an article needing review opens in the review queue with its ingested auto highlights', async () => {
    const { id: articleId } = okData(
      await put(tokenA, 'articles/a-queue', article({ title: 'Queue article' })),
    );
    const best = okData(
      await put(tokenA, 'highlights/h-queue-1', highlight('a-queue', { recommendation_score: 0.9 })),
    );
    okData(await put(tokenA, 'highlights/h-queue-2', highlight('a-queue', { recommendation_score: 0.2 })));
    const editor = authOf(reviewerA);
    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/articles/pending_review?publisher=${pubA}&per=100`,
      headers: editor,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(JSON.stringify(queue.json().data)).toContain('Queue article');
    const auto = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/highlights/auto_highlights?article_id=${articleId}`,
      headers: editor,
    });
    expect(auto.statusCode, auto.body).toBe(200);
    const shown = auto.json().data.highlights as { highlight_id: number; video_url: string }[];
    expect(shown[0]!.highlight_id).toBe(best.id);
    expect(shown[0]!.video_url).toBe('/media/demo/clip-01');
  });

  it('two racing PUTs of one new external id make one row', async () => {
    const body = article({ title: 'Raced' });
    const answers = await Promise.all([
      put(tokenA, 'articles/a-race', body),
      put(tokenA, 'articles/a-race', body),
    ]);
    const data = answers.map(okData);
    expect(data.map((d) => d.created).sort()).toEqual([false, true]);
    expect(data[0]!.id).toBe(data[1]!.id);
    const rows = await t.ctx.db
      .select()
      .from(schema.articles)
      .where(and(eq(schema.articles.publisherId, pubA), eq(schema.articles.externalId, 'a-race')));
    expect(rows).toHaveLength(1);
  });
});

describe('programs and their highlights', () => {
  it('upserts a program and sets its membership by highlight external ids', async () => {
    const program = { name: 'Cup Final', channel: 'Sport 1', start_time: '2026-11-25T18:00:00Z' };
    const created = okData(await put(tokenA, 'programs/p-1', program));
    expect(created.created).toBe(true);
    expect(okData(await put(tokenA, 'programs/p-1', program)).changed).toBe(false);
    okData(await put(tokenA, 'highlights/h-2', highlight('a-2', { video: 'demo/clip-03.mp4' })));

    const members = {
      highlights: [
        { highlight_external_id: 'h-1', segment_id: '001', type: 'goal' },
        { highlight_external_id: 'h-2', segment_id: '002', type: 'save' },
      ],
    };
    expect(okData(await put(tokenA, 'programs/p-1/highlights', members))).toEqual({
      id: created.id,
      created: true,
      changed: true,
    });
    expect(okData(await put(tokenA, 'programs/p-1/highlights', members)).changed).toBe(false);
    const list = async () =>
      (
        await t.ctx.db
          .select()
          .from(schema.programHighlights)
          .where(eq(schema.programHighlights.programId, created.id))
      )
        .map((r) => `${r.segmentId}:${r.type}:${r.videoPath}`)
        .sort();
    expect(await list()).toEqual(['001:goal:demo/clip-02.mp4', '002:save:demo/clip-03.mp4']);

    const fewer = { highlights: [{ highlight_external_id: 'h-2', segment_id: '002', type: 'penalty' }] };
    expect(okData(await put(tokenA, 'programs/p-1/highlights', fewer)).changed).toBe(true);
    expect(await list()).toEqual(['002:penalty:demo/clip-03.mp4']);

    const unknown = await put(tokenA, 'programs/p-1/highlights', {
      highlights: [{ highlight_external_id: 'h-none', segment_id: '9', type: 'goal' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([ingestErrors.unknownHighlight('h-none')]);
    expect(await list()).toEqual(['002:penalty:demo/clip-03.mp4']);
    const noProgram = await put(tokenA, 'programs/p-none/highlights', fewer);
    expect(noProgram.json().errors).toEqual([ingestErrors.unknownProgram('p-none')]);
  });
});

describe('vertical tasks', () => {
  it('ingests a task with suggestions and keyframe files that the editor API opens', async () => {
    const created = okData(
      await put(tokenA, 'vertical_tasks/v-1', task({ program_external_id: 'p-1', segment_id: '002' })),
    );
    expect(created.created).toBe(true);
    const editor = authOf(reviewerA);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/editor/vertical_tasks?content_type=highlight&status=review',
      headers: editor,
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.tasks.find((x: { video_id: number }) => x.video_id === created.id);
    expect(listed).toMatchObject({ title: 'Cup final: goal 1' });

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/vertical_task_details?video_id=${created.id}`,
      headers: editor,
    });
    expect(details.statusCode, details.body).toBe(200);
    const suggestions = details.json().data as { keyframe_json_file: unknown; keyframe_version: number }[];
    expect(suggestions).toHaveLength(2);
    expect(suggestions.map((s) => s.keyframe_json_file)).toContainEqual(keyframeFileFor(48, 239));

    const [row] = await t.ctx.db
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, created.id));
    expect(row).toMatchObject({
      status: 'review',
      sourceWidth: SOURCE.width,
      sourceFrameCount: SOURCE.frameCount,
      segmentId: '002',
    });
    expect(row!.programId).not.toBeNull();
    expect(row!.highlightId).not.toBeNull();
  });

  it('a reviewer modifies an ingested suggestion: its source facts come from the ingest, nothing is probed', async () => {
    // No source file exists in this suite's media folder: a task that had to be probed would be refused.
    const { id: videoId } = okData(await put(tokenA, 'vertical_tasks/v-edit', task()));
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/vertical_task_details?video_id=${videoId}`,
      headers: authOf(reviewerA),
    });
    const [suggestion] = (
      details.json().data as { vertical_content_id: number; start_time: number }[]
    ).filter((s) => s.start_time === 2);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/vertical_video/update',
      headers: await withLock(t.app, authOf(reviewerA), 'vertical_task', videoId),
      payload: {
        vertical_content_id: suggestion!.vertical_content_id,
        content_type: 'highlight',
        keyframe: keyframeFileFor(48, 239),
        start_time: 2,
        end_time: 10,
        reason: [VERTICAL_BAD_QUALITY_REASONS[0]],
        keyframe_version: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.task).toMatchObject({ video_id: videoId, render_state: 'queued' });

    // While its render is queued, a changed ingest updates the task but leaves its suggestions alone.
    const changed = task({
      title: 'Cup final: goal 1 (renamed)',
      suggestions: [
        { external_id: 's1', start_time: 3, end_time: 10, active: true, keyframe: keyframeFileFor(72, 239) },
      ],
    });
    expect(okData(await put(tokenA, 'vertical_tasks/v-edit', changed)).changed).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(schema.verticalSuggestions)
      .where(eq(schema.verticalSuggestions.id, suggestion!.vertical_content_id));
    expect(row!.startTime).toBe(2);
  });

  it('a repeat changes nothing (no updated_at bump); a changed keyframe file is a new version', async () => {
    const body = task({ program_external_id: 'p-1', segment_id: '002' });
    const [before] = await t.ctx.db
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.externalId, 'v-1'));
    expect(okData(await put(tokenA, 'vertical_tasks/v-1', body))).toMatchObject({
      created: false,
      changed: false,
    });
    const [same] = await t.ctx.db
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.externalId, 'v-1'));
    expect(same!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());

    const moved = task({
      program_external_id: 'p-1',
      segment_id: '002',
      suggestions: [
        { external_id: 's1', start_time: 2, end_time: 10, active: true, keyframe: keyframeFileFor(40, 239) },
        { external_id: 's2', start_time: 4, end_time: 10.5, source: 3, keyframe: keyframeFileFor(96, 251) },
      ],
    });
    expect(okData(await put(tokenA, 'vertical_tasks/v-1', moved)).changed).toBe(true);
    const files = await t.ctx.db
      .select({ version: schema.keyframeFiles.version, ext: schema.verticalSuggestions.externalId })
      .from(schema.verticalSuggestions)
      .innerJoin(schema.keyframeFiles, eq(schema.keyframeFiles.id, schema.verticalSuggestions.keyframeFileId))
      .where(eq(schema.verticalSuggestions.videoId, before!.videoId));
    expect(files.sort((a, b) => (a.ext! < b.ext! ? -1 : 1))).toEqual([
      { version: 2, ext: 's1' },
      { version: 1, ext: 's2' },
    ]);
  });

  it('checks keyframe files against the declared source (422 naming the field)', async () => {
    const bad = task({
      suggestions: [
        {
          external_id: 's1',
          start_time: 2,
          end_time: 10,
          keyframe: { ...keyframeFileFor(48, 239), input_width: 640 },
        },
      ],
    });
    const response = await put(tokenA, 'vertical_tasks/v-bad', bad);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      `suggestions.0.keyframe.input_width: must be the video's width (${SOURCE.width})`,
    ]);
    const rows = await t.ctx.db
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.externalId, 'v-bad'));
    expect(rows).toHaveLength(0);
  });
});

describe('batch', () => {
  it('writes every item in one transaction', async () => {
    const response = await batch(tokenA, {
      articles: [{ external_id: 'b-a1', ...article() }],
      highlights: [{ external_id: 'b-h1', ...highlight('b-a1') }],
      programs: [{ external_id: 'b-p1', name: 'Batch', channel: 'C', start_time: '2026-11-25T18:00:00Z' }],
      program_highlights: [
        {
          program_external_id: 'b-p1',
          highlights: [{ highlight_external_id: 'b-h1', segment_id: '1', type: 'goal' }],
        },
      ],
      vertical_tasks: [{ external_id: 'b-v1', ...task() }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    for (const kind of ['articles', 'highlights', 'programs', 'program_highlights', 'vertical_tasks']) {
      expect(data[kind]).toHaveLength(1);
      expect(data[kind][0].created).toBe(true);
    }
  });

  it('one bad item writes nothing', async () => {
    const response = await batch(tokenA, {
      articles: [
        { external_id: 'b-a2', ...article() },
        { external_id: 'b-a3', ...article() },
      ],
      highlights: [
        { external_id: 'b-h2', ...highlight('b-a2') },
        { external_id: 'b-h3', ...highlight('missing') },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      ingestErrors.inItem('highlights', 1, ingestErrors.unknownArticle('missing')),
    ]);
    const written = await t.ctx.db
      .select()
      .from(schema.articles)
      .where(and(eq(schema.articles.publisherId, pubA), eq(schema.articles.externalId, 'b-a2')));
    expect(written).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.externalId, 'b-h2')),
    ).toHaveLength(0);
  });
});

describe('concurrent batches', () => {
  it('two batches naming the same rows in opposite orders both succeed (no deadlock)', async () => {
    const programs = Array.from({ length: 40 }, (_, i) => ({
      external_id: `dl-${String(i).padStart(2, '0')}`,
      name: `Program ${i}`,
      channel: 'C',
      start_time: '2026-11-25T10:00:00Z',
    }));
    expect((await batch(tokenA, { programs })).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      const forward = programs.map((p) => ({ ...p, name: `${p.name} forward ${round}` }));
      const backward = [...programs].reverse().map((p) => ({ ...p, name: `${p.name} backward ${round}` }));
      const answers = await Promise.all([
        batch(tokenA, { programs: forward }),
        batch(tokenA, { programs: backward }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
  });
});

describe('live counts', () => {
  it("a reviewer's live channel sees pending counts rise after an ingested article and task", async () => {
    const url = await listeningUrl(t.app);
    const socket = await connectAs(url, reviewerA);
    sockets.push(socket);
    const pushed = collect(socket, 'pending_counts');
    const countsNow = await t.app.inject({
      method: 'GET',
      url: '/api/v1/editor/pending_counts',
      headers: authOf(reviewerA),
    });
    const start = countsNow.json().data as PendingCounts;

    okData(await put(tokenA, 'articles/live-1', article()));
    await eventually(() => expect(pushed.at(-1)?.autoHighlightReview).toBe(start.autoHighlightReview + 1));
    okData(await put(tokenA, 'vertical_tasks/live-v1', task()));
    await eventually(() => expect(pushed.at(-1)?.verticalHighlight).toBe(start.verticalHighlight + 1));

    // A repeat pushes nothing.
    const seen = pushed.length;
    okData(await put(tokenA, 'articles/live-1', article()));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(pushed).toHaveLength(seen);
    // Another publisher's ingest does not reach this reviewer (B's counts only).
    okData(await put(tokenB, 'articles/live-b', article()));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(pushed).toHaveLength(seen);
  });
});

describe('OpenAPI', () => {
  it('documents the ingest routes with the bearer scheme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(doc.paths['/api/ingest/v1/vertical_tasks/{external_id}']?.put?.security).toEqual([
      { serviceToken: [] },
    ]);
    expect(doc.paths['/api/ingest/v1/batch']?.post).toBeDefined();
  });
});

describe('docs/ingest.md', () => {
  it("every curl example is accepted, in the document's order", async () => {
    const doc = readFileSync(new URL('../../docs/ingest.md', import.meta.url), 'utf8');
    const examples = [...doc.matchAll(/curl -X (PUT|POST) "\$HC([^"]+)".*? -d '([^']*)'/gs)];
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const docToken = tokenOf(await tokensCli('create', '--name', 'docs', '--publisher', String(pubB)));
    // The metrics example names a package by its embed id: the publisher has that package.
    await buildPackage(t.ctx.db, pubB, { highlightIds: [], embedId: 'a1b2c3d4' });
    for (const [, method, path, body] of examples) {
      const response = await t.app.inject({
        method: method as 'PUT' | 'POST',
        url: `/api/ingest/v1${path}`,
        headers: { authorization: `Bearer ${docToken}`, 'content-type': 'application/json' },
        payload: body!,
      });
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
    }
  });
});
