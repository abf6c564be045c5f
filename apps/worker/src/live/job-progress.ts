// Job progress over the live channel: a job a console user started (its data names them:
// userId) is reported to that user's room as `job_progress` events, through a socket.io Redis emitter on
// the worker's own connection, so the server processes' adapters deliver it wherever the user's sockets
// are. Hooked once per worker on BullMQ's worker events, never in the processors:
// - started: the processor begins (again after a retry or a stalled-job recovery, from progress 0);
// - progress: each job.updateProgress the processor already makes;
// - done: the job completed, with the link of its result (null when it has none);
// - failed: on the final failure only (no attempt left, or an UnrecoverableError); a failed attempt that
//   will be retried says nothing, the retry's 'started' follows. A job that completes with a failure it
//   found itself (a grid submit's or report's checks) is reported failed too. The error is the first one
//   the screen would show: the first of the result's errors, else the same text its status call answers.
// Jobs without a userId (maintenance, or queued before this) are not reported.
import { Emitter } from '@socket.io/redis-emitter';
import type { Job, Worker } from 'bullmq';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import {
  liveChannelKey,
  liveRooms,
  type JobProgressEvent,
  type JobProgressState,
  type ServerToClientEvents,
} from '@hc/shared/live/events';
import { mediaUrl, videoUrlOfPath } from '@hc/shared/media-url';
import { messages } from '@hc/shared/messages';
import { failureMessage } from '@hc/shared/jobs';
import {
  type MonetizationSubmitResult,
  type ReportResult,
  type StoryHighlightsZipResult,
  type VerticalRenderResult,
  type ReportJob,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { workbookDownloadLink } from '@hc/monetization/workbook-link';
import { QUEUES, type QueueName } from '@hc/shared/queues';

/** How a queue's finished job reads on the screen that started it. */
interface QueueReport {
  /** The completed job's link, or the failure its result holds. */
  completed(job: Job, result: unknown): Promise<{ link: string | null; error: string | null }>;
  /** What the user is told when the job threw on its last attempt (what its status call answers). */
  failed(error: Error): string;
}

const hidden = () => messages.somethingWentWrong;
const firstError = (errors: string[]) => errors[0] ?? messages.somethingWentWrong;

/** The queues the console starts jobs on; others (maintenance) are never reported. */
function queueReports(db: Db): Partial<Record<QueueName, QueueReport>> {
  const report = (withLink: boolean): QueueReport => ({
    async completed(job, result) {
      const { status, errors } = result as ReportResult;
      if (status === 'failed') return { link: null, error: firstError(errors) };
      if (!withLink) return { link: null, error: null };
      const [request] = await db
        .select({ externalId: schema.spreadsheets.externalId })
        .from(schema.spreadsheets)
        .where(eq(schema.spreadsheets.id, (job.data as ReportJob).requestId));
      return { link: request ? await workbookDownloadLink(db, request.externalId) : null, error: null };
    },
    failed: hidden,
  });
  return {
    [QUEUES.storyHighlightsZip]: {
      completed: async (_job, result) => ({
        link: mediaUrl((result as StoryHighlightsZipResult).path),
        error: null,
      }),
      // Internal causes (paths, a missing story) are not the user's to read.
      failed: hidden,
    },
    [QUEUES.verticalRender]: {
      completed: async (_job, result) => {
        const render = result as VerticalRenderResult;
        // A skipped render (the task moved on) has no file of its own: the screen reloads the task.
        return { link: render.rendered ? videoUrlOfPath(render.path) : null, error: null };
      },
      // The render's error is the one the task keeps as render_error and the render status answers.
      failed: (error) => failureMessage(error.message),
    },
    // The console's crop suggestion: no file of its own; the screen reloads the task's suggestions.
    [QUEUES.verticalReframe]: {
      completed: async () => ({ link: null, error: null }),
      failed: (error) => failureMessage(error.message),
    },
    [QUEUES.monetizationSubmit]: {
      completed: async (_job, result) => {
        const { status, errors } = result as MonetizationSubmitResult;
        return { link: null, error: status === 'failed' ? firstError(errors) : null };
      },
      failed: hidden,
    },
    [QUEUES.reportFill]: report(true),
    [QUEUES.reportUpdate]: report(false),
  };
}

/**
 * Keeps the job center's row of the job's latest start (written by the server as it enqueued) in step
 * with what the live channel says. A start or a progress only moves a row that has not ended (a late
 * progress never reopens a finished one); nothing moves a row a user cancelled.
 */
async function recordState(db: Db, event: JobProgressEvent): Promise<void> {
  const jobs = schema.consoleJobs;
  const latest = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, event.queue), eq(jobs.jobId, event.job_id)))
    .orderBy(desc(jobs.id))
    .limit(1);
  const endState = event.state === 'done' || event.state === 'failed' ? event.state : null;
  const ended = endState !== null;
  const fields = endState
    ? {
        state: endState,
        progress: event.progress,
        link: event.link,
        error: event.error,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        finishedAt: sql`now()`,
      }
    : event.state === 'started'
      ? { state: 'running' as const, progress: 0, startedAt: sql`coalesce(${jobs.startedAt}, now())` }
      : { state: 'running' as const, progress: event.progress };
  await db
    .update(jobs)
    .set(fields)
    .where(
      and(
        eq(jobs.id, sql`(${latest})`),
        ended ? ne(jobs.state, 'cancelled') : inArray(jobs.state, ['queued', 'running']),
      ),
    );
}

/** The user who started the job, or null (not a console job, or queued before jobs named their user). */
export function startedBy(job: Job): number | null {
  const id = (job.data as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const percent = (progress: unknown) =>
  typeof progress === 'number' && Number.isFinite(progress)
    ? Math.min(100, Math.max(0, Math.round(progress)))
    : null;

export interface JobProgressReporter {
  /** Reports the worker's console jobs (call once per worker, before it runs jobs). */
  watch(worker: Worker): void;
}

export function jobProgressReporter(deps: {
  db: Db;
  /** The worker's Redis connection (no key prefix: BullMQ has its own). */
  connection: Redis;
  /** The server's Redis key prefix, which names the live channel (tests use their own). */
  liveKeyPrefix?: string | undefined;
  log: (message: string, details?: object) => void;
}): JobProgressReporter {
  // The emitter publishes without waiting: a publish refused (connection closing) is logged here rather
  // than left an unhandled rejection.
  const client = {
    publish: (channel: string, message: string | Buffer) =>
      deps.connection.publish(channel, message).catch((error: unknown) => {
        deps.log('job progress not published', { channel, error: String(error) });
        return 0;
      }),
  };
  const emitter = new Emitter<ServerToClientEvents>(client, { key: liveChannelKey(deps.liveKeyPrefix) });
  const reports = queueReports(deps.db);
  /** The last job center write of each job still being written. */
  const recording = new Map<string, Promise<void>>();

  const publish = (
    job: Job,
    state: JobProgressState,
    fields: Partial<Pick<JobProgressEvent, 'progress' | 'link' | 'error'>> = {},
  ) => {
    const userId = startedBy(job);
    if (userId === null || !job.id) return;
    const event: JobProgressEvent = {
      queue: job.queueName,
      job_id: job.id,
      state,
      progress: fields.progress ?? 0,
      link: fields.link ?? null,
      error: fields.error ?? null,
    };
    // A lost event costs a screen its live update, never the job: the screen's slow poll catches up.
    emitter.to(liveRooms.user(userId)).emit('job_progress', event);
    // One job's updates are written in the order they happened: a quick job's start, progress and end
    // arrive within milliseconds, and an end written before its start would lose the start time.
    const key = `${event.queue}:${event.job_id}`;
    const written = (recording.get(key) ?? Promise.resolve())
      .then(() => recordState(deps.db, event))
      .catch((error: unknown) =>
        deps.log('job center row not updated', {
          queue: event.queue,
          job: event.job_id,
          error: String(error),
        }),
      );
    recording.set(key, written);
    void written.then(() => {
      if (recording.get(key) === written) recording.delete(key);
    });
  };

  return {
    watch(worker) {
      // A finished render moves the vertical pending counts (a failed one puts its task back in review):
      // every server process recomputes them for its sockets.
      if (worker.name === QUEUES.verticalRender) {
        const countsMoved = (job: Job | undefined) => {
          const publisherId = (job?.data as Partial<VerticalRenderJob> | undefined)?.publisherId;
          if (typeof publisherId === 'number') emitter.serverSideEmit('counts_changed', [publisherId]);
        };
        worker.on('completed', (job) => countsMoved(job));
        worker.on('failed', (job) => {
          if (job?.finishedOn) countsMoved(job);
        });
      }
      const report = reports[worker.name as QueueName];
      if (!report) return;
      worker.on('active', (job) => publish(job, 'started', { progress: 0 }));
      worker.on('progress', (job, progress) => {
        const value = percent(progress);
        if (value !== null) publish(job, 'progress', { progress: value });
      });
      worker.on('completed', (job, result) => {
        if (startedBy(job) === null) return;
        void report
          .completed(job, result)
          .catch((error: unknown) => {
            deps.log('job progress: no link for a finished job', {
              queue: job.queueName,
              job: job.id,
              error: String(error),
            });
            return { link: null, error: null };
          })
          .then(({ link, error }) =>
            error === null
              ? publish(job, 'done', { progress: 100, link })
              : publish(job, 'failed', { progress: 100, error }),
          );
      });
      worker.on('failed', (job, error) => {
        // BullMQ sets finishedOn only when the job is failed for good (no retry is scheduled).
        if (!job?.finishedOn) return;
        publish(job, 'failed', { progress: percent(job.progress) ?? 0, error: report.failed(error) });
      });
    },
  };
}
