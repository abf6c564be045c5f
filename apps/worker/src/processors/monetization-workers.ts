// The workers of issue 8's queues: monetization-submit (grid), report-fill and report-update.
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@hc/db/client';
import { QUEUES } from '../queues.ts';
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
  deps: { db: Db; prefix?: string | undefined },
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
    new Worker(QUEUES.monetizationSubmit, monetizationSubmitProcessor({ db: deps.db }), common),
    new Worker(QUEUES.reportFill, reportFillProcessor({ db: deps.db }), common),
    new Worker(
      QUEUES.reportUpdate,
      reportUpdateProcessor({ db: deps.db, delayPerRowMs: options.delayPerRowMs }),
      common,
    ),
  ];
}
