// What a render or a story ZIP shows is what really happened, on real processes (`node apps/<app>/src/
// main.ts`), a private Redis and a fresh PostgreSQL database:
// - a story ZIP nobody takes (no worker running) says queued, with no link, and says it still waits once
//   past the bound; its link is offered only while the archive exists;
// - a render queued while another render of the same task waits is shown skipped with why and what next,
//   never done; a render skipped because its suggestion was saved since puts the task back in review with
//   its tag, and its Retry is refused with the reason;
// - a render of an unreadable source fails, the task is back in the review list with the failed tag, and
//   its Retry (reviewers only, refused for a render that is not the one shown, one job for a double
//   click) renders it once the source is fixed;
// - a render whose worker is SIGKILLed twice fails for good with the catalogue's reason, the task back in
//   review;
//   its Retry is a fresh job, which survives one more kill (taken up by a new worker) and ends done.
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { RenderJobStatus, VerticalTask } from '@hc/shared/api/vertical';
import { type JobOutcome, QUEUED_TOO_LONG_MS } from '@hc/shared/jobs';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import { jobMessages, messages } from '@hc/shared/messages';
import { deploymentOf } from '@hc/db/deployment';
import {
  BULLMQ_CONNECTION_OPTIONS,
  verticalRenderJobId,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import {
  killHard,
  startServerProcess,
  startWorkerProcess,
  stopProcesses,
  type AppProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../support/processes.ts';
import { startRedisProcess, type RedisProcess } from '../support/redis-process.ts';
import { eventually } from '../support/retry.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask, makeSourceVideo, SOURCE_PATH } from '../support/vertical-factories.ts';

/** A killed worker's job is found stalled within ~3 s (lock 2.5 s, checked every 0.5 s). */
const WORKER_LOCKS = { WORKER_LOCK_DURATION_MS: '2500', WORKER_STALLED_INTERVAL_MS: '500' };

type Headers = Record<string, string>;

let database: TestDatabase;
let redisServer: RedisProcess;
let redis: Redis;
let dataDir: string;
let mediaDir: string;
let server: ServerProcess;
const processes: AppProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
let renderQueue: Queue<VerticalRenderJob>;
let zipQueue: Queue;
let zipKeyPrefix: string;
let workerCount = 0;
let publisherId: number;
const sessions = {} as Record<'reviewer' | 'admin' | 'viewer' | 'zipper', Headers>;

const db = () => database.handle.db;

async function call(method: string, url: string, headers: Headers, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1/editor/${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as { data?: never; errors?: string[] },
  };
}

async function ok<T>(method: string, url: string, headers: Headers, body?: unknown, status = 200) {
  const response = await call(method, url, headers, body);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body.data as T;
}

async function login(email: string, password: string): Promise<Headers> {
  const response = await fetch(`${server.url}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { email: string; token: string } };
  return { 'x-user-email': data.email, 'x-user-token': data.token };
}

const startWorker = async () => {
  const worker = await startWorkerProcess(`worker ${++workerCount}`, {
    DATABASE_URL: database.url,
    REDIS_URL: redisServer.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...WORKER_LOCKS,
  });
  processes.push(worker);
  return worker;
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-faults-outcomes-'));
  mediaDir = path.join(dataDir, 'media');
  await mkdir(path.join(dataDir, 'redis'), { recursive: true });
  [redisServer, database] = await Promise.all([
    startRedisProcess(path.join(dataDir, 'redis')),
    createTestDatabase(),
    makeSourceVideo(mediaDir).then(() => undefined),
  ]).then(([r, d]) => [r, d] as const);
  redis = new Redis(redisServer.url, BULLMQ_CONNECTION_OPTIONS);
  const { jobsPrefix } = await deploymentOf(database.handle);
  renderQueue = new Queue(QUEUES.verticalRender, { connection: redis, prefix: jobsPrefix });
  zipQueue = new Queue(QUEUES.storyHighlightsZip, { connection: redis, prefix: jobsPrefix });
  zipKeyPrefix = `${jobsPrefix}:${QUEUES.storyHighlightsZip}`;
  // No worker yet: the first tests need jobs nobody takes.
  server = await startServerProcess('server', {
    DATABASE_URL: database.url,
    REDIS_URL: redisServer.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  });
  processes.push(server);
  publisherId = (await buildPublisher(db())).id;
  const reviewer = await buildUser(db(), { publisherId, roles: ['switch_publisher'] });
  const admin = await buildUser(db(), { publisherId, isAdmin: true });
  const viewer = await buildUser(db(), { publisherId, roles: ['stamp_manager'] });
  const zipper = await buildUser(db(), { publisherId, roles: ['stamp_manager'] });
  await db().update(schema.users).set({ userIdentifier: '40677' }).where(eq(schema.users.id, zipper.id));
  sessions.reviewer = await login(reviewer.email, reviewer.password);
  sessions.admin = await login(admin.email, admin.password);
  sessions.viewer = await login(viewer.email, viewer.password);
  sessions.zipper = await login(zipper.email, zipper.password);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  await stopProcesses(processes, 2_000);
  await renderQueue?.close().catch(() => undefined);
  await zipQueue?.close().catch(() => undefined);
  redis?.disconnect();
  await redisServer?.kill();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

// --- The calls a screen makes. ---

/** A highlight task of the source, rendered `seconds` long at a `width`-wide 9:16 output. */
async function taskOf(seconds: number, width: number, srcVideoPath = SOURCE_PATH) {
  const { videoId, suggestionIds } = await buildVerticalTask(db(), {
    publisherId,
    srcVideoPath,
    plans: [{ startTime: 2, endTime: 2 + seconds, active: true }],
  });
  const [suggestion] = await db()
    .select({ keyframeFileId: schema.verticalSuggestions.keyframeFileId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionIds[0]!));
  const [file] = await db()
    .select()
    .from(schema.keyframeFiles)
    .where(eq(schema.keyframeFiles.id, suggestion!.keyframeFileId!));
  await db()
    .update(schema.keyframeFiles)
    .set({ data: { ...file!.data, output_vertical_width: width, output_vertical_height: (width * 16) / 9 } })
    .where(eq(schema.keyframeFiles.id, file!.id));
  return { videoId, suggestionId: suggestionIds[0]!, keyframeFileId: file!.id };
}

/** The reviewer opens the task and approves its suggestion: the render's job id. */
async function approve(videoId: number, suggestionId: number) {
  const lock = await ok<{ fence: number }>('POST', lockPath('vertical_task', videoId), sessions.reviewer);
  const started = await ok<{ job_id: string }>(
    'POST',
    'vertical_video/approve',
    { ...sessions.reviewer, [LOCK_FENCE_HEADER]: String(lock.fence) },
    { vertical_content_id: suggestionId, content_type: 'highlight', quality: 'good' },
    202,
  );
  return started.job_id;
}

const renderStatus = (jobId: string) =>
  ok<RenderJobStatus>('GET', `vertical_video/render_jobs/${jobId}`, sessions.reviewer);

/** The highlight review list as the screen asks for it. */
async function reviewList(): Promise<VerticalTask[]> {
  const data = await ok<{ tasks: VerticalTask[] }>(
    'GET',
    'vertical_tasks?status=review&content_type=highlight&page=1&per=100&from=120',
    sessions.reviewer,
  );
  return data.tasks;
}
const listed = async (videoId: number) => (await reviewList()).find((t) => t.video_id === videoId);

const retry = (headers: Headers, videoId: number, jobId: string) =>
  call('POST', 'vertical_video/render/retry', headers, { video_id: videoId, render_job_id: jobId });

const taskRow = async (videoId: number) =>
  (await db().select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;

/** Waits for the task to be ready; its MP4 exists, and the render's status says done with its link. */
async function expectRenderedOnce(videoId: number, jobId: string) {
  const row = await eventually(
    async () => {
      const found = await taskRow(videoId);
      expect(found.status, JSON.stringify(found)).toBe('ready');
      return found;
    },
    60_000,
    200,
  );
  expect((await stat(path.join(mediaDir, row.videoPath!))).size).toBeGreaterThan(0);
  const made = (await readdir(path.join(mediaDir, `vertical/${publisherId}`))).filter((n) =>
    n.includes(jobId),
  );
  expect(made).toEqual([path.basename(row.videoPath!)]);
  // The task row is written inside the job, so BullMQ may mark the job completed a moment later.
  const status = await eventually(async () => {
    const now = await renderStatus(jobId);
    expect(now.outcome).toEqual({ kind: 'done', url: now.video_url });
    return now;
  }, 10_000);
  expect(status.video_url).toContain(path.basename(row.videoPath!, '.mp4'));
  expect(await listed(videoId)).toBeUndefined();
}

const renderJobsOf = async (videoId: number) =>
  (await renderQueue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'])).filter(
    (j) => j.data.videoId === videoId,
  );

/** The job ids a worker process started (its 'job started' lines), one entry per attempt. */
const startedOn = (w: WorkerProcess) => w.logged('job started').map((e) => String(e.jobId));
const mp4sOf = async (jobId: string) =>
  (await readdir(path.join(mediaDir, `vertical/${publisherId}`)).catch(() => [] as string[])).filter(
    (name) => name.startsWith(`${jobId}-`) && name.endsWith('.mp4'),
  );

/** The task's row locked by a transaction of the test's own: a render's final write waits for release. */
async function holdTask(videoId: number) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from vertical_tasks where video_id = $1 for update', [videoId]);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.query('commit');
    await client.end();
  };
  cleanups.push(release);
  return { release };
}

let worker: WorkerProcess | null = null;
/** The tests below need a worker running (the one before may have stopped it). */
const ensureWorker = async () => {
  worker ??= await startWorker();
  return worker;
};
const stopWorker = async () => {
  if (worker) await stopProcesses([worker], 5_000);
  worker = null;
};

describe('a story highlights ZIP', () => {
  it('nobody takes says queued with no link, then that it still waits; its link only while the file exists', async () => {
    const story = await buildStory(db(), publisherId, { title: 'Nobody zips' });
    const clip = 'clips/nobody-zips.mp4';
    await mkdir(path.join(mediaDir, 'clips'), { recursive: true });
    await copyFile(path.join(mediaDir, SOURCE_PATH), path.join(mediaDir, clip));
    await buildStoryPage(db(), story.id, { ordinal: 1, objectType: 'video', title: 'Clip', videoUrl: clip });
    const { job_id: jobId } = await ok<{ job_id: string }>(
      'POST',
      `stamp/stories/${story.id}/highlights_zip`,
      sessions.zipper,
      {},
      202,
    );
    const zipStatus = () =>
      ok<{ state: string; url: string | null; outcome: JobOutcome }>(
        'GET',
        `stamp/stories/highlights_zip/${jobId}`,
        sessions.zipper,
      );
    // No worker runs: waiting, never done, no link.
    expect(await zipStatus()).toEqual({
      state: 'waiting',
      progress: 0,
      url: null,
      outcome: { kind: 'queued' },
    });
    // Past the bound (the job's queued time moved back rather than a minute waited): it says it still waits.
    await redis.hset(
      `${zipKeyPrefix}:${jobId}`,
      'timestamp',
      String(Date.now() - QUEUED_TOO_LONG_MS - 1_000),
    );
    expect(await zipStatus()).toEqual({
      state: 'waiting',
      progress: 0,
      url: null,
      outcome: { kind: 'queued', note: jobMessages.stillWaiting },
    });

    // A worker comes: the archive is made, and its link offered.
    await ensureWorker();
    const done = await eventually(
      async () => {
        const status = await zipStatus();
        expect(status.outcome.kind).toBe('done');
        return status;
      },
      30_000,
      200,
    );
    expect(done.url).toBeTruthy();
    const archive = await fetch(`${server.url}${done.url}`);
    expect(archive.status).toBe(200);
    expect((await archive.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The archive removed behind the job's back: no link any more, the status says why; the old link
    // answers a clear message in the API's envelope, not a bare page.
    const file = path.join(
      mediaDir,
      decodeURIComponent(new URL(done.url!, server.url).pathname).replace(/^\/media\//, ''),
    );
    await rm(file);
    expect(await zipStatus()).toMatchObject({
      state: 'failed',
      url: null,
      outcome: { kind: 'failed', error: jobMessages.fileMissing },
    });
    const gone = await fetch(`${server.url}${done.url}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, errors: [messages.notFound] });
  }, 120_000);
});

describe('a vertical render', () => {
  it('queued while another render of the same task waits is shown skipped, with why and what next', async () => {
    await stopWorker();
    const task = await taskOf(2, 180);
    const waited = await approve(task.videoId, task.suggestionId);
    // A render of the same task for an older keyframe version, queued late and taken first.
    const strayData: VerticalRenderJob = {
      videoId: task.videoId,
      publisherId,
      suggestionId: task.suggestionId,
      keyframeFileId: task.keyframeFileId,
      keyframeVersion: 0,
      startTime: 2,
      endTime: 4,
    };
    const stray = verticalRenderJobId(strayData);
    await renderQueue.add('render', strayData, { jobId: stray, lifo: true });
    expect((await renderStatus(stray)).outcome).toEqual({ kind: 'queued' });

    await ensureWorker();
    await expectRenderedOnce(task.videoId, waited);
    const shown = await renderStatus(stray);
    expect(shown).toEqual({
      state: 'completed',
      progress: expect.any(Number) as number,
      video_url: null,
      error: null,
      outcome: {
        kind: 'skipped',
        reason: 'the task waits for another render',
        next: jobMessages.renderSkippedNext,
      },
    });
    expect(shown.progress).toBeLessThan(100);
  }, 120_000);

  it('skipped because its suggestion was saved since is back in review with its tag; Retry says why not', async () => {
    await stopWorker();
    const task = await taskOf(2, 180);
    const jobId = await approve(task.videoId, task.suggestionId);
    expect(await listed(task.videoId)).toBeUndefined(); // rendering: out of the review list
    // Someone saves the suggestion again while the render waits (a newer keyframe file version).
    await db()
      .update(schema.keyframeFiles)
      .set({ version: 2 })
      .where(eq(schema.keyframeFiles.id, task.keyframeFileId));
    await ensureWorker();

    const reason = 'a newer keyframe file version was saved';
    const row = await eventually(async () => {
      const found = await listed(task.videoId);
      expect(found?.render_state).toBe('failed');
      return found!;
    }, 30_000);
    expect(row).toMatchObject({
      status: 'review',
      render_job_id: jobId,
      render_error: jobMessages.renderSkippedTag(reason),
    });
    expect((await renderStatus(jobId)).outcome).toEqual({
      kind: 'skipped',
      reason,
      next: jobMessages.renderSkippedNext,
    });
    // A retry would render the old version over the new one: refused with the reason, nothing queued.
    const refused = await retry(sessions.reviewer, task.videoId, jobId);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([jobMessages.retryRenderStaleVersion(task.videoId)]);
    expect((await taskRow(task.videoId)).renderState).toBe('failed');
  }, 120_000);

  it('of an unreadable source fails, the task back in review with its tag; Retry renders it once fixed', async () => {
    await ensureWorker();
    const broken = 'test/broken-source.mp4';
    await writeFile(path.join(mediaDir, broken), Buffer.from('not a video at all'));
    const task = await taskOf(2, 180, broken);
    const jobId = await approve(task.videoId, task.suggestionId);
    const row = await eventually(async () => {
      const found = await listed(task.videoId);
      expect(found?.render_state).toBe('failed');
      return found!;
    }, 30_000);
    expect(row).toMatchObject({
      status: 'review',
      render_job_id: jobId,
      render_error: 'Source video cannot be read',
    });
    expect((await renderStatus(jobId)).outcome).toEqual({
      kind: 'failed',
      error: 'Source video cannot be read',
    });

    // Who may: not a user without the review permission (403), not for a render other than the one shown.
    const forbidden = await retry(sessions.viewer, task.videoId, jobId);
    expect(forbidden.status).toBe(403);
    const other = await retry(sessions.reviewer, task.videoId, `${jobId}-other`);
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual([jobMessages.retryRenderChanged(task.videoId)]);
    // Still failing while the source is broken: back in review with the same tag.
    const first = await retry(sessions.reviewer, task.videoId, jobId);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await eventually(async () => expect((await listed(task.videoId))?.render_state).toBe('failed'), 30_000);

    // The source fixed, a double click (two retries at once, one an admin's): one job, one MP4.
    await copyFile(path.join(mediaDir, SOURCE_PATH), path.join(mediaDir, broken));
    const clicks = await Promise.all([
      retry(sessions.reviewer, task.videoId, jobId),
      retry(sessions.admin, task.videoId, jobId),
    ]);
    for (const click of clicks) {
      expect(click.status, JSON.stringify(click.body)).toBe(202);
      expect((click.body.data as unknown as { job_id: string }).job_id).toBe(jobId);
    }
    await expectRenderedOnce(task.videoId, jobId);
    expect(await renderJobsOf(task.videoId)).toHaveLength(1);
    // The task is rendered: a late retry is refused, it is no longer in review.
    expect((await retry(sessions.reviewer, task.videoId, jobId)).status).toBe(409);
  }, 120_000);

  it('whose worker is killed twice fails with the reason; its Retry survives one more kill and ends done', async () => {
    await stopWorker();
    const task = await taskOf(2, 180);
    const jobId = await approve(task.videoId, task.suggestionId);
    // Every run is held at its end (its MP4 made, the task's row not yet written) until its worker is
    // killed: the kill never races the render, however fast or slow the machine is.
    let held = await holdTask(task.videoId);
    await ensureWorker();
    const heldRun = () =>
      eventually(
        async () => {
          expect(startedOn(worker!), worker!.tail(5)).toContain(jobId);
          expect((await renderStatus(jobId)).outcome.kind).toBe('running');
          expect(await mp4sOf(jobId)).toHaveLength(1);
        },
        40_000,
        100,
      );
    for (const kill of [1, 2]) {
      await heldRun();
      const next = await startWorker();
      await killHard(worker!);
      console.log(`job-outcomes: render killed (${kill}) on ${worker!.name}`);
      worker = next;
    }
    // Never 'rendering' forever: failed with the catalogue's reason, the task back in review with its tag.
    await eventually(
      async () =>
        expect((await renderStatus(jobId)).outcome).toEqual({
          kind: 'failed',
          error: jobMessages.workerStopped,
        }),
      30_000,
      200,
    );
    await held.release();
    await eventually(
      async () =>
        expect(await listed(task.videoId)).toMatchObject({
          status: 'review',
          render_state: 'failed',
          render_error: jobMessages.workerStopped,
        }),
      20_000,
    );

    // Retry: a fresh job (its earlier stalls not counted), killed once more at its end, taken up by a
    // new worker, and done with one MP4.
    await stopWorker();
    const again = await retry(sessions.reviewer, task.videoId, jobId);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(await listed(task.videoId)).toBeUndefined();
    held = await holdTask(task.videoId);
    await ensureWorker();
    await heldRun();
    const next = await startWorker();
    await killHard(worker!);
    worker = next;
    await held.release();
    await expectRenderedOnce(task.videoId, jobId);
    expect(await renderJobsOf(task.videoId)).toHaveLength(1);
  }, 240_000);
});
