// The one way the server produces BullMQ jobs: a queue opened on first use and closed with the app.
import type { FastifyInstance } from 'fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { BULLMQ_CONNECTION_OPTIONS, type QueueName } from '@hc/worker/queues';

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
      opened = { queue, connection };
    }
    return opened.queue;
  };
}
