// Fault injection: Redis stops answering, then dies and comes back. A private
// redis-server with AOF (appendfsync always, as the deployment's compose runs it), a real `main.ts`
// server and worker on it, a fresh database. Redis is SIGSTOPped for 20 s — its sockets stay open and
// nothing answers, the worst case for a client — then SIGKILLed and started again on the same port and
// folder. Proven:
// - while it is stopped, every call that enqueues answers 503 with the catalogue's jobQueueUnavailable
//   well under 2 s (and a job's status call too), a login 503 signInUnavailable within its 2 s throttle
//   wait, and routes that need no Redis answer as usual;
// - after the restart the server (never restarted) and the worker reconnect on their own: a live client
//   connected before the outage gets a pending-count push again, a refused call succeeds when repeated
//   and its job is run;
// - no job accepted (202) before the outage is lost: waiting and running ones complete after the restart.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridSubmitStatus } from '@hc/shared/api/ad-grid';
import type { PendingCounts } from '@hc/shared/api/pending';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import { messages } from '@hc/shared/messages';
import { LOGIN_THROTTLE_WAIT_MS } from '../../apps/server/src/features/auth/login-rate-limit.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { collect, connectAs, type LiveClient } from '../support/live-client.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';
import {
  killHard,
  startServerProcess,
  startWorkerProcess,
  type AppProcess,
  type ServerProcess,
} from '../support/processes.ts';
import { startRedisProcess, type RedisProcess } from '../support/redis-process.ts';
import { eventually } from '../support/retry.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

const STOPPED_MS = 20_000;
/** "A fast 503": well under the ~2 s the issue allows. */
const FAST_MS = 2_000;

type Headers = Record<string, string>;
/** A login's headers (what the live client's handshake sends too). */
type Session = { 'x-user-email': string; 'x-user-token': string };

let database: TestDatabase;
let redisServer: RedisProcess;
let redisDir: string;
let dataDir: string;
let mediaDir: string;
let server: ServerProcess;
const processes: AppProcess[] = [];
const cleanups: (() => unknown)[] = [];
let publisherId: number;
let gridPub: { id: number };
const sessions = {} as Record<'reviewer' | 'zipper' | 'admin', Session>;
let reviewerAccount: { email: string; password: string };
const db = () => database.handle.db;

async function call(method: string, url: string, headers: Headers, body?: unknown) {
  const started = Date.now();
  const response = await fetch(`${server.url}/api/v1/editor/${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: Date.now() - started,
    body: (text ? JSON.parse(text) : null) as { data?: never; errors?: string[] },
  };
}

async function ok<T>(method: string, url: string, headers: Headers, body?: unknown, status = 200) {
  const response = await call(method, url, headers, body);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body.data as T;
}

const loginCall = (email: string, password: string) =>
  fetch(`${server.url}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });

async function login(email: string, password: string): Promise<Session> {
  const response = await loginCall(email, password);
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { email: string; token: string } };
  return { 'x-user-email': data.email, 'x-user-token': data.token };
}

beforeAll(async () => {
  const began = Date.now();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-faults-redis-'));
  mediaDir = path.join(dataDir, 'media');
  redisDir = path.join(dataDir, 'redis');
  await mkdir(redisDir, { recursive: true });
  [redisServer, database] = await Promise.all([
    startRedisProcess(redisDir),
    createTestDatabase(),
    makeSourceVideo(mediaDir).then(() => undefined),
  ]).then(([r, d]) => [r, d] as const);
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisServer.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  const starting = Promise.all([
    startServerProcess('server', { ...shared, RUN_WORKER: 'false', SEED_DEMO: 'false', SERVE_WEB: 'false' }),
    // Production's job locks (30 s): the outage is shorter than one, as a real Redis restart would be.
    startWorkerProcess('worker', shared),
  ]);
  publisherId = (await buildPublisher(db())).id;
  gridPub = (await buildConfiguredPublisher(db(), 'Outage Gazette')).publisher;
  const reviewer = await buildUser(db(), { publisherId, roles: ['switch_publisher'] });
  const zipper = await buildUser(db(), { publisherId, roles: ['stamp_manager'] });
  // Story archives are for 406xx users only.
  await db().update(schema.users).set({ userIdentifier: '40677' }).where(eq(schema.users.id, zipper.id));
  const admin = await buildUser(db(), { publisherId: gridPub.id, isAdmin: true });
  const [s, w] = await starting;
  processes.push(s, w);
  server = s;
  reviewerAccount = reviewer;
  sessions.reviewer = await login(reviewer.email, reviewer.password);
  sessions.zipper = await login(zipper.email, zipper.password);
  sessions.admin = await login(admin.email, admin.password);
  console.log(`redis-outage: database, Redis, server and worker ready in ${Date.now() - began} ms`);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  if (redisServer?.child.signalCode === null) redisServer.child.kill('SIGCONT');
  await Promise.all(processes.map(killHard));
  await redisServer?.kill();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** A named pipe in the media store: a zip job reading it blocks until the test feeds it. */
async function mediaPipe(relative: string) {
  const file = path.join(mediaDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  const bytes = randomBytes(20_000);
  let feeding = false;
  const loop = async () => {
    while (feeding) {
      // Opening for writing without a reader fails at once (ENXIO): no job is reading yet.
      const handle = await open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
      if (handle) {
        try {
          await handle.write(bytes); // fits in the pipe's buffer: never blocks
        } catch {
          // EPIPE: the reader went away mid-write; the next reader is fed again.
        } finally {
          await handle.close();
        }
      }
      await sleep(30);
    }
  };
  const pipe = {
    feed() {
      if (feeding) return;
      feeding = true;
      void loop();
    },
    stop: () => (feeding = false),
  };
  cleanups.push(pipe.stop);
  return pipe;
}

/** A story whose one video is a pipe: its archive job runs until the pipe is fed. */
async function heldStory(title: string) {
  const story = await buildStory(db(), publisherId, { title });
  const relative = `clips/${title.replaceAll(' ', '-')}.mp4`;
  const pipe = await mediaPipe(relative);
  await buildStoryPage(db(), story.id, { ordinal: 1, objectType: 'video', title, videoUrl: relative });
  return { storyId: story.id, pipe };
}

const startZip = (storyId: number) =>
  call('POST', `stamp/stories/${storyId}/highlights_zip`, sessions.zipper, {});
const zipState = async (jobId: string) =>
  (await ok<{ state: string }>('GET', `stamp/stories/highlights_zip/${jobId}`, sessions.zipper)).state;
const archivesOf = async (jobId: string) =>
  (
    await readdir(path.join(mediaDir, 'archives/story-highlights', String(publisherId))).catch(() => [])
  ).filter((name) => name.startsWith(`${jobId}-`) && name.endsWith('.zip'));

const submitGrid = (sessionId: string, vastRetry: number) =>
  call('POST', 'monetization_setup/submit', sessions.admin, {
    data: {
      publisher: [{ key: `publisher:${gridPub.id}`, changes: { vastRetry } }],
      placement: [],
      display: [],
      displayPlacement: [],
    },
    session_id: sessionId,
  });

/** A task in review and its approve call (the reviewer's lease taken first, as the web does). */
async function approvable() {
  const { videoId, suggestionIds } = await buildVerticalTask(db(), { publisherId });
  return {
    videoId,
    async approve() {
      const lock = await ok<{ fence: number }>('POST', lockPath('vertical_task', videoId), sessions.reviewer);
      return call(
        'POST',
        'vertical_video/approve',
        { ...sessions.reviewer, [LOCK_FENCE_HEADER]: String(lock.fence) },
        { vertical_content_id: suggestionIds[0], content_type: 'highlight', quality: 'good' },
      );
    },
  };
}

describe('Redis stopped for 20 s, then killed and started again', () => {
  it('answers enqueue calls a fast 503 meanwhile, resumes on its own, and loses no accepted job', async () => {
    const started = Date.now();
    // Accepted before the outage: two archive jobs running (held by their pipes) and one waiting behind
    // them (the worker runs two at a time), and a grid submit running (held by its config row).
    const held = await Promise.all(['Before 1', 'Before 2', 'Before 3'].map(heldStory));
    const accepted: string[] = [];
    for (const { storyId } of held) {
      const response = await startZip(storyId);
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      accepted.push((response.body.data as unknown as { job_id: string }).job_id);
    }
    const rows = new pg.Client({ connectionString: database.url });
    await rows.connect();
    cleanups.push(() => rows.end());
    await rows.query('begin');
    await rows.query('select 1 from video_configs where publisher_id = $1 for update', [gridPub.id]);
    const gridSubmitted = await submitGrid(`outage-before-${randomBytes(4).toString('hex')}`, 4);
    expect(gridSubmitted.status).toBe(202);
    const gridJob = (gridSubmitted.body.data as unknown as { job_id: string }).job_id;
    await eventually(async () => {
      expect(
        (await ok<GridSubmitStatus>('GET', `monetization_setup/submit/${gridJob}`, sessions.admin)).state,
      ).toBe('active');
      expect((await Promise.all(accepted.map(zipState))).sort()).toEqual(['active', 'active', 'waiting']);
    }, 15_000);

    // A live client, pushed the reviewer's pending counts: one task in review.
    const task = await approvable();
    const live: LiveClient = await connectAs(server.url, sessions.reviewer);
    cleanups.push(() => live.close());
    const counts = collect(live, 'pending_counts');
    const before = await ok<PendingCounts>('GET', 'pending_counts', sessions.reviewer);
    expect(before.verticalHighlight).toBe(1);

    const refusedStory = await heldStory('During');
    const gridSessionDuring = `outage-during-${randomBytes(4).toString('hex')}`;
    redisServer.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    console.log(`redis-outage: Redis stopped at ${stoppedAt - started} ms`);

    // Every call that enqueues: a fast 503 with the catalogue's message, nothing started.
    const refused = {
      zip: await startZip(refusedStory.storyId),
      grid: await submitGrid(gridSessionDuring, 5),
      approve: await task.approve(),
    };
    for (const [name, response] of Object.entries(refused)) {
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(503);
      expect(response.body.errors).toEqual([messages.jobQueueUnavailable]);
      expect(response.ms, name).toBeLessThan(FAST_MS);
    }
    // The refused approve gave its claim back: the task is in review, no render queued for it.
    const [refusedTask] = await db()
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, task.videoId));
    expect(refusedTask).toMatchObject({ status: 'review', renderState: null });
    // A job's status needs Redis too: the same fast 503.
    const status = await call('GET', `stamp/stories/highlights_zip/${accepted[0]}`, sessions.zipper);
    expect(status.status).toBe(503);
    expect(status.ms).toBeLessThan(FAST_MS);
    // A login needs its throttle's counts: refused fast (never let through unthrottled).
    const loginStarted = Date.now();
    const loginDuring = await loginCall(reviewerAccount.email, reviewerAccount.password);
    const loginMs = Date.now() - loginStarted;
    expect(loginDuring.status).toBe(503);
    expect(((await loginDuring.json()) as { errors: string[] }).errors).toEqual([messages.signInUnavailable]);
    expect(loginMs).toBeLessThan(LOGIN_THROTTLE_WAIT_MS + 1_000);
    // Routes that need no Redis answer as usual (sessions, lists and counts are in PostgreSQL).
    const listed = await call(
      'GET',
      'vertical_tasks?content_type=highlight&status=review',
      sessions.reviewer,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.ms).toBeLessThan(FAST_MS);
    const countsDuring = await call('GET', 'pending_counts', sessions.reviewer);
    expect(countsDuring.status).toBe(200);
    expect(countsDuring.body.data).toEqual(before);
    console.log(
      `redis-outage: while stopped: 503 in ${Object.values(refused)
        .map((r) => r.ms)
        .join('/')} ms (zip/grid/approve), status 503 in ${status.ms} ms, login 503 in ${loginMs} ms, ` +
        `a list 200 in ${listed.ms} ms`,
    );

    await sleep(Math.max(0, STOPPED_MS - (Date.now() - stoppedAt)));
    // The stopped Redis is killed (SIGKILL works on a stopped process) and started on its port and folder.
    await redisServer.kill();
    redisServer = await startRedisProcess(redisDir, redisServer.port);
    const restartedAt = Date.now();
    console.log(`redis-outage: Redis restarted after ${restartedAt - stoppedAt} ms down`);

    // Neither process was restarted (nor crashed): the same server answers, ready again once Redis is.
    for (const app of processes) expect(app.child.exitCode, app.tail()).toBeNull();
    await eventually(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200), 15_000, 100);
    const readyAfter = Date.now() - restartedAt;

    // The refused calls, repeated, are accepted now.
    expect((await loginCall(reviewerAccount.email, reviewerAccount.password)).status).toBe(200);
    const again = await startZip(refusedStory.storyId);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    accepted.push((again.body.data as unknown as { job_id: string }).job_id);
    const approved = await task.approve();
    expect(approved.status, JSON.stringify(approved.body)).toBe(202);
    // The live client connected before the outage is pushed the counts the approve moved.
    await eventually(() => expect(counts.at(-1)?.verticalHighlight).toBe(0), 10_000);

    // No accepted job lost: the held ones let go, every one of them completes, each archive made once.
    for (const { pipe } of [...held, refusedStory]) pipe.feed();
    await rows.query('commit');
    await eventually(
      async () => {
        for (const jobId of accepted) expect(await zipState(jobId), jobId).toBe('completed');
        expect(
          await ok<GridSubmitStatus>('GET', `monetization_setup/submit/${gridJob}`, sessions.admin),
        ).toEqual({
          state: 'completed',
          progress: 100,
          errors: [],
        });
      },
      25_000,
      200,
    );
    const completedAfter = Date.now() - restartedAt;
    for (const jobId of accepted) expect(await archivesOf(jobId), jobId).toHaveLength(1);
    // The refused grid submit was never queued (its row waits, pending, for the page to send it again).
    const [refusedGrid] = await db()
      .select()
      .from(schema.gridSubmissions)
      .where(eq(schema.gridSubmissions.sessionId, gridSessionDuring));
    expect(refusedGrid).toMatchObject({ status: 'pending' });
    console.log(
      `redis-outage: after the restart: server ready in ${readyAfter} ms, every job completed ` +
        `${completedAfter} ms after the restart; test ${Date.now() - started} ms`,
    );
  });
});
