// B9: BullMQ on the real Redis under the bench's own prefix: how long a job waits between add and active
// with an idle worker, and how many no-op jobs a worker gets through.
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { summarize } from './load.ts';
import { ms, type BenchRow } from './results.ts';

export async function benchQueue(
  redisUrl: string,
  prefix: string,
  log: (line: string) => void,
): Promise<BenchRow> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('bench-noop', { connection, prefix });
  const active = new Map<string, (at: number) => void>();
  const completed = new Map<string, () => void>();
  let done = 0;
  const worker = new Worker('bench-noop', async () => undefined, {
    connection: workerConnection,
    prefix,
    concurrency: 8,
  });
  worker.on('active', (job: Job) => active.get(job.id!)?.(performance.now()));
  worker.on('completed', (job: Job) => {
    done++;
    completed.get(job.id!)?.();
  });
  try {
    await worker.waitUntilReady();
    log('B9 add → active with an idle worker');
    const waits: number[] = [];
    for (let i = 0; i < 300; i++) {
      const id = `wait-${i}`;
      const activeAt = new Promise<number>((resolve) => active.set(id, resolve));
      const finished = new Promise<void>((resolve) => completed.set(id, resolve));
      const t0 = performance.now();
      await queue.add('noop', {}, { jobId: id, removeOnComplete: true });
      const at = await activeAt;
      if (i >= 20) waits.push(at - t0); // the first ones warm the connections up
      await finished;
      active.delete(id);
      completed.delete(id);
    }
    const wait = summarize(waits, 1);

    log('B9 no-op throughput');
    const count = 5000;
    done = 0;
    const t0 = performance.now();
    for (let i = 0; i < count; i += 500) {
      await queue.addBulk(
        Array.from({ length: 500 }, (_, k) => ({
          name: 'noop',
          data: {},
          opts: { jobId: `bulk-${i + k}`, removeOnComplete: true },
        })),
      );
    }
    while (done < count) await new Promise((resolve) => setTimeout(resolve, 20));
    const throughput = count / ((performance.now() - t0) / 1000);
    return {
      id: 'B9',
      figure: 'BullMQ add → active p95, idle worker (no-op jobs)',
      value: ms(wait.p95),
      budget: '≤ 50 ms',
      reference: `p50 ${ms(wait.p50)}; no-op throughput ${throughput.toFixed(0)} jobs/s (concurrency 8)`,
      ratio: null,
      pass: wait.p95 <= 50,
      details: { wait, throughput },
    };
  } finally {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
  }
}
