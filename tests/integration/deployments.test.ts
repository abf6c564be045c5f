// Two deployments on one Redis never cross. Deployment A and deployment B each have their own database on
// the local PostgreSQL and their own media folder, and share one Redis database, with nothing telling
// them apart but their databases (no JOBS_PREFIX, no key prefix): each is a real server process with the
// worker process it starts, as `npm start` runs with DATABASE_URL. Their rows are made alike, so the same
// ids (users, tasks, render job ids) exist in both, which is what let one deployment's worker finish the
// other's render before the namespaces. It shows that
// - each server and its worker derive the same namespace from their database, and A's is not B's;
// - the same render asked on both is rendered by each deployment's own worker into its own folder;
// - a login throttled on A does not throttle the same e-mail on B;
// - a live push on A does not reach a socket of B.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { LockChangedEvent } from '@hc/shared/live/events';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import { deploymentOf, type Deployment } from '@hc/db/deployment';
import { BULLMQ_CONNECTION_OPTIONS, type VerticalRenderJob } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser, TEST_PASSWORD } from '../support/factories.ts';
import { collect, connectAs, type LiveClient } from '../support/live-client.ts';
import {
  startServerProcess,
  stopProcesses,
  type AppProcess,
  type ServerProcess,
} from '../support/processes.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { LOGIN_THROTTLE } from '../../apps/server/src/features/auth/login-rate-limit.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

/** A Redis database of their own (flushed first), which both deployments share. */
const REDIS_DB = 12;
const sharedRedisUrl = (() => {
  const url = new URL(redisUrl);
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
})();

/** The same e-mail in both deployments. */
const EMAIL = 'same.person@deployments.example';
/** The same task ids in both deployments: one rendered, one locked on A, one locked on B. */
const RENDERED_VIDEO = 7001;
const LOCKED_ON_A = 7002;
const LOCKED_ON_B = 7003;

interface Side {
  name: 'A' | 'B';
  database: TestDatabase;
  dataDir: string;
  deployment: Deployment;
  server: ServerProcess;
  suggestionId: number;
  /** A session of EMAIL, opened before any login is throttled. */
  headers: Session;
}

type Headers = Record<string, string>;
type Session = { 'x-user-email': string; 'x-user-token': string };
let redis: Redis;
const sides = {} as Record<'A' | 'B', Side>;
const processes: AppProcess[] = [];
const sockets: LiveClient[] = [];

async function call(side: Side, method: string, url: string, headers: Headers, body?: unknown) {
  const response = await fetch(`${side.server.url}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { data?: never } };
}

const login = (side: Side, password: string) =>
  call(side, 'POST', '/api/v1/auth/editor/login', {}, { email: EMAIL, password });

async function session(side: Side): Promise<Session> {
  const response = await login(side, TEST_PASSWORD);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const data = response.body.data as unknown as { email: string; token: string };
  return { 'x-user-email': data.email, 'x-user-token': data.token };
}

async function takeLock(side: Side, headers: Headers, videoId: number) {
  const response = await call(side, 'POST', `/api/v1/editor/${lockPath('vertical_task', videoId)}`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as unknown as { fence: number };
}

/** One deployment's rows: made in the same order on both sides, so their ids are the same. */
async function prepare(name: 'A' | 'B') {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), `hc-deployment-${name}-`));
  await mkdir(path.join(dataDir, 'media'), { recursive: true });
  await makeSourceVideo(path.join(dataDir, 'media'));
  const db = database.handle.db;
  const { id: publisherId } = await buildPublisher(db);
  await buildUser(db, { publisherId, roles: ['switch_publisher'], email: EMAIL });
  const { suggestionIds } = await buildVerticalTask(db, { publisherId, videoId: RENDERED_VIDEO });
  await buildVerticalTask(db, { publisherId, videoId: LOCKED_ON_A });
  await buildVerticalTask(db, { publisherId, videoId: LOCKED_ON_B });
  return { database, dataDir, suggestionId: suggestionIds[0]! };
}

beforeAll(async () => {
  redis = new Redis(sharedRedisUrl, BULLMQ_CONNECTION_OPTIONS);
  await redis.flushdb();
  const prepared = await Promise.all([prepare('A'), prepare('B')]);
  const started = await Promise.allSettled(
    prepared.map(({ database, dataDir }, i) =>
      startServerProcess(`server ${i === 0 ? 'A' : 'B'}`, {
        DATABASE_URL: database.url,
        REDIS_URL: sharedRedisUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        // Each server starts its worker process (RUN_WORKER's default); their metrics ports are not shown.
        WORKER_METRICS_PORT: '0',
      }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  for (const [i, name] of (['A', 'B'] as const).entries()) {
    const { database, dataDir, suggestionId } = prepared[i]!;
    const side: Side = {
      name,
      database,
      dataDir,
      suggestionId,
      deployment: await deploymentOf(database.handle),
      server: processes[i] as ServerProcess,
      headers: { 'x-user-email': '', 'x-user-token': '' },
    };
    side.headers = await session(side);
    sides[name] = side;
  }
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stopProcesses(processes);
  await redis?.flushdb().catch(() => undefined);
  redis?.disconnect();
  for (const side of Object.values(sides)) {
    await side.database.drop();
    await rm(side.dataDir, { recursive: true, force: true });
  }
}, 60_000);

describe('two deployments on one Redis', () => {
  it('each server and its worker derive one namespace from their database, and the two differ', async () => {
    const { A, B } = sides;
    expect(A.deployment.id).not.toBe(B.deployment.id);
    for (const side of [A, B]) {
      // The server says it at start, and its worker (logging into the same output) derived the same.
      await eventually(() => {
        expect(side.server.lines).toContain(
          `Redis namespace: ${side.deployment.keyPrefix} (from ${side.deployment.source}); ` +
            `jobs prefix: ${side.deployment.jobsPrefix}`,
        );
        expect(side.server.logged('redis namespace').map((line) => line.deployment)).toEqual([
          side.deployment.id,
        ]);
      }, 30_000);
    }
  });

  it('the same render asked on both is rendered by each deployment, into its own folder', async () => {
    const jobIds: string[] = [];
    for (const side of [sides.A, sides.B]) {
      const { headers } = side;
      const { fence } = await takeLock(side, headers, RENDERED_VIDEO);
      const response = await call(
        side,
        'POST',
        '/api/v1/editor/vertical_video/approve',
        { ...headers, [LOCK_FENCE_HEADER]: String(fence) },
        { vertical_content_id: side.suggestionId, content_type: 'highlight', quality: 'good' },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      jobIds.push((response.body.data as unknown as { job_id: string }).job_id);
    }
    // The very same job id on both sides: ids come from database ids, which the two deployments share.
    expect(jobIds[0]).toBe(jobIds[1]);
    const jobId = jobIds[0]!;

    for (const side of [sides.A, sides.B]) {
      const task = await eventually(
        async () => {
          const [row] = await side.database.handle.db
            .select()
            .from(schema.verticalTasks)
            .where(eq(schema.verticalTasks.videoId, RENDERED_VIDEO));
          expect(row, `${side.name}: ${side.server.tail()}`).toMatchObject({
            status: 'ready',
            renderState: null,
          });
          return row!;
        },
        120_000,
        250,
      );
      // Rendered into this deployment's own media folder.
      expect((await stat(path.join(side.dataDir, 'media', task.videoPath!))).size).toBeGreaterThan(0);
      // Its job lives under its own namespace, stamped with its own deployment.
      const queue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, {
        connection: redis,
        prefix: side.deployment.jobsPrefix,
      });
      try {
        const job = await queue.getJob(jobId);
        expect(job?.data).toMatchObject({ deployment: side.deployment.id });
        expect(job?.finishedOn).toBeDefined();
        expect(await job?.getState()).toBe('completed');
      } finally {
        await queue.close();
      }
      // And its own worker ran it (each worker logs into its server's output).
      expect(side.server.logged('job completed').map((line) => line.jobId)).toContain(jobId);
      expect(side.server.logged('job of another deployment refused')).toEqual([]);
    }
  }, 180_000);

  it('a login throttled on A does not throttle the same e-mail on B', async () => {
    const { A, B } = sides;
    // The free failures of one address on one account, and the one that starts its first wait.
    for (let i = 0; i <= LOGIN_THROTTLE.free.pair; i += 1) {
      expect((await login(A, 'wrong password')).status).toBe(401);
    }
    // A makes this address wait: even the right password is refused there now.
    expect((await login(A, TEST_PASSWORD)).status).toBe(429);
    // B counts its own failures only.
    expect((await login(B, 'wrong password')).status).toBe(401);
    expect((await login(B, TEST_PASSWORD)).status).toBe(200);
  });

  it('a live push on A does not reach a socket of B', async () => {
    const { A, B } = sides;
    // The same user (same id, same e-mail) is connected to both deployments.
    const onA = await connectAs(A.server.url, A.headers);
    const onB = await connectAs(B.server.url, B.headers);
    sockets.push(onA, onB);
    const locksA = collect(onA, 'lock_changed');
    const locksB = collect(onB, 'lock_changed');

    await takeLock(A, A.headers, LOCKED_ON_A);
    await eventually(() => expect(locksA.map((e: LockChangedEvent) => e.id)).toContain(LOCKED_ON_A));
    // B's own push arrives after A's was published: had B's socket heard A's channel, it would be here.
    await takeLock(B, B.headers, LOCKED_ON_B);
    await eventually(() => expect(locksB.map((e: LockChangedEvent) => e.id)).toContain(LOCKED_ON_B));
    expect(locksB.map((e: LockChangedEvent) => e.id)).toEqual([LOCKED_ON_B]);
    expect(locksA.map((e: LockChangedEvent) => e.id)).toEqual([LOCKED_ON_A]);
  });
});
