// The one way the server produces BullMQ jobs: a queue opened on first use and closed with the app.
import type { FastifyInstance } from 'fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BULLMQ_CONNECTION_OPTIONS, type QueueName, type TracedJob } from '@hc/worker/queues';
import { currentRequestId } from '../features/ops/request-id.ts';

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

export function jobQueue<Data, Result>(
  app: FastifyInstance,
  redisUrl: string,
  name: QueueName,
  prefix: string | undefined,
): () => Queue<Data, Result> {
  let opened: { queue: Queue<Data, Result>; connection: Redis } | null = null;
  app.addHook('onClose', async () => {
    if (opened) await closeQueues([opened.queue as Queue], opened.connection);
  });
  return () => {
    if (!opened) {
      const connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
      const queue = new Queue<Data, Result>(name, { connection, prefix });
      listenForQueueErrors(app, queue as Queue);
      // Every job a request enqueues carries the request's id, so the worker's lines for it can be found
      // from the request (and the other way round).
      const add = queue.add.bind(queue);
      queue.add = ((jobName, data, opts) => {
        const requestId = currentRequestId();
        const traced: TracedJob = requestId ? { httpRequestId: requestId } : {};
        // Job payloads are objects (queues.ts); the cast only widens the generic to say so.
        return add(jobName, { ...(data as object), ...traced } as typeof data, opts);
      }) as typeof queue.add;
      opened = { queue, connection };
    }
    return opened.queue;
  };
}
