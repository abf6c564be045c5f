// Prometheus metrics of a server process (GET /metrics): HTTP latency per route pattern, live sockets,
// co-editing documents and connections, active task locks, BullMQ queue depths, and Node's defaults.
// Gauges are read at scrape time from their sources, so nothing is counted twice or drifts.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { queryRows, type Db } from '@hc/db/client';
import { QUEUES } from '@hc/shared/queues';
import { RequestDurations } from './request-durations.ts';

/** The BullMQ states a queue's depth is reported in. */
export const QUEUE_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'paused',
  'failed',
  'completed',
] as const;

/** A scrape must answer even when Redis or the database does not: each source gets this long. */
const SOURCE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A registry with Node's default process metrics: one per process (the embedded worker adds to it). */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * What the server reports besides HTTP: the live channel and the co-editing hub set their sources when
 * they start; until then (or in an app without them) they count zero. `draining` turns /healthz to 503
 * once shutdown began.
 */
export class ServerOps {
  draining = false;
  liveSockets: () => number = () => 0;
  collab: () => { documents: number; connections: number } = () => ({ documents: 0, connections: 0 });

  constructor(readonly registry: Registry = createMetricsRegistry()) {}
}

export interface ServerMetricsDeps {
  db: Db;
  redisUrl: string;
  /** BullMQ key prefix of the queues reported (the one the server enqueues on). */
  jobsPrefix: string | undefined;
}

/** Registers the server's metrics on its registry, and the HTTP timing hook on the app. */
export function registerServerMetrics(app: FastifyInstance, ops: ServerOps, deps: ServerMetricsDeps): void {
  const registers = [ops.registry];

  const httpDuration = new RequestDurations(
    'http_request_duration_seconds',
    'HTTP request duration by method, route pattern and status code.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ops.registry,
  );
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/api/v1/editor/stories/:id), never the URL: ids would make a series per row.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'hc_live_sockets',
    help: 'socket.io connections of the live channel open on this process.',
    registers,
    collect() {
      this.set(ops.liveSockets());
    },
  });
  new Gauge({
    name: 'hc_collab_documents',
    help: 'Co-edited documents open on this process.',
    registers,
    collect() {
      this.set(ops.collab().documents);
    },
  });
  new Gauge({
    name: 'hc_collab_connections',
    help: 'Co-editing WebSocket connections open on this process.',
    registers,
    collect() {
      this.set(ops.collab().connections);
    },
  });

  new Gauge({
    name: 'hc_task_locks_active',
    help: 'Task locks whose lease has not expired, by kind (deployment-wide, from the database).',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      // One query; the partial indexes on lock_expires_at hold only leased rows, so it reads only those.
      const rows = await within(
        queryRows<{ vertical_task: number | string; article: number | string }>(
          deps.db,
          sql`select
            (select count(*) from vertical_tasks where lock_expires_at > now()) as vertical_task,
            (select count(*) from articles where lock_expires_at > now()) as article`,
        ),
        SOURCE_TIMEOUT_MS,
        'task lock count',
      ).catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: task locks not counted');
        return null;
      });
      this.reset();
      if (!rows?.[0]) return;
      this.set({ kind: 'vertical_task' }, Number(rows[0].vertical_task));
      this.set({ kind: 'article' }, Number(rows[0].article));
    },
  });

  // Read-only queues on one connection of their own, opened at the first scrape. Not BullMQ's retry-forever
  // connection: a scrape during a Redis outage fails fast instead of hanging.
  let queues: { connection: Redis; queues: Queue[] } | null = null;
  const openQueues = () => {
    if (!queues) {
      const connection = new Redis(deps.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
      connection.on('error', () => undefined); // a scrape reports it; reconnecting is ioredis's job
      queues = {
        connection,
        queues: Object.values(QUEUES).map((name) => {
          const queue = new Queue(name, { connection, prefix: deps.jobsPrefix });
          queue.on('error', () => undefined);
          return queue;
        }),
      };
    }
    return queues.queues;
  };
  app.addHook('onClose', async () => {
    if (!queues) return;
    const { connection, queues: open } = queues;
    await Promise.all(open.map((queue) => queue.close().catch(() => undefined)));
    await connection.quit().catch(() => connection.disconnect());
  });
  new Gauge({
    name: 'hc_queue_jobs',
    help: 'BullMQ jobs per queue and state (deployment-wide, from Redis).',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const counted = await within(
        Promise.all(
          openQueues().map(async (queue) => ({
            queue: queue.name,
            counts: await queue.getJobCounts(...QUEUE_STATES),
          })),
        ),
        SOURCE_TIMEOUT_MS,
        'queue depths',
      ).catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: queue depths not read');
        return null;
      });
      this.reset();
      for (const { queue, counts } of counted ?? []) {
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
      }
    },
  });
}
