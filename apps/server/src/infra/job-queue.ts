// The one way the server produces BullMQ jobs: a queue opened on first use and closed with the app.
// A request never waits long on the queue's Redis: when Redis is down, restarting or stopped, the call
// is answered 503 (jobQueueUnavailable) within JOB_QUEUE_WAIT_MS rather than hanging until it is back.
import type { FastifyInstance } from 'fastify';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { messages } from '@hc/shared/messages';
import {
  BULLMQ_CONNECTION_OPTIONS,
  foreignStampOf,
  stampedFor,
  type TracedJob,
} from '@hc/shared/job-contracts';
import type { QueueName } from '@hc/shared/queues';
import type { AppContext } from '../context.ts';
import { HttpError } from '../plugins/errors.ts';
import { answeredWithin, isJobQueueUnavailable } from './redis.ts';

/** How long a request may wait on the job queue's Redis before it is answered 503. */
export const JOB_QUEUE_WAIT_MS = 1_000;

/**
 * The producer's connection fails fast instead of queueing commands until Redis is back: with no offline
 * queue a command sent while disconnected is refused at once, one sent to a Redis that stopped answering
 * (SIGSTOP, a hung host) times out. (Workers keep BullMQ's retry-forever connection: they wait.)
 */
const PRODUCER_CONNECTION_OPTIONS = {
  enableOfflineQueue: false,
  commandTimeout: JOB_QUEUE_WAIT_MS,
  maxRetriesPerRequest: 1,
  // A command that timed out was answered 503 ("nothing started"): when the connection drops it is
  // dropped too, not sent again to the restarted Redis (ioredis's default), which would start the job
  // after all. (A Redis that resumes may still run one it had received: the caller's retry is then the
  // same job, as job ids derive from the input.)
  autoResendUnfulfilledCommands: false,
} as const;

export const jobQueueUnavailable = () => new HttpError(503, [messages.jobQueueUnavailable]);

/**
 * The job data of `add` and `addBulk` with this deployment's stamp, so that a worker of another
 * deployment (one given the same JOBS_PREFIX on the same Redis) refuses them.
 */
function stampedArgs(deploymentId: string, property: string | symbol, args: unknown[]): unknown[] {
  if (property === 'add') return [args[0], stampedFor(deploymentId, args[1]), ...args.slice(2)];
  if (property === 'addBulk' && Array.isArray(args[0])) {
    const jobs = args[0] as { data?: unknown }[];
    return [jobs.map((job) => ({ ...job, data: stampedFor(deploymentId, job.data) })), ...args.slice(1)];
  }
  return args;
}

/**
 * The queue's calls, each answered within JOB_QUEUE_WAIT_MS or turned into a 503: the first call also
 * waits for the connection to be ready, which no command timeout bounds. Jobs added are stamped with the
 * deployment; a job found by id that another deployment queued is not this one's (job ids derive from
 * database ids, which two deployments share), so `getJob` answers none rather than its result.
 */
function bounded<T extends object>(queue: T, deploymentId: string): T {
  return new Proxy(queue, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || property === 'on' || property === 'close') return value;
      return (...args: unknown[]) => {
        const called = (value as (...a: unknown[]) => unknown).apply(
          target,
          stampedArgs(deploymentId, property, args),
        );
        if (!(called instanceof Promise)) return called;
        const result =
          property === 'getJob'
            ? called.then((job: { data?: unknown } | undefined) =>
                job && foreignStampOf(deploymentId, job.data) !== null ? undefined : job,
              )
            : called;
        return answeredWithin(result, JOB_QUEUE_WAIT_MS, jobQueueUnavailable).catch((error: unknown) => {
          throw isJobQueueUnavailable(error) ? jobQueueUnavailable() : error;
        });
      };
    },
  });
}

/**
 * A queue's connection errors are logged, never thrown: BullMQ re-emits them as 'error' events, and an
 * 'error' event without a listener would crash the process (or fail a test run) when the app closes
 * while the connection is still being made.
 */
export function listenForQueueErrors(app: FastifyInstance, queue: Queue): void {
  queue.on('error', (error) => app.log.warn({ err: error, queue: queue.name }, 'job queue connection'));
}

/** Closes queues sharing one connection, then the connection, waiting for neither to be ready first. */
export async function closeQueues(queues: Queue[], connection: Redis): Promise<void> {
  await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
  await connection.quit().catch(() => connection.disconnect());
}

/**
 * A job's data with the id of the request that enqueues it: the worker's log lines of the job carry it, so
 * they can be found from the request (and the other way round). Every job a request enqueues goes through
 * here. (An explicit argument, not an AsyncLocalStorage: its promise hooks cost every request ~4 µs in the
 * list-throughput bench.)
 */
export const tracedBy = <Data extends object>(requestId: string, data: Data): Data & TracedJob => ({
  ...data,
  httpRequestId: requestId,
});

/**
 * The producer of one queue for `app`'s routes, under `prefix` (a test suite's) or else the deployment's
 * jobs prefix, stamping every job with `ctx.deployment`.
 */
export function jobQueue<Data, Result>(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'deployment'>,
  name: QueueName,
  prefix: string | undefined,
): () => Queue<Data, Result> {
  let opened: { queue: Queue<Data, Result>; connection: Redis } | null = null;
  app.addHook('onClose', async () => {
    if (opened) await closeQueues([opened.queue as Queue], opened.connection);
  });
  return () => {
    if (!opened) {
      const connection = new Redis(ctx.config.redisUrl, PRODUCER_CONNECTION_OPTIONS);
      const queue = new Queue<Data, Result>(name, {
        connection,
        prefix: prefix ?? ctx.deployment.jobsPrefix,
      });
      listenForQueueErrors(app, queue as Queue);
      opened = { queue: bounded(queue, ctx.deployment.id), connection };
    }
    return opened.queue;
  };
}

/**
 * Waits for jobs of one queue to finish, by BullMQ's own `job.waitUntilFinished` on a QueueEvents (opened
 * on first use, closed with the app). The QueueEvents blocks on its Redis connection, so it has one of its
 * own (BullMQ duplicates the connection given), under the queue's prefix: events of another prefix, such
 * as another deployment's, never reach it. The job it waits on is bound to a queue on a connection that
 * waits for Redis rather than failing fast: BullMQ's wait sends its first check from inside a promise
 * nobody can catch, and a refused command there would be an unhandled rejection. The wait itself is
 * bounded by its ttl. The wait only ends; what became of the job (completed, failed, removed, still running)
 * the caller asks afterwards, through the producer, which answers 503 when Redis is away. A job removed
 * meanwhile (cancelled from the job center) ends the wait at once.
 */
export function jobWaiter(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'deployment'>,
  name: QueueName,
  prefix: string | undefined,
): (jobId: string, ttlMs: number) => Promise<void> {
  let opened: { events: QueueEvents; queue: Queue; connection: Redis } | null = null;
  app.addHook('onClose', async () => {
    if (!opened) return;
    const { events, queue, connection } = opened;
    await Promise.all([events.close(), queue.close()].map((closing) => closing.catch(() => undefined)));
    await connection.quit().catch(() => connection.disconnect());
  });
  const open = () => {
    if (!opened) {
      const connection = new Redis(ctx.config.redisUrl, BULLMQ_CONNECTION_OPTIONS);
      const queuePrefix = prefix ?? ctx.deployment.jobsPrefix;
      const events = new QueueEvents(name, { connection, prefix: queuePrefix });
      const queue = new Queue(name, { connection, prefix: queuePrefix });
      events.on('error', (error) => app.log.warn({ err: error, queue: name }, 'job events connection'));
      listenForQueueErrors(app, queue);
      opened = { events, queue, connection };
    }
    return opened;
  };
  return async (jobId, ttlMs) => {
    const { events, queue } = open();
    // BullMQ also emits each event under `<event>:<job id>`: one listener per waiting request, no filter.
    const removedEvent = `removed:${jobId}` as 'removed';
    let onRemoved: (() => void) | undefined;
    const removed = new Promise<void>((resolve) => {
      onRemoved = resolve;
      events.once(removedEvent, onRemoved);
    });
    try {
      // Resolved when the job completes; rejected when it fails for good or the ttl runs out.
      const finished = new Job(queue, name, {}, {}, jobId)
        .waitUntilFinished(events, ttlMs)
        .catch(() => undefined);
      await Promise.race([finished, removed]);
    } finally {
      events.off(removedEvent, onRemoved!);
    }
  };
}
