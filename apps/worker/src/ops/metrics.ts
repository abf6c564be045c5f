// The worker's metrics: how long jobs take per queue and outcome, plus Node's defaults. In its own process
// they are served by ops/server.ts; embedded in the server they go into the server's registry.
import type { Job, Worker } from 'bullmq';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export function workerRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export type JobOutcome = 'completed' | 'failed';

/** Observes every job the workers finish: one sample per attempt (a retried failure counts each time). */
export function observeJobDurations(registry: Registry, workers: Worker[]): void {
  const durations = new Histogram({
    name: 'hc_job_duration_seconds',
    help: 'BullMQ job run time (one attempt) by queue and outcome.',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const observe = (queue: string, job: Job | undefined, outcome: JobOutcome) => {
    if (!job?.processedOn) return;
    const seconds = ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000;
    durations.observe({ queue, outcome }, Math.max(0, seconds));
  };
  for (const worker of workers) {
    worker.on('completed', (job) => observe(worker.name, job, 'completed'));
    worker.on('failed', (job) => observe(worker.name, job, 'failed'));
  }
}
