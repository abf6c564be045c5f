// Operations endpoints: /healthz, /readyz (database, Redis, migrations), /metrics
// (Prometheus: route patterns, gauges, queue depths, optional bearer token), and request ids from the
// HTTP request into the jobs it enqueues.
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { migrate, openDb, queryRows } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { serverLoggerOptions } from '../../apps/server/src/features/ops/logging.ts';
import { ServerOps } from '../../apps/server/src/features/ops/metrics.ts';
import { opsRoutes } from '../../apps/server/src/features/ops/routes.ts';
import { authOf, login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { connectAs, listeningUrl, type LiveClient } from '../support/live-client.ts';
import { adminDatabaseUrl, databaseUrlFor, redisUrl } from '../support/services.ts';
import { buildStory } from '../support/story-factories.ts';

const prefix = `hc-ops-${randomBytes(4).toString('hex')}`;
const METRICS_TOKEN = 'metrics-token-for-the-ops-suite';
let t: TestApp;
let guarded: PeerApp;
let zipper: ReturnType<typeof authOf>;
let storyId: number;
let queue: Queue;

beforeAll(async () => {
  t = await startTestApp({}, { jobsPrefix: prefix });
  guarded = await startPeerApp(t, { METRICS_TOKEN });
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['stamp_manager'] });
  // The story-highlights ZIP is for 406xx identifiers: a request that enqueues a job.
  await t.ctx.db.update(schema.users).set({ userIdentifier: '40655' }).where(eq(schema.users.id, user.id));
  zipper = authOf(await login(t.app, user.email, user.password));
  storyId = (await buildStory(t.ctx.db, publisherId)).id;
  queue = new Queue(QUEUES.storyHighlightsZip, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
});

afterAll(async () => {
  if (queue) {
    await queue.obliterate({ force: true });
    const connection = await queue.client;
    await queue.close();
    connection.disconnect();
  }
  await guarded?.close();
  await t?.close();
});

/** The ops routes alone on a bare app, over the given database and Redis (to break one of them). */
async function probeApp(over: { db?: TestApp['ctx']['db']; redis?: Redis }): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(opsRoutes, {
    ops: new ServerOps(),
    db: over.db ?? t.ctx.db,
    redis: over.redis ?? t.ctx.redis,
    metricsToken: undefined,
  });
  return app;
}

describe('health and readiness', () => {
  it('/healthz answers 200 while the process serves, and 503 once it drains', async () => {
    const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok' });

    const ops = new ServerOps();
    const app = Fastify();
    await app.register(opsRoutes, { ops, db: t.ctx.db, redis: t.ctx.redis, metricsToken: undefined });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    ops.draining = true;
    const draining = await app.inject({ method: 'GET', url: '/healthz' });
    expect(draining.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await app.close();
  });

  it('/readyz is 200 when the database, Redis and every migration are there, and says nothing else', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, redis: true, migrations: true },
    });
  });

  it('/readyz is 503 when Redis does not answer', async () => {
    // Port 1 on loopback: nothing listens there, connections are refused at once.
    const deadRedis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    deadRedis.on('error', () => undefined);
    const app = await probeApp({ redis: deadRedis });
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unready',
      checks: { database: true, redis: false, migrations: true },
    });
    await app.close();
    deadRedis.disconnect();
  });

  it('/readyz is 503 when the database does not answer', async () => {
    const missing = await openDb({
      databaseUrl: databaseUrlFor(`hc_missing_${randomBytes(4).toString('hex')}`),
      poolSize: 1,
      onIdleError: () => undefined,
    });
    const app = await probeApp({ db: missing.db });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unready',
      checks: { database: false, redis: true, migrations: false },
    });
    await app.close();
    await missing.close();
  });

  it('/readyz is 503 while a committed migration is not applied', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.ctx.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ checks: { database: true, redis: true, migrations: false } });
    } finally {
      await t.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('echoes a safe x-request-id, and makes one up for a missing or unsafe one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.request_42' },
    });
    expect(echoed.headers['x-request-id']).toBe('lb-7f3a.request_42');

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const madeUp = new Set<unknown>();
    for (const unsafe of ['has space', 'x'.repeat(65), 'line\\nbreak', 'a/b']) {
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': unsafe },
      });
      expect(replaced.headers['x-request-id']).toMatch(uuid);
      madeUp.add(replaced.headers['x-request-id']);
    }
    const generated = await t.app.inject({ method: 'GET', url: '/api/v1/editor/publishers' });
    expect(generated.statusCode).toBe(401); // refusals carry it too
    expect(generated.headers['x-request-id']).toMatch(uuid);
    madeUp.add(generated.headers['x-request-id']);
    expect(madeUp.size).toBe(5); // each request its own
  });

  it('a job enqueued by a request carries the request id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/editor/stamp/stories/${storyId}/highlights_zip`,
      headers: { ...zipper, 'x-request-id': 'zip-request-0001' },
    });
    expect(response.statusCode).toBe(202);
    const jobId = (response.json() as { data: { job_id: string } }).data.job_id;
    const job = await queue.getJob(jobId);
    expect(job?.data).toMatchObject({ storyId, httpRequestId: 'zip-request-0001' });
  });
});

describe('logs', () => {
  it('are JSON lines with the level by name, and never hold a token, a cookie or a co-editing ticket', () => {
    const lines: string[] = [];
    const logger = pino(serverLoggerOptions('info'), { write: (line: string) => lines.push(line) });
    const headers = {
      'x-user-token': 'tok-SECRET-1',
      authorization: 'Bearer SECRET-2',
      cookie: 'hc=SECRET-3',
    };
    logger.info(
      { req: { method: 'GET', url: '/collab/story:1?ticket=SECRET-4&x=1', headers, ip: '127.0.0.1' } },
      'incoming request',
    );
    logger.warn({ headers }, 'a handler logged its headers');
    const [request, handler] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(request).toMatchObject({
      level: 'info',
      msg: 'incoming request',
      req: { method: 'GET', url: '/collab/story:1?ticket=[Redacted]&x=1' },
    });
    expect(handler).toMatchObject({ level: 'warn', headers: { 'x-user-token': '[Redacted]' } });
    expect(lines.join('')).not.toMatch(/SECRET/);
  });
});

describe('/metrics', () => {
  let client: LiveClient | undefined;
  afterAll(() => client?.close());

  it('reports HTTP latency by route pattern (never the raw URL), the gauges, queue depths and process metrics', async () => {
    const url = await listeningUrl(t.app);
    client = await connectAs(url, zipper);
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/stamp/stories/highlights_zip/story-${storyId}-1`,
    });
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/editor\/stamp\/stories\/highlights_zip\/:job_id",status_code="401"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/,
    );
    expect(text).not.toContain(`story-${storyId}-1`);
    expect(text).not.toContain('12345');
    expect(text).toMatch(/^hc_live_sockets 1$/m);
    expect(text).toMatch(/^hc_collab_documents 0$/m);
    expect(text).toMatch(/^hc_collab_connections 0$/m);
    expect(text).toMatch(/^hc_task_locks_active\{kind="vertical_task"\} 0$/m);
    expect(text).toMatch(/^hc_task_locks_active\{kind="article"\} 0$/m);
    // The job the request-id test enqueued waits (no worker runs here).
    expect(text).toMatch(/^hc_queue_jobs\{queue="story-highlights-zip",state="waiting"\} 1$/m);
    expect(text).toMatch(/^hc_queue_jobs\{queue="vertical-render",state="failed"\} 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts a held task lock', async () => {
    const publisherId = (await buildPublisher(t.ctx.db)).id;
    const holder = await buildUser(t.ctx.db, { publisherId });
    await t.ctx.db.execute(sql`insert into articles (id, publisher_id, title, url, created_at,
      lock_holder_user_id, lock_expires_at)
      values (${Date.now()}, ${publisherId}, 'Held', 'https://example.test/held', now(), ${holder.id},
      now() + interval '1 minute')`);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^hc_task_locks_active\{kind="article"\} 1$/m);
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('http_request_duration_seconds');
    const wrong = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.replace(/.$/, 'X')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
    // The probes stay open: a load balancer has no token.
    expect((await guarded.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('without a token and without demo data answers only callers on this machine', async () => {
    const closed = await startPeerApp(t, { SEED_DEMO: 'false' });
    try {
      const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
        closed.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await from(local);
        expect(response.statusCode, local).toBe(200);
        expect(response.body).toContain('http_request_duration_seconds');
      }
      for (const remote of ['10.1.2.3', '192.168.0.7', '2001:db8::1']) {
        const response = await from(remote);
        expect(response.statusCode, remote).toBe(403);
        expect(response.json()).toEqual({ success: false, errors: [messages.metricsLoopbackOnly] });
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
      // Through a proxy on this machine (it says whom it forwards), or a forged header: not local.
      expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
      expect((await from('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
      expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
      // The probes stay open.
      expect(
        (await closed.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3' })).statusCode,
      ).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('on a demo (demo data on) without a token stays open, as documented', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
  });
});

describe('start-up lock', () => {
  it('two replicas starting at once on an empty database migrate one after the other, both successfully', async () => {
    const name = `hc_ops_lock_${randomBytes(4).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminDatabaseUrl });
      await client.connect();
      await client.query(query).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const replicas = await Promise.all(
      [0, 1].map(() =>
        openDb({ databaseUrl: databaseUrlFor(name), poolSize: 3, onIdleError: () => undefined }),
      ),
    );
    try {
      const spans: [number, number][] = [];
      await Promise.all(
        replicas.map((replica) =>
          replica.exclusively(async () => {
            const started = performance.now();
            await migrate(replica);
            spans.push([started, performance.now()]);
          }),
        ),
      );
      // One after the other: the second began after the first ended.
      const [first, second] = spans.sort((a, b) => a[0] - b[0]);
      expect(second![0]).toBeGreaterThanOrEqual(first![1]);
      const applied = await queryRows<{ n: string }>(
        replicas[0]!.db,
        sql`select count(*) as n from drizzle.__drizzle_migrations`,
      );
      const journal = await import('../../packages/db/migrations/meta/_journal.json', {
        with: { type: 'json' },
      });
      expect(Number(applied[0]!.n)).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
