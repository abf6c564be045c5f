// Fault injection: worker processes killed with SIGKILL in the middle of every
// job type the worker runs — vertical render, story-highlights zip, monetization submit, report fill,
// report update and maintenance — on real processes (`node apps/<app>/src/main.ts`), a private Redis and
// a fresh PostgreSQL database.
// - Killed once at a seeded random point, the job is taken up by another worker and its effect happens
//   exactly once: one MP4 and one archive in the media store, the database's rows changed once (audit
//   entries, workbook version, deleted sessions).
// - Killed twice, the job ends failed with its reason, shown by its status route, never silently lost;
//   nothing of it is applied.
// Jobs are held mid-run by the test where they would otherwise finish in milliseconds: a row the job
// must write is locked by the test's own transaction (grid and report configs, the workbook, expired
// sessions), a story's videos are named pipes the zip job blocks reading until the test feeds them, and
// a render is watched through its progress. The seed (FAULTS_SEED to replay) picks the kill points.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import ExcelJS from 'exceljs';
import { eq, inArray, lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridSubmitStatus } from '@hc/shared/api/ad-grid';
import type { ReportStatus } from '@hc/shared/api/reports';
import type { JobProgressEvent } from '@hc/shared/live/events';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import { jobMessages, messages } from '@hc/shared/messages';
import { loadGridData } from '@hc/monetization/grid';
import { writeReportWorkbook } from '@hc/monetization/workbook';
import { deploymentOf } from '@hc/db/deployment';
import { BULLMQ_CONNECTION_OPTIONS } from '@hc/shared/job-contracts';
import { QUEUES, type QueueName } from '@hc/shared/queues';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { connectAs } from '../support/live-client.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';
import {
  killHard,
  startServerProcess,
  startWorkerProcess,
  type AppProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../support/processes.ts';
import { startRedisProcess, type RedisProcess } from '../support/redis-process.ts';
import { eventually } from '../support/retry.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

/** mulberry32: a small seeded generator, so a failing run's kill points can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Number(process.env.FAULTS_SEED ?? randomInt(1, 2 ** 31));
const random = seeded(SEED);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
console.log(`worker-kill: seed ${SEED} (FAULTS_SEED=${SEED} replays the kill points)`);

/** A killed worker's job is found stalled within ~3 s (lock 2.5 s, checked every 0.5 s). */
const WORKER_LOCKS = { WORKER_LOCK_DURATION_MS: '2500', WORKER_STALLED_INTERVAL_MS: '500' };
const STALLED_REASON = 'job stalled more than allowable limit';

type Headers = Record<string, string>;
/** A login's headers (what the live client's handshake sends too). */
type Session = { 'x-user-email': string; 'x-user-token': string };

let database: TestDatabase;
let redisServer: RedisProcess;
let redis: Redis;
let dataDir: string;
let mediaDir: string;
let server: ServerProcess;
const processes: AppProcess[] = [];
const queues = {} as Record<QueueName, Queue>;
const cleanups: (() => unknown)[] = [];
let workerCount = 0;

let publisherId: number;
let adminUserId: number;
const sessions = {} as Record<'reviewer' | 'zipper' | 'admin', Session>;
/** The grid submits and report updates each change a publisher of their own (its config rows are held). */
const pubs = {} as Record<'grid1' | 'grid2' | 'update1' | 'update2', { id: number }>;

const db = () => database.handle.db;

async function call(method: string, url: string, headers: Headers, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1/editor/${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { data?: never } };
}

async function ok<T>(method: string, url: string, headers: Headers, body?: unknown, status = 200) {
  const response = await call(method, url, headers, body);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body.data as T;
}

async function login(email: string, password: string): Promise<Session> {
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

/** The job ids a worker process started (its 'job started' lines), one entry per attempt. */
const startedOn = (worker: WorkerProcess) => worker.logged('job started').map((e) => String(e.jobId));

beforeAll(async () => {
  const began = Date.now();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-faults-kill-'));
  mediaDir = path.join(dataDir, 'media');
  await mkdir(path.join(dataDir, 'redis'), { recursive: true });
  [redisServer, database] = await Promise.all([
    startRedisProcess(path.join(dataDir, 'redis')),
    createTestDatabase(),
    makeSourceVideo(mediaDir).then(() => undefined),
  ]).then(([r, d]) => [r, d] as const);
  redis = new Redis(redisServer.url, BULLMQ_CONNECTION_OPTIONS);
  // The processes' queues: under the namespace they derive from the database, as this does.
  const { jobsPrefix } = await deploymentOf(database.handle);
  for (const name of Object.values(QUEUES))
    queues[name] = new Queue(name, { connection: redis, prefix: jobsPrefix });

  const serverEnv = {
    DATABASE_URL: database.url,
    REDIS_URL: redisServer.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  };
  const starting = Promise.all([startServerProcess('server', serverEnv), startWorker()]);
  publisherId = (await buildPublisher(db())).id;
  const reviewer = await buildUser(db(), { publisherId, roles: ['switch_publisher'] });
  const zipper = await buildUser(db(), { publisherId, roles: ['stamp_manager'] });
  // Story archives are for 406xx users only.
  await db().update(schema.users).set({ userIdentifier: '40677' }).where(eq(schema.users.id, zipper.id));
  const admin = await buildUser(db(), { publisherId, isAdmin: true });
  adminUserId = admin.id;
  for (const name of ['grid1', 'grid2', 'update1', 'update2'] as const)
    pubs[name] = (await buildConfiguredPublisher(db(), `Faults ${name}`)).publisher;
  [server] = await starting;
  processes.push(server); // the worker is in already (startWorker)
  sessions.reviewer = await login(reviewer.email, reviewer.password);
  sessions.zipper = await login(zipper.email, zipper.password);
  sessions.admin = await login(admin.email, admin.password);
  console.log(`worker-kill: database, Redis, server and worker ready in ${Date.now() - began} ms`);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  await Promise.all(processes.map(killHard));
  for (const queue of Object.values(queues)) await queue?.close().catch(() => undefined);
  redis?.disconnect();
  await redisServer?.kill();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

// --- What the test holds, and how it starts each job through the server. ---

/**
 * A transaction of the test's own holding row locks: a job that must write one of those rows waits,
 * mid-run, until `release`. Separate connection: the held rows block the workers, not the test.
 */
async function holdRows(statements: [string, unknown[]][]) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  for (const [sql, params] of statements) await client.query(sql, params);
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

/** A named pipe in the media store: a zip job reading it blocks until `feeding` hands it the bytes. */
async function mediaPipe(relative: string) {
  const file = path.join(mediaDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  const bytes = randomBytes(20_000);
  let stopped = true;
  let fed = 0;
  const loop = async () => {
    while (!stopped) {
      // Opening for writing without a reader fails at once (ENXIO): no job is reading yet.
      const handle = await open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
      if (handle) {
        try {
          await handle.write(bytes); // fits in the pipe's buffer: never blocks
          fed++;
        } catch {
          // EPIPE: the reader went away mid-write (its worker was killed); the next reader is fed again.
        } finally {
          await handle.close();
        }
      }
      await sleep(30);
    }
  };
  const pipe = {
    bytes,
    fed: () => fed,
    /** Feeds every reader that opens the pipe from now on (a retried job reads it again). */
    feed() {
      if (!stopped) return;
      stopped = false;
      void loop();
    },
    stop: () => (stopped = true),
  };
  cleanups.push(pipe.stop);
  return pipe;
}

async function storyOfPipes(title: string, count: number) {
  const story = await buildStory(db(), publisherId, { title });
  const pipes = [];
  for (let i = 0; i < count; i++) {
    const relative = `clips/${title.replaceAll(' ', '-')}-${i + 1}.mp4`;
    pipes.push(await mediaPipe(relative));
    await buildStoryPage(db(), story.id, {
      ordinal: i + 1,
      objectType: 'video',
      title: `${title} ${i + 1}`,
      videoUrl: relative,
    });
  }
  return { storyId: story.id, pipes };
}

/**
 * Approves a task of `seconds` of the source rendered to a `width`-wide 9:16 vertical: the size sets how
 * long ffmpeg runs (seconds at 360 wide on a loaded machine, a fraction of that at 270).
 */
async function approveRender(seconds: number, width: number): Promise<{ videoId: number; jobId: string }> {
  const { videoId, suggestionIds } = await buildVerticalTask(db(), {
    publisherId,
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
  const lock = await ok<{ fence: number }>('POST', lockPath('vertical_task', videoId), sessions.reviewer);
  const started = await ok<{ job_id: string }>(
    'POST',
    'vertical_video/approve',
    { ...sessions.reviewer, [LOCK_FENCE_HEADER]: String(lock.fence) },
    { vertical_content_id: suggestionIds[0], content_type: 'highlight', quality: 'good' },
    202,
  );
  return { videoId, jobId: started.job_id };
}

const renderStatus = (jobId: string) =>
  ok<{ state: string; progress: number; video_url: string | null; error: string | null }>(
    'GET',
    `vertical_video/render_jobs/${jobId}`,
    sessions.reviewer,
  );

const startZip = async (storyId: number) =>
  (await ok<{ job_id: string }>('POST', `stamp/stories/${storyId}/highlights_zip`, sessions.zipper, {}, 202))
    .job_id;
const zipStatus = (jobId: string) =>
  ok<{ state: string; progress: number; url: string | null }>(
    'GET',
    `stamp/stories/highlights_zip/${jobId}`,
    sessions.zipper,
  );

const submitGrid = async (pub: { id: number }, vastRetry: number) =>
  (
    await ok<{ job_id: string }>(
      'POST',
      'monetization_setup/submit',
      sessions.admin,
      {
        data: {
          publisher: [{ key: `publisher:${pub.id}`, changes: { vastRetry } }],
          placement: [],
          display: [],
          displayPlacement: [],
        },
        session_id: `faults-${randomBytes(6).toString('hex')}`,
      },
      202,
    )
  ).job_id;
const gridStatus = (jobId: string) =>
  ok<GridSubmitStatus>('GET', `monetization_setup/submit/${jobId}`, sessions.admin);

const newWorkbook = async () =>
  (await ok<{ external_id: string }>('POST', 'bulk-update/workbooks', sessions.admin, undefined, 201))
    .external_id;
const startFill = async (externalId: string, publisherIds: number[]) =>
  (
    await ok<{ job_id: string }>(
      'POST',
      'bulk-update/fill',
      sessions.admin,
      { external_id: externalId, publisher_ids: publisherIds },
      202,
    )
  ).job_id;
const startUpdate = async (externalId: string) =>
  (
    await ok<{ job_id: string }>(
      'POST',
      'bulk-update/submit',
      sessions.admin,
      { external_id: externalId },
      202,
    )
  ).job_id;
const reportStatus = (jobId: string) => ok<ReportStatus>('GET', `bulk-update/jobs/${jobId}`, sessions.admin);

/** An edited copy of a filled workbook, uploaded: its spreadsheet id. */
async function uploadEdited(filled: ExcelJS.Workbook, publisher: { id: number }, viewportAd: number) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await filled.xlsx.writeBuffer()) as ArrayBuffer);
  const sheet = workbook.getWorksheet('Video Publisher')!;
  let column = 0;
  sheet.getRow(1).eachCell((cell, col) => {
    if (cell.value === 'Ad Viewport') column = col;
  });
  sheet.eachRow((row) => {
    if (row.getCell(1).value === `publisher:${publisher.id}`) row.getCell(column).value = viewportAd;
  });
  const boundary = `----hc${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(await workbook.xlsx.writeBuffer()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${server.url}/api/v1/editor/bulk-update/workbooks/upload`, {
    method: 'POST',
    headers: { ...sessions.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { external_id: string } }).data.external_id;
}

/** Expired sessions of the admin for the purge to delete; their ids. */
async function expiredSessions(count: number) {
  const rows = await db()
    .insert(schema.sessions)
    .values(
      Array.from({ length: count }, () => ({
        tokenHash: randomBytes(16).toString('hex'),
        userId: adminUserId,
        publisherId,
        expiresAt: new Date(Date.now() - 3_600_000),
      })),
    )
    .returning({ id: schema.sessions.id });
  return rows.map((r) => r.id);
}

/** A purge as an operator would queue it by hand (the hourly one is scheduled by the workers). */
const startPurge = async (jobId: string) => {
  await queues[QUEUES.maintenance].add(
    'purge-expired-sessions',
    { loginAttemptRetentionDays: 90 },
    { jobId, attempts: 3 },
  );
  return jobId;
};

const videoConfigOf = async (pub: { id: number }) =>
  (
    await db()
      .select({ config: schema.videoConfigs.config })
      .from(schema.videoConfigs)
      .where(eq(schema.videoConfigs.publisherId, pub.id))
  ).map((r) => r.config as Record<string, unknown>);
const auditCount = async (pub: { id: number }) =>
  (
    await db()
      .select({ id: schema.monetizationAudits.id })
      .from(schema.monetizationAudits)
      .where(eq(schema.monetizationAudits.publisherId, pub.id))
  ).length;
const workbookVersion = async (externalId: string) =>
  (
    await db()
      .select({ version: schema.workbooks.version })
      .from(schema.workbooks)
      .where(eq(schema.workbooks.externalId, externalId))
  )[0]!.version;
const sessionsLeft = async (ids: number[]) =>
  (
    await db()
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(inArray(schema.sessions.id, ids))
  ).length;
const filesOf = async (dir: string, jobId: string) =>
  (await readdir(path.join(mediaDir, dir)).catch(() => [] as string[])).filter((name) =>
    name.includes(jobId),
  );

const lockRows = (table: string, column: string, ids: (number | string)[]): [string, unknown[]] => [
  `select 1 from ${table} where ${column} = any($1) for update`,
  [ids],
];

/** Each job's queue, for its BullMQ state. */
interface Started {
  queue: QueueName;
  jobId: string;
}
const stateOf = async ({ queue, jobId }: Started) => (await queues[queue].getJob(jobId))?.getState();

async function allActive(jobs: Started[], worker: WorkerProcess, timeoutMs = 20_000) {
  await eventually(
    async () => {
      for (const job of jobs) {
        expect(await stateOf(job), `${job.jobId} on ${worker.name}\n${worker.tail(5)}`).toBe('active');
        expect(startedOn(worker), job.jobId).toContain(job.jobId);
      }
    },
    timeoutMs,
    100,
  );
}

describe('a worker killed with SIGKILL in the middle of each job type', () => {
  let phaseOneWorker: WorkerProcess;
  /** An edited workbook the first test uploads for the second's report update. */
  let spareUpdateWorkbook: string;

  it('runs every job once more on another worker, and its effect happens exactly once', async () => {
    const started = Date.now();
    // The workbooks the report updates edit: what a fill of their publishers writes, made here.
    const filled = new ExcelJS.Workbook();
    await filled.xlsx.load(
      (await writeReportWorkbook(await loadGridData(db(), [pubs.update1.id, pubs.update2.id]))) as never,
    );
    const updateWorkbooks = [
      await uploadEdited(filled, pubs.update1, 41),
      await uploadEdited(filled, pubs.update2, 42),
    ];
    spareUpdateWorkbook = updateWorkbooks[1]!;

    const fillWorkbook = await newWorkbook();
    const fillVersion = await workbookVersion(fillWorkbook);
    const expired = await expiredSessions(3);
    const zip = await storyOfPipes('Kill once', 3);
    const audits = { grid: await auditCount(pubs.grid1), update: await auditCount(pubs.update1) };
    // Rows the jobs write are held: each job runs up to that write and waits there.
    const held = await holdRows([
      lockRows('video_configs', 'publisher_id', [pubs.grid1.id, pubs.update1.id]),
      lockRows('workbooks', 'external_id', [fillWorkbook]),
      lockRows('sessions', 'id', expired),
    ]);

    // Long enough to be killed at a chosen share of its frames.
    const render = await approveRender(8, 360);
    const jobs: Record<string, Started> = {
      render: { queue: QUEUES.verticalRender, jobId: render.jobId },
      zip: { queue: QUEUES.storyHighlightsZip, jobId: await startZip(zip.storyId) },
      grid: { queue: QUEUES.monetizationSubmit, jobId: await submitGrid(pubs.grid1, 4) },
      fill: { queue: QUEUES.reportFill, jobId: await startFill(fillWorkbook, [pubs.grid1.id]) },
      update: { queue: QUEUES.reportUpdate, jobId: await startUpdate(updateWorkbooks[0]!) },
      purge: { queue: QUEUES.maintenance, jobId: await startPurge('faults-purge-once') },
    };
    const [first] = processes.filter((p) => p.name === 'worker 1') as WorkerProcess[];
    await allActive(Object.values(jobs), first!);
    const activeAt = Date.now() - started;
    // The next worker starts meanwhile (seconds): the first holds every job, nothing waits for it to take.
    const starting = startWorker();

    // The kill points: the render at a seeded share of its frames, the zip after a seeded number of its
    // three videos, the held jobs let go a seeded number of milliseconds before the kill (mid-transaction,
    // between their commit and BullMQ's completion, or done).
    const renderAt = between(5, 80);
    const zipFiles = between(0, 2);
    const releasedFor = between(0, 150);
    await eventually(
      async () => expect((await renderStatus(render.jobId)).progress).toBeGreaterThanOrEqual(renderAt),
      20_000,
    );
    for (const pipe of zip.pipes.slice(0, zipFiles)) pipe.feed();
    await eventually(() => expect(zip.pipes.slice(0, zipFiles).every((p) => p.fed() > 0)).toBe(true), 10_000);
    await held.release();
    await sleep(releasedFor);
    await killHard(first!);
    const killedAt = Date.now() - started;
    const atKill = {
      render: (await renderStatus(render.jobId)).progress,
      states: Object.fromEntries(
        await Promise.all(Object.entries(jobs).map(async ([k, job]) => [k, await stateOf(job)])),
      ),
    };
    console.log(
      `worker-kill: killed once at render ${atKill.render}% (asked ${renderAt}%), zip after ${zipFiles}/3 videos, ` +
        `held jobs ${releasedFor} ms after release; states then ${JSON.stringify(atKill.states)}`,
    );

    phaseOneWorker = await starting;
    for (const pipe of zip.pipes) pipe.feed();
    await eventually(
      async () => {
        for (const job of Object.values(jobs)) expect(await stateOf(job), job.jobId).toBe('completed');
      },
      30_000,
      200,
    );
    for (const pipe of zip.pipes) pipe.stop();

    // The render: one MP4 under its final name, no temp file left, the task ready with it.
    const renderFiles = await filesOf(`vertical/${publisherId}`, render.jobId);
    expect(renderFiles).toHaveLength(1);
    expect(renderFiles[0]).toMatch(/\.mp4$/);
    const [task] = await db()
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, render.videoId));
    expect(task).toMatchObject({
      status: 'ready',
      renderState: null,
      videoPath: `vertical/${publisherId}/${renderFiles[0]}`,
    });
    expect((await renderStatus(render.jobId)).state).toBe('completed');
    // The zip: one archive, its three entries the bytes the pipes gave.
    const archives = await filesOf(`archives/story-highlights/${publisherId}`, jobs.zip!.jobId);
    expect(archives).toHaveLength(1);
    const archive = path.join(mediaDir, 'archives/story-highlights', String(publisherId), archives[0]!);
    const entries = execFileSync('unzip', ['-Z1', archive]).toString().trim().split('\n');
    expect(entries).toHaveLength(3);
    for (const [i, entry] of entries.entries())
      expect(
        execFileSync('unzip', ['-p', archive, entry], { maxBuffer: 1 << 24 }).equals(zip.pipes[i]!.bytes),
      ).toBe(true);
    expect((await zipStatus(jobs.zip!.jobId)).state).toBe('completed');
    // The grid submit and the report update: applied once (one audit entry each).
    expect(await gridStatus(jobs.grid!.jobId)).toEqual({ state: 'completed', progress: 100, errors: [] });
    expect((await videoConfigOf(pubs.grid1)).find((c) => 'vastRetry' in c)).toMatchObject({ vastRetry: 4 });
    expect(await auditCount(pubs.grid1)).toBe(audits.grid + 1);
    expect(await reportStatus(jobs.update!.jobId)).toMatchObject({ state: 'completed', errors: [] });
    expect((await videoConfigOf(pubs.update1)).find((c) => 'viewportAd' in c)).toMatchObject({
      viewportAd: 41,
    });
    expect(await auditCount(pubs.update1)).toBe(audits.update + 1);
    // The fill: the workbook written once (its version counts writes).
    expect(await reportStatus(jobs.fill!.jobId)).toMatchObject({ state: 'completed', errors: [] });
    expect(await workbookVersion(fillWorkbook)).toBe(fillVersion + 1);
    // The purge: the expired sessions gone, the live ones kept (the callers above are still signed in).
    expect(await sessionsLeft(expired)).toBe(0);
    expect(
      await db().select().from(schema.sessions).where(lt(schema.sessions.expiresAt, new Date())),
    ).toEqual([]);
    console.log(
      `worker-kill: killed once: all active at ${activeAt} ms, killed at ${killedAt} ms, ` +
        `all six recovered and checked at ${Date.now() - started} ms`,
    );
  });

  it('ends a job killed twice as failed with its reason, shown by its status route; nothing of it applied', async () => {
    const started = Date.now();
    const updateWorkbook = spareUpdateWorkbook;
    // The users who start the jobs, on the live channel: each is told of their job's failure.
    const progress: JobProgressEvent[] = [];
    for (const session of Object.values(sessions)) {
      const live = await connectAs(server.url, session);
      cleanups.push(() => live.close());
      live.on('job_progress', (event) => progress.push(event));
    }
    const fillWorkbook = await newWorkbook();
    const expired = await expiredSessions(3);
    const zip = await storyOfPipes('Kill twice', 2);
    const audits = { grid: await auditCount(pubs.grid2), update: await auditCount(pubs.update2) };
    const configs = { grid: await videoConfigOf(pubs.grid2), update: await videoConfigOf(pubs.update2) };
    // Held for the whole test: every run of these jobs waits mid-run until its worker is killed.
    // Rendered once whole (then held): small.
    const render = await approveRender(5, 270);
    // The render is held at its end: its MP4 made and renamed, the task's row not yet written.
    const held = await holdRows([
      lockRows('video_configs', 'publisher_id', [pubs.grid2.id, pubs.update2.id]),
      lockRows('workbooks', 'external_id', [fillWorkbook]),
      lockRows('sessions', 'id', expired),
      lockRows('vertical_tasks', 'video_id', [render.videoId]),
    ]);
    const jobs: Record<string, Started> = {
      render: { queue: QUEUES.verticalRender, jobId: render.jobId },
      zip: { queue: QUEUES.storyHighlightsZip, jobId: await startZip(zip.storyId) },
      grid: { queue: QUEUES.monetizationSubmit, jobId: await submitGrid(pubs.grid2, 5) },
      fill: { queue: QUEUES.reportFill, jobId: await startFill(fillWorkbook, [pubs.grid2.id]) },
      update: { queue: QUEUES.reportUpdate, jobId: await startUpdate(updateWorkbook) },
      purge: { queue: QUEUES.maintenance, jobId: await startPurge('faults-purge-twice') },
    };

    // Each next worker starts while the current one holds every job (nothing is waiting for it to take).
    let current = phaseOneWorker;
    for (const kill of [1, 2]) {
      await allActive(Object.values(jobs), current);
      // The first run renders the MP4 under its final name; the second finds it and goes straight to the
      // held write.
      await eventually(async () => {
        const made = await filesOf(`vertical/${publisherId}`, render.jobId);
        expect(made.filter((name) => name.endsWith('.mp4'))).toHaveLength(1);
      }, 30_000);
      const next = await startWorker();
      await killHard(current);
      console.log(`worker-kill: kill ${kill} of the same jobs (${current.name})`);
      current = next;
    }
    await eventually(
      async () => {
        for (const job of Object.values(jobs)) {
          const found = await queues[job.queue].getJob(job.jobId);
          expect(await found?.getState(), job.jobId).toBe('failed');
          expect(found?.failedReason).toBe(STALLED_REASON);
        }
      },
      20_000,
      200,
    );
    await held.release();

    // Their users were told, live: the render with its reason, the others in the screens' words.
    await eventually(() => {
      for (const [name, job] of Object.entries(jobs)) {
        if (name === 'purge') continue; // no user starts it
        const failed = progress.find((e) => e.job_id === job.jobId && e.state === 'failed');
        expect(failed?.error, name).toBe(
          name === 'render' ? jobMessages.workerStopped : messages.somethingWentWrong,
        );
      }
    });
    // The callers' status routes say failed: the render with the catalogue's reason, the others in their
    // own words.
    expect(await renderStatus(render.jobId)).toMatchObject({
      state: 'failed',
      error: jobMessages.workerStopped,
    });
    expect((await zipStatus(jobs.zip!.jobId)).state).toBe('failed');
    expect(await gridStatus(jobs.grid!.jobId)).toMatchObject({ state: 'failed' });
    expect(await reportStatus(jobs.fill!.jobId)).toMatchObject({ state: 'failed' });
    expect(await reportStatus(jobs.update!.jobId)).toMatchObject({ state: 'failed' });
    // The task is told too (the review list shows it), not left 'queued' for a render that will not come.
    await eventually(async () => {
      const [task] = await db()
        .select()
        .from(schema.verticalTasks)
        .where(eq(schema.verticalTasks.videoId, render.videoId));
      expect(task).toMatchObject({
        status: 'review',
        renderState: 'failed',
        renderError: jobMessages.workerStopped,
      });
    });
    // Nothing applied: no file, no config or audit entry, the workbook unwritten. (The expired sessions are
    // not counted: the hourly purge every worker schedules at its start deletes them once let go.)
    expect(await filesOf(`vertical/${publisherId}`, render.jobId)).toEqual([]);
    expect(await filesOf(`archives/story-highlights/${publisherId}`, jobs.zip!.jobId)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/\.zip$/)]),
    );
    expect(await videoConfigOf(pubs.grid2)).toEqual(configs.grid);
    expect(await videoConfigOf(pubs.update2)).toEqual(configs.update);
    expect(await auditCount(pubs.grid2)).toBe(audits.grid);
    expect(await auditCount(pubs.update2)).toBe(audits.update);
    expect(await workbookVersion(fillWorkbook)).toBe(1);
    console.log(`worker-kill: killed twice, all six failed with their reason, ${Date.now() - started} ms`);
  });
});
