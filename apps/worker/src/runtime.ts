// Starts the BullMQ workers of every queue, schedules the repeatable jobs, and closes them in order.
// In embedded mode (PGlite) this runs inside the server process; otherwise in its own (main.ts).
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '@hc/db/client';
import { jobProgressReporter } from './live/job-progress.ts';
import { maintenanceProcessor } from './processors/maintenance.ts';
import { monetizationWorkers, type MonetizationWorkerOptions } from './processors/monetization-workers.ts';
import { storyHighlightsZipProcessor } from './processors/story-highlights-zip.ts';
import { verticalRenderProcessor } from './processors/vertical-render.ts';
import { BULLMQ_CONNECTION_OPTIONS, QUEUES, STORY_ARCHIVE_RETENTION_DAYS } from './queues.ts';

export interface WorkerDeps {
  db: Db;
  redisUrl: string;
  sessionIdleMinutes: number;
  log: (message: string, details?: object) => void;
  /** BullMQ key prefix; tests use their own so suites never share queues. */
  prefix?: string;
  /**
   * The media store's folder (DATA_DIR/media); without it the story-highlights-zip and vertical-render
   * queues are not served.
   */
  mediaDir?: string;
  /** Test-only tuning of the story-highlights-zip worker (short locks for stalled-job recovery, slow jobs). */
  storyZip?: { lockDurationMs?: number; stalledIntervalMs?: number; delayPerFileMs?: number };
  /** Test-only tuning of the grid and report workers. */
  monetization?: MonetizationWorkerOptions;
  /**
   * The server's Redis key prefix, which names the live channel the job progress is published on (see
   * live/job-progress.ts); none in production, tests use their suite's.
   */
  liveKeyPrefix?: string | undefined;
}

export interface RunningWorkers {
  close(): Promise<void>;
}

const HOURLY = { every: 60 * 60 * 1000 };

export async function startWorkers(deps: WorkerDeps): Promise<RunningWorkers> {
  const connection = new Redis(deps.redisUrl, BULLMQ_CONNECTION_OPTIONS);
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
    data: { loginAttemptRetentionDays: 90 },
    opts: housekeeping,
  });
  if (deps.mediaDir) {
    await maintenance.upsertJobScheduler('purge-story-archives-hourly', HOURLY, {
      name: 'purge-story-archives',
      data: { maxAgeDays: STORY_ARCHIVE_RETENTION_DAYS },
      opts: housekeeping,
    });
  }
  const workers: Worker[] = [
    new Worker(
      QUEUES.maintenance,
      maintenanceProcessor({
        db: deps.db,
        sessionIdleMinutes: deps.sessionIdleMinutes,
        mediaDir: deps.mediaDir,
      }),
      {
        connection,
        prefix: deps.prefix,
        concurrency: 1,
      },
    ),
  ];
  if (deps.mediaDir) {
    workers.push(
      new Worker(
        QUEUES.storyHighlightsZip,
        storyHighlightsZipProcessor({
          db: deps.db,
          mediaDir: deps.mediaDir,
          delayPerFileMs: deps.storyZip?.delayPerFileMs,
        }),
        {
          connection,
          prefix: deps.prefix,
          concurrency: 2,
          // A killed worker's job is taken up again once its lock lapses (stalled-job recovery).
          lockDuration: deps.storyZip?.lockDurationMs ?? 30_000,
          stalledInterval: deps.storyZip?.stalledIntervalMs ?? 30_000,
        },
      ),
    );
    workers.push(
      // One render per process: ffmpeg already uses every core.
      new Worker(
        QUEUES.verticalRender,
        verticalRenderProcessor({ db: deps.db, mediaDir: deps.mediaDir, log: deps.log }),
        {
          connection,
          prefix: deps.prefix,
          concurrency: 1,
        },
      ),
    );
  } else {
    deps.log('story-highlights-zip and vertical-render not served: no media folder given');
  }
  workers.push(...monetizationWorkers(deps, connection, deps.monetization));
  // Hooked in the same tick the workers were made, so no job's events are missed.
  const progress = jobProgressReporter({
    db: deps.db,
    connection,
    liveKeyPrefix: deps.liveKeyPrefix,
    log: deps.log,
  });
  for (const worker of workers) {
    progress.watch(worker);
    worker.on('failed', (job, error) =>
      deps.log('job failed', { queue: worker.name, job: job?.name, error: error.message }),
    );
    worker.on('error', (error) => deps.log('worker error', { queue: worker.name, error: error.message }));
  }
  return {
    async close() {
      // Let active jobs finish, then stop scheduling, then drop the connection.
      await Promise.all(workers.map((w) => w.close()));
      await maintenance.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
