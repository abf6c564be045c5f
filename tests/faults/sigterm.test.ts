// SIGTERM to the real processes (the graceful shutdown, docs/decisions/shutdown.md):
// `node apps/server/src/main.ts` and `node apps/worker/src/main.ts` on a fresh database, stopped while they
// work. Server (which starts its worker as a child, as in production): a slow request in flight completes,
// a live client is told and reconnects on its own, co-editing updates sent at the very moment of the
// signal are either stored before the sockets close with 1012 or kept by their editor, unacknowledged, to
// be sent again on its next connection (nothing anyone received is missing), a render job running in the
// worker child is given back (waiting, not failed); exit 0 within 10 s. Worker (its only in-flight work
// is jobs: it serves no requests, sockets or co-edits besides /healthz and /metrics): an active job that
// fits the drain time finishes, one that does not is given back (waiting, not failed); exit 0 within 10 s.
// Every process is started at the beginning, in parallel (each start takes seconds on a loaded machine);
// the server and each worker take jobs under their own prefix, so none takes another's job.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { schema } from '@hc/db/schema';
import { COLLAB_CLOSE, COLLAB_PATH } from '@hc/shared/api/collab';
import {
  BULLMQ_CONNECTION_OPTIONS,
  VERTICAL_RENDER_JOB_OPTIONS,
  verticalRenderJobId,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { CollabStore } from '../../apps/server/src/features/collab/store.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser, TEST_PASSWORD } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { buildStory } from '../support/story-factories.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const prefixBase = `hc-sigterm-${randomBytes(4).toString('hex')}`;
/** Each process takes jobs under its own prefix: no process takes a job meant for another's test. */
const prefixes = {
  server: `${prefixBase}-server`,
  finishing: `${prefixBase}-finishing`,
  givingBack: `${prefixBase}-giving-back`,
};

let database: TestDatabase;
let dataDir: string;
let publisherId: number;
let connection: Redis;
const queues: Queue<VerticalRenderJob>[] = [];
const children: ChildProcess[] = [];

interface Running {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code and the time the process ended. */
  exited: Promise<{ code: number | null; at: number }>;
}

interface ServerRunning extends Running {
  url: string;
  port: number;
}

interface WorkerRunning extends Running {
  metricsUrl: string;
}

let server: ServerRunning;
let finishingWorker: WorkerRunning;
let givingBackWorker: WorkerRunning;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(entry: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

async function untilHealthy(url: string, running: Running) {
  await eventually(
    async () => {
      if (running.child.exitCode !== null) throw new Error(`exited during start:\n${running.output()}`);
      const response = await fetch(`${url}/healthz`).catch(() => null);
      if (response?.status !== 200) throw new Error(`healthz ${response?.status}`);
    },
    100_000,
    200,
  );
}

async function startServer(env: Record<string, string>): Promise<ServerRunning> {
  const port = await freePort();
  const running = start('apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, running);
  return { ...running, url, port };
}

async function startWorker(drainMs: number, prefix: string): Promise<WorkerRunning> {
  const metricsPort = await freePort();
  const running = start('apps/worker/src/main.ts', {
    WORKER_METRICS_PORT: String(metricsPort),
    WORKER_DRAIN_MS: String(drainMs),
    JOBS_PREFIX: prefix,
  });
  await untilHealthy(`http://127.0.0.1:${metricsPort}`, running);
  return { ...running, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'hc-sigterm-'));
  publisherId = (await buildPublisher(database.handle.db)).id;
  connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
  [server, finishingWorker, givingBackWorker] = await Promise.all([
    // The server starts its worker as a child (RUN_WORKER); that child drains its jobs for 1 s at most.
    startServer({
      RUN_WORKER: 'true',
      JOBS_PREFIX: prefixes.server,
      WORKER_METRICS_PORT: '0',
      WORKER_DRAIN_MS: '1000',
    }),
    startWorker(9_000, prefixes.finishing),
    startWorker(1_000, prefixes.givingBack),
    makeSourceVideo(path.join(dataDir, 'media')),
  ]);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const queue of queues) {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
  connection?.disconnect();
  await database?.drop();
});

function renderQueue(prefix: string) {
  const queue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, { connection, prefix });
  queues.push(queue);
  return queue;
}

/** A render job of a new task of the 20 s test source: the whole video, or [0, endTime) of it. */
async function renderJob(endTime: number | null): Promise<{ job: VerticalRenderJob; jobId: string }> {
  const db = database.handle.db;
  const { videoId, suggestionIds } = await buildVerticalTask(db, {
    publisherId,
    contentType: endTime === null ? 'full_video' : 'highlight',
    plans: [{ startTime: 0, endTime: endTime ?? 20, active: true }],
  });
  const [suggestion] = await db
    .select()
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionIds[0]!));
  const job: VerticalRenderJob = {
    videoId,
    publisherId,
    suggestionId: suggestion!.id,
    keyframeFileId: suggestion!.keyframeFileId!,
    keyframeVersion: 1,
    startTime: endTime === null ? null : 0,
    endTime,
  };
  const jobId = verticalRenderJobId(job);
  await db
    .update(schema.verticalTasks)
    .set({ renderJobId: jobId, renderState: 'queued' })
    .where(eq(schema.verticalTasks.videoId, videoId));
  return { job, jobId };
}

/** Waits until the job runs and ffmpeg reports progress. */
async function untilRendering(queue: Queue<VerticalRenderJob>, jobId: string) {
  await eventually(async () => {
    const state = await queue.getJobState(jobId);
    const progress = (await queue.getJob(jobId))?.progress;
    if (state !== 'active' || !(typeof progress === 'number' && progress > 0)) {
      throw new Error(`job ${state}, progress ${String(progress)}`);
    }
  }, 40_000);
}

/** The JSON log lines of a process. */
const jsonLines = (running: Running) =>
  running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

/** A worker's JSON log lines of one job, and its shutdown line. */
const linesOf = (running: Running, jobId: string) =>
  jsonLines(running).filter((line) => line.jobId === jobId || line.msg === 'worker shutting down');

/**
 * A POST whose JSON body is sent in two halves: the second only when `resume` is called, so the request
 * is in flight as long as the caller wants.
 */
function slowPost(url: string, requestId: string, body: string, resume: Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const bytes = Buffer.from(body);
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': bytes.length,
          'x-request-id': requestId,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    const half = Math.floor(bytes.length / 2);
    request.write(bytes.subarray(0, half));
    void resume.then(() => request.end(bytes.subarray(half)));
  });
}

/** A co-editing client of `doc` on `url`, with a ticket of `session`; it does not reconnect by itself. */
async function openEditor(url: string, session: Record<string, string>, doc: string) {
  const ydoc = new Y.Doc();
  const ticketResponse = await fetch(`${url}/api/v1/editor/collab/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session },
    body: JSON.stringify({ doc }),
  });
  expect(ticketResponse.status).toBe(200);
  const { ticket } = ((await ticketResponse.json()) as { data: { ticket: string } }).data;
  const provider = new WebsocketProvider(`${url.replace('http', 'ws')}${COLLAB_PATH}`, doc, ydoc, {
    params: { ticket },
    WebSocketPolyfill: WebSocket as never,
    disableBc: true,
    maxBackoffTime: 60_000,
  });
  const closeCodes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closeCodes.push(event.code);
  });
  await eventually(() => {
    if (!provider.synced) throw new Error('collab not synced');
  }, 15_000);
  return { ydoc, provider, closeCodes, draft: ydoc.getMap<string>('draft') };
}

describe('server shutdown', () => {
  it('finishes the request, hands the sockets over, stores the co-edits and gives the running job back, in time', async () => {
    const db = database.handle.db;
    const roles = ['stamp_manager', 'create_new_video_page'] as const;
    const user = await buildUser(db, { publisherId, roles: [...roles] });
    const story = await buildStory(db, publisherId);
    const { url } = server;

    const loginResponse = await fetch(`${url}/api/v1/auth/editor/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(loginResponse.status).toBe(200);
    const { token } = ((await loginResponse.json()) as { data: { token: string } }).data;
    const session = { 'x-user-email': user.email, 'x-user-token': token };

    // A live client that reconnects on its own, as the browser's does.
    const live = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { email: user.email, token },
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    const hints: string[] = [];
    const disconnects: string[] = [];
    let reconnectAttempts = 0;
    live.on('server_restarting', () => hints.push('server_restarting'));
    live.on('disconnect', (reason) => disconnects.push(reason));
    live.io.on('reconnect_attempt', () => (reconnectAttempts += 1));
    await new Promise<void>((resolve, reject) => {
      live.once('connect', () => resolve());
      live.once('connect_error', reject);
    });

    // Two co-editors of the story's draft; A's first edits are acknowledged (B has them).
    const doc = `story:${story.id}`;
    const a = await openEditor(url, session, doc);
    const b = await openEditor(url, session, doc);
    a.draft.set('title', 'Saved across the restart');
    for (let i = 0; i < 10; i += 1) a.draft.set(`early ${i}`, `value ${i}`);
    await eventually(() => expect(b.draft.size).toBe(11));

    // A render job running in the server's worker child: the whole 20 s source, longer than its drain.
    const serverQueue = renderQueue(prefixes.server);
    const { job, jobId } = await renderJob(null);
    await serverQueue.add('render', { ...job, httpRequestId: 'render-request-0' } as VerticalRenderJob, {
      ...VERTICAL_RENDER_JOB_OPTIONS,
      jobId,
    });
    await untilRendering(serverQueue, jobId);

    // The slow request is in flight when the signal comes: the server logged it (by its request id), and
    // the rest of its body follows a second after the signal.
    let resume!: () => void;
    const slow = slowPost(
      `${url}/api/v1/auth/editor/login`,
      'slow-login-1',
      JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      new Promise<void>((resolve) => (resume = resolve)),
    );
    await eventually(() => {
      if (!server.output().includes('"requestId":"slow-login-1"')) throw new Error('not received yet');
    });
    // Co-edits in flight: twenty updates sent in the same tick as the signal.
    for (let i = 0; i < 20; i += 1) a.draft.set(`late ${i}`, `value ${i}`);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    setTimeout(resume, 1_000);

    const answered = await slow;
    expect(answered.status, answered.body).toBe(200);
    const { code, at } = await server.exited;
    live.close();
    expect(code, server.output()).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    // The HTTP side is about the slow request's second; a reconnecting client left hanging by the closing
    // server (an upgrade nobody answers, ended by engine.io after 5 s) would show as 5 s or more.
    const httpClosed = jsonLines(server).find((line) => line.msg === 'http closed');
    expect(httpClosed?.elapsedMs).toBeLessThan(5_000);

    expect(hints).toEqual(['server_restarting']);
    // A transport close (not 'io server disconnect'): the client tries to reconnect by itself.
    expect(disconnects[0]).toBe('transport close');
    expect(reconnectAttempts).toBeGreaterThan(0);
    expect(a.closeCodes[0]).toBe(COLLAB_CLOSE.serverRestart);
    expect(b.closeCodes[0]).toBe(COLLAB_CLOSE.serverRestart);

    // The job was given back by the worker child (its lines are in the server's output): waiting for the
    // next worker, neither failed nor lost.
    expect(await serverQueue.getJobState(jobId)).toBe('waiting');
    expect((await serverQueue.getJob(jobId))?.failedReason ?? '').toBe('');
    expect(
      jsonLines(server)
        .filter((line) => line.jobId === jobId)
        .map((line) => line.msg),
    ).toContain('job given back at shutdown');

    // The document was flushed: one compacted row holding everything anyone received, the early edits
    // and the title included.
    const store = new CollabStore(db);
    expect(await store.rowCount(doc)).toBe(1);
    const saved = new Y.Doc();
    Y.applyUpdate(saved, (await store.load(doc))!);
    expect(saved.getMap('draft').get('title')).toBe('Saved across the restart');
    for (const [key, value] of b.draft.entries()) expect(saved.getMap('draft').get(key)).toBe(value);
    b.provider.destroy();

    // Updates that arrived after the signal were not taken (B never got them); A still has every
    // one and sends what the database lacks on its next connection (collab-kill.test.ts proves that).
    expect(a.draft.size).toBe(31);
    a.provider.destroy();
    a.ydoc.destroy();
  });
});

describe('worker shutdown', () => {
  it('lets an active job finish within the drain time, then exits 0; its log lines name it and its request', async () => {
    // [0 s, 1 s) of the source: a second or two of ffmpeg on a busy machine (4 s of video took 7.7 s
    // beside other suites), within a 9 s drain.
    const queue = renderQueue(prefixes.finishing);
    const worker = finishingWorker;
    const { job, jobId } = await renderJob(1);
    await queue.add('render', { ...job, httpRequestId: 'render-request-1' } as VerticalRenderJob, {
      ...VERTICAL_RENDER_JOB_OPTIONS,
      jobId,
    });
    await eventually(async () => {
      const state = await queue.getJobState(jobId);
      if (state !== 'active') throw new Error(`job ${state}`);
    }, 30_000);
    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const { code, at } = await worker.exited;
    expect(code, worker.output()).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    expect(await queue.getJobState(jobId), worker.output()).toBe('completed');

    // The job's lines, in order: started, the shutdown, completed (the drain waited for it).
    const lines = linesOf(worker, jobId);
    expect(lines.map((line) => line.msg)).toEqual(['job started', 'worker shutting down', 'job completed']);
    expect(lines[0]).toMatchObject({
      level: 'info',
      queue: QUEUES.verticalRender,
      jobId,
      requestId: 'render-request-1',
    });
    expect(typeof lines[0]!.time).toBe('number');
    expect(lines[2]).toMatchObject({ jobId, requestId: 'render-request-1' });
  });

  it('gives a job that outlasts the drain time back to the queue, and exits 0 in time', async () => {
    // The whole 20 s source rendered to 1080x1920: seconds of ffmpeg, more than the 1 s drain.
    const queue = renderQueue(prefixes.givingBack);
    const worker = givingBackWorker;
    const { job, jobId } = await renderJob(null);
    await queue.add('render', { ...job, httpRequestId: 'render-request-2' } as VerticalRenderJob, {
      ...VERTICAL_RENDER_JOB_OPTIONS,
      jobId,
    });
    await untilRendering(queue, jobId);
    // The worker's own metrics: the job histogram and Node's defaults.
    const metrics = await (await fetch(worker.metricsUrl)).text();
    expect(metrics).toContain('# TYPE hc_job_duration_seconds histogram');
    expect(metrics).toMatch(/^process_cpu_user_seconds_total /m);

    const signalled = Date.now();
    worker.child.kill('SIGTERM');
    const { code, at } = await worker.exited;
    expect(code, worker.output()).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);

    // Given back: waiting for the next worker, neither failed nor lost.
    expect(await queue.getJobState(jobId)).toBe('waiting');
    expect((await queue.getJob(jobId))?.failedReason ?? '').toBe('');
    expect(linesOf(worker, jobId).map((line) => line.msg)).toEqual([
      'job started',
      'worker shutting down',
      'job given back at shutdown',
    ]);
    expect(linesOf(worker, jobId).at(-1)).toMatchObject({ jobId, requestId: 'render-request-2' });
  });
});
