// The monetization workers: monetization-submit (grid), report-fill and report-update.
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@hc/db/client';
import { DeploymentWorker, type OwnJobsGuard } from '../deployment-worker.ts';
import { QUEUES } from '@hc/shared/queues';
import { monetizationSubmitProcessor } from './monetization-submit.ts';
import { reportFillProcessor } from './report-fill.ts';
import { reportUpdateProcessor } from './report-update.ts';

export interface MonetizationWorkerOptions {
  /** Short locks let a test see a killed worker's job taken up again quickly. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Test-only pause per workbook row, so a test can kill a worker mid-job. */
  delayPerRowMs?: number;
}

export function monetizationWorkers(
  deps: { db: Db; prefix?: string | undefined; guard: OwnJobsGuard },
  connection: Redis,
  options: MonetizationWorkerOptions = {},
): Worker[] {
  const common = {
    connection,
    prefix: deps.prefix,
    concurrency: 1,
    // A killed worker's job is taken up again once its lock lapses (stalled-job recovery).
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
  };
  return [
    new DeploymentWorker(
      QUEUES.monetizationSubmit,
      monetizationSubmitProcessor({ db: deps.db }),
      common,
      deps.guard,
    ),
    new DeploymentWorker(QUEUES.reportFill, reportFillProcessor({ db: deps.db }), common, deps.guard),
    new DeploymentWorker(
      QUEUES.reportUpdate,
      reportUpdateProcessor({ db: deps.db, delayPerRowMs: options.delayPerRowMs }),
      common,
      deps.guard,
    ),
  ];
}
