// Starts the BullMQ workers of every queue, schedules the repeatable jobs, and closes them in order.
// In embedded mode (PGlite) this runs inside the server process; otherwise in its own (main.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type Job, type Processor, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Db } from '@hc/db/client';
import {
  stampedFor,
  BULLMQ_CONNECTION_OPTIONS,
  STORY_ARCHIVE_RETENTION_DAYS,
  type TracedJob,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { DeploymentWorker, type OwnJobsGuard } from './deployment-worker.ts';
import { jobProgressReporter } from './live/job-progress.ts';
import { maintenanceProcessor } from './processors/maintenance.ts';
import { monetizationWorkers, type MonetizationWorkerOptions } from './processors/monetization-workers.ts';
import { storyHighlightsZipProcessor } from './processors/story-highlights-zip.ts';
import { verticalReframeProcessor } from './processors/vertical-reframe.ts';
import {
  markStalledRendersFailed,
  sweepLostRenders,
  verticalRenderProcessor,
} from './processors/vertical-render.ts';
import { observeJobDurations } from './ops/metrics.ts';
import { QUEUES } from '@hc/shared/queues';

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  sessionIdleMinutes: number;
  log: (message: string, details?: object) => void;
  /** Warnings (a job of another deployment refused); `log` when not given. */
  warn?: (message: string, details?: object) => void;
  /**
   * This deployment's id (deployment.ts): scheduled jobs are stamped with it, and a job stamped with
   * another is refused (deployment-worker.ts).
   */
  deployment: string;
  /** BullMQ key prefix; tests use their own so suites never share queues. */
  prefix?: string;
  /**
   * The media store's folder (DATA_DIR/media); without it the story-highlights-zip and vertical-render
   * queues are not served.
   */
  mediaDir?: string;
  /** Test-only tuning of the story-highlights-zip worker (short locks for stalled-job recovery, slow jobs). */
  storyZip?: { lockDurationMs?: number; stalledIntervalMs?: number; delayPerFileMs?: number };
  /**
   * Stalled-job recovery of the vertical-render and maintenance workers (the worker process passes
   * WORKER_LOCK_DURATION_MS / WORKER_STALLED_INTERVAL_MS here as to the other queues).
   */
  jobLocks?: { lockDurationMs?: number; stalledIntervalMs?: number };
  /**
   * A task queued this long for a render whose job is gone or ended unseen is put back in review (looked
   * for every half of it). Default 2 minutes; tests shorten it.
   */
  lostRenderAfterMs?: number;
  /** Test-only tuning of the grid and report workers. */
  monetization?: MonetizationWorkerOptions;
  /**
   * The server's Redis key prefix, which names the live channel the job progress is published on (see
   * live/job-progress.ts); none in production, tests use their suite's.
   */
  liveKeyPrefix?: string | undefined;
  /** Where the job duration histogram goes (the worker's own registry, or the embedding server's). */
  metrics?: Registry;
}

export interface CloseOptions {
  /**
   * How long active jobs may run on before they are given back: each is moved back to waiting (another
   * worker, or this one after the restart, runs it again; jobs are idempotent). Unset: wait for them.
   */
  drainMs?: number;
}

export interface RunningWorkers {
  close(options?: CloseOptions): Promise<void>;
}

/** The job whose processor is running: its log lines carry these fields. */
interface JobFields {
  queue: string;
  jobId: string | undefined;
  requestId: string | undefined;
}

const jobFieldsOf = (queue: string, job: Job | undefined): JobFields => ({
  queue,
  jobId: job?.id,
  requestId: (job?.data as TracedJob | undefined)?.httpRequestId,
});

const HOURLY = { every: 60 * 60 * 1000 };

export async function startWorkers(workerDeps: WorkerDeps): Promise<RunningWorkers> {
  // Lines logged while a job runs (by its processor too) name the job and the request that queued it.
  const jobScope = new AsyncLocalStorage<JobFields>();
  const deps: WorkerDeps = {
    ...workerDeps,
    log: (message, details) => workerDeps.log(message, { ...jobScope.getStore(), ...details }),
  };
  const traced =
    <Data, Result>(queue: string, processor: Processor<Data, Result>): Processor<Data, Result> =>
    (job, token, signal) =>
      jobScope.run(jobFieldsOf(queue, job), () => processor(job, token, signal));
  const connection = new Redis(deps.redisUrl, BULLMQ_CONNECTION_OPTIONS);
  const guard: OwnJobsGuard = { deploymentId: deps.deployment, warn: deps.warn ?? deps.log };
  // A killed worker's render or housekeeping job is taken up again once its lock lapses, as the other
  // queues' jobs are (these two used BullMQ's 30 s defaults whatever the process was configured with).
  // A render killed mid-way is found stalled within lockDuration + stalledInterval (1 min by default) and
  // run again; killed once more it fails for good with BullMQ's reason (maxStalledCount 1), and its task
  // says so in the review list (markStalledRendersFailed): never 'rendering' forever.
  const renderAndMaintenanceLocks = {
    lockDuration: deps.jobLocks?.lockDurationMs ?? 30_000,
    stalledInterval: deps.jobLocks?.stalledIntervalMs ?? 30_000,
    maxStalledCount: 1,
  };
  let sweep: { timer: NodeJS.Timeout; queue: Queue<VerticalRenderJob>; running?: Promise<unknown> } | null =
    null;
  const maintenance = new Queue(QUEUES.maintenance, { connection, prefix: deps.prefix });
  // A scheduler upsert is idempotent: every process may call it at start without duplicating the job.
  const housekeeping = {
    attempts: 3,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: 100,
    removeOnFail: 500,
  };
  await maintenance.upsertJobScheduler('purge-expired-sessions-hourly', HOURLY, {
    name: 'purge-expired-sessions',
    data: stampedFor(deps.deployment, { loginAttemptRetentionDays: 90 }),
    opts: housekeeping,
  });
  if (deps.mediaDir) {
    await maintenance.upsertJobScheduler('purge-story-archives-hourly', HOURLY, {
      name: 'purge-story-archives',
      data: stampedFor(deps.deployment, { maxAgeDays: STORY_ARCHIVE_RETENTION_DAYS }),
      opts: housekeeping,
    });
  }
  const workers: Worker[] = [
    new DeploymentWorker(
      QUEUES.maintenance,
      traced(
        QUEUES.maintenance,
        maintenanceProcessor({
          db: deps.db,
          sessionIdleMinutes: deps.sessionIdleMinutes,
          mediaDir: deps.mediaDir,
        }),
      ),
      {
        connection,
        prefix: deps.prefix,
        concurrency: 1,
        ...renderAndMaintenanceLocks,
      },
      guard,
    ),
  ];
  if (deps.mediaDir) {
    workers.push(
      new DeploymentWorker(
        QUEUES.storyHighlightsZip,
        traced(
          QUEUES.storyHighlightsZip,
          storyHighlightsZipProcessor({
            db: deps.db,
            mediaDir: deps.mediaDir,
            delayPerFileMs: deps.storyZip?.delayPerFileMs,
          }),
        ),
        {
          connection,
          prefix: deps.prefix,
          concurrency: 2,
          // A killed worker's job is taken up again once its lock lapses (stalled-job recovery).
          lockDuration: deps.storyZip?.lockDurationMs ?? 30_000,
          stalledInterval: deps.storyZip?.stalledIntervalMs ?? 30_000,
        },
        guard,
      ),
    );
    const renderDeps = { db: deps.db, mediaDir: deps.mediaDir, log: deps.log };
    // One render per process: ffmpeg already uses every core.
    const renders = new DeploymentWorker(
      QUEUES.verticalRender,
      traced(QUEUES.verticalRender, verticalRenderProcessor(renderDeps)),
      { connection, prefix: deps.prefix, concurrency: 1, ...renderAndMaintenanceLocks },
      guard,
    );
    markStalledRendersFailed(renders, renderDeps);
    workers.push(renders);
    // One analysis per process: its ffmpeg decode already keeps the cores busy.
    workers.push(
      new DeploymentWorker(
        QUEUES.verticalReframe,
        traced(QUEUES.verticalReframe, verticalReframeProcessor(renderDeps)),
        { connection, prefix: deps.prefix, concurrency: 1, ...renderAndMaintenanceLocks },
        guard,
      ),
    );
    const lostAfter = deps.lostRenderAfterMs ?? 120_000;
    const renderQueue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, {
      connection,
      prefix: deps.prefix,
    });
    const timer = setInterval(
      () => {
        if (sweep?.running) return;
        const running = sweepLostRenders(renderDeps, renderQueue, lostAfter)
          .catch((e: unknown) => deps.log('vertical render: lost-render sweep failed', { error: String(e) }))
          .finally(() => {
            if (sweep) sweep.running = undefined;
          });
        if (sweep) sweep.running = running;
      },
      Math.max(250, lostAfter / 2),
    );
    timer.unref();
    sweep = { timer, queue: renderQueue };
  } else {
    deps.log('story-highlights-zip, vertical-render and vertical-reframe not served: no media folder given');
  }
  workers.push(...monetizationWorkers({ ...deps, guard }, connection, deps.monetization));
  // Hooked in the same tick the workers were made, so no job's events are missed.
  const progress = jobProgressReporter({
    db: deps.db,
    connection,
    liveKeyPrefix: deps.liveKeyPrefix,
    log: deps.log,
  });
  if (deps.metrics) observeJobDurations(deps.metrics, workers);
  // The jobs running here, so that a shutdown past its drain time can give them back.
  const active = new Map<string, Job>();
  const activeKey = (worker: Worker, job: Job) => `${worker.name}:${job.id}`;
  for (const worker of workers) {
    progress.watch(worker);
    worker.on('active', (job) => {
      active.set(activeKey(worker, job), job);
      deps.log('job started', {
        ...jobFieldsOf(worker.name, job),
        name: job.name,
        attempt: job.attemptsMade + 1,
      });
    });
    worker.on('completed', (job) => {
      active.delete(activeKey(worker, job));
      const ms = job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined;
      deps.log('job completed', { ...jobFieldsOf(worker.name, job), name: job.name, durationMs: ms });
    });
    worker.on('failed', (job, error) => {
      if (job) active.delete(activeKey(worker, job));
      deps.log('job failed', { ...jobFieldsOf(worker.name, job), name: job?.name, error: error.message });
    });
    worker.on('error', (error) => deps.log('worker error', { queue: worker.name, error: error.message }));
  }
  return {
    async close(options: CloseOptions = {}) {
      // Take no new job; let the active ones finish, within the drain time when one is given.
      const paused = Promise.all(workers.map((w) => w.pause()));
      const drained =
        options.drainMs === undefined
          ? await paused.then(() => true)
          : await Promise.race([paused.then(() => true), sleep(options.drainMs).then(() => false)]);
      if (!drained) {
        // Past the drain time: give the rest back to the queue at once (not after their locks lapse),
        // so they are retried rather than lost; their processors' late results are refused by BullMQ.
        await Promise.all(
          [...active.values()].map(async (job) => {
            try {
              await job.moveToWait(job.token);
              deps.log('job given back at shutdown', jobFieldsOf(job.queueName, job));
            } catch (error) {
              deps.log('job could not be given back', {
                ...jobFieldsOf(job.queueName, job),
                error: (error as Error).message,
              });
            }
          }),
        );
      }
      await Promise.all(workers.map((w) => w.close(!drained)));
      if (sweep) {
        clearInterval(sweep.timer);
        await sweep.running;
        await sweep.queue.close();
      }
      await maintenance.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
