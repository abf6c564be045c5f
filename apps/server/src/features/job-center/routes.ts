// The job center: the jobs a user started, with retry of a failed one and cancel of a waiting one.
// Everyone signed in may list their own jobs of the publisher they act for; an admin lists everyone's.
// Retry and cancel act on a row the caller may list, only for the kinds that allow them, and only when
// BullMQ itself still says the job failed (retry) or waits (cancel): the row is what was last heard, the
// queue is the truth at the moment of the click.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Job, Queue } from 'bullmq';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import type { ConsoleJobState } from '@hc/db/schema/jobs';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  CANCELLABLE_JOB_KINDS,
  RETRYABLE_JOB_KINDS,
  jobEntrySchema,
  jobListQuerySchema,
  jobListSchema,
  jobParamsSchema,
  type JobEntry,
  type JobKind,
} from '@hc/shared/api/job-center';
import { jobCenterMessages } from '@hc/shared/messages';
import { QUEUES, type QueueName } from '@hc/shared/queues';
import type { AppContext } from '../../context.ts';
import { jobQueue } from '../../infra/job-queue.ts';
import { callerOf } from '../../plugins/auth.ts';
import { conflict, forbidden, HttpError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { recordJobStart } from './records.ts';
import { writeAudit } from '../audit/writer.ts';

type Row = typeof schema.consoleJobs.$inferSelect;
const jobs = schema.consoleJobs;

/** BullMQ states of a job no worker has taken yet. */
const WAITING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

const present = (row: Row): JobEntry => ({
  id: row.id,
  kind: row.queue,
  job_id: row.jobId,
  label: row.label,
  subject_path: row.subjectPath,
  user_id: row.userId,
  user_email: row.userEmail,
  publisher_id: row.publisherId,
  state: row.state,
  progress: row.progress,
  link: row.link,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
  can_retry: row.state === 'failed' && RETRYABLE_JOB_KINDS.includes(row.queue as JobKind),
  can_cancel: row.state === 'queued' && CANCELLABLE_JOB_KINDS.includes(row.queue as JobKind),
});

/** The rows a caller may see: their own in the publisher they act for, or every row for an admin. */
const visibleTo = (caller: AuthContext) =>
  caller.isAdmin ? undefined : and(eq(jobs.userId, caller.userId), eq(jobs.publisherId, caller.publisherId));

export async function jobCenterRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const queues = new Map<string, () => Queue>(
    [QUEUES.monetizationSubmit, QUEUES.reportFill, QUEUES.reportUpdate, QUEUES.storyHighlightsZip].map(
      (name) => [name, jobQueue(app, ctx, name as QueueName, jobsPrefix)] as const,
    ),
  );

  /** The row `id` if the caller may see it (else 404, whoever's it is). */
  const rowFor = async (caller: AuthContext, id: number) => {
    const [row] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), visibleTo(caller)));
    if (!row) throw notFound();
    return row;
  };

  /** The queue's job of a row, refused when it is no longer the job's latest start or BullMQ forgot it. */
  const queuedJobOf = async (row: Row): Promise<Job> => {
    const [latest] = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, row.queue), eq(jobs.jobId, row.jobId)))
      .orderBy(desc(jobs.id))
      .limit(1);
    if (latest && latest.id !== row.id) throw conflict(jobCenterMessages.retriedLater);
    const job = await queues.get(row.queue)?.().getJob(row.jobId);
    if (!job) throw conflict(jobCenterMessages.goneFromQueue);
    return job;
  };

  const audit = (caller: AuthContext, row: Row, actionName: string) =>
    writeAudit(ctx.db, {
      publisherId: row.publisherId,
      userId: caller.userId,
      actionName,
      objectId: String(row.id),
      objectType: 'job',
      payload: { queue: row.queue, job_id: row.jobId, started_by: row.userEmail },
    });

  api.get(
    '/jobs',
    { schema: { querystring: jobListQuerySchema, response: { 200: okEnvelope(jobListSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const { cursor, limit, kind, state, user_id: userId } = request.query;
      // Someone else's jobs are an admin's to list.
      if (userId !== undefined && userId !== caller.userId && !caller.isAdmin) throw forbidden();
      const rows = await ctx.db
        .select()
        .from(jobs)
        .where(
          and(
            visibleTo(caller),
            cursor === undefined ? undefined : lt(jobs.id, cursor),
            kind === undefined ? undefined : eq(jobs.queue, kind),
            state === undefined ? undefined : eq(jobs.state, state),
            userId === undefined ? undefined : eq(jobs.userId, userId),
          ),
        )
        .orderBy(desc(jobs.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        success: true as const,
        data: {
          jobs: page.map(present),
          next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
        },
      };
    },
  );

  api.post(
    '/jobs/:id/retry',
    { schema: { params: jobParamsSchema, response: { 202: okEnvelope(jobEntrySchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await rowFor(caller, request.params.id);
      if (!RETRYABLE_JOB_KINDS.includes(row.queue as JobKind))
        throw new HttpError(422, [jobCenterMessages.notRetryable]);
      if (row.state !== 'failed') throw conflict(jobCenterMessages.notFailed);
      const job = await queuedJobOf(row);
      if ((await job.getState()) !== 'failed') throw conflict(jobCenterMessages.notFailed);
      // The retry reports to whoever clicked it, as a start of their own.
      await job.updateData({ ...(job.data as object), userId: caller.userId });
      await job.retry('failed');
      const id = await recordJobStart(ctx.db, caller, {
        queue: row.queue as QueueName,
        jobId: row.jobId,
        label: row.label,
        subjectPath: row.subjectPath,
      });
      await audit(caller, row, 'retry_job');
      // A retry always follows a failed row, so a new row is always written.
      return reply.status(202).send({ success: true as const, data: present(await rowFor(caller, id!)) });
    },
  );

  api.post(
    '/jobs/:id/cancel',
    { schema: { params: jobParamsSchema, response: { 200: okEnvelope(jobEntrySchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await rowFor(caller, request.params.id);
      if (!CANCELLABLE_JOB_KINDS.includes(row.queue as JobKind))
        throw new HttpError(422, [jobCenterMessages.notCancellable]);
      if (row.state !== 'queued') throw conflict(jobCenterMessages.notWaiting);
      const job = await queuedJobOf(row);
      if (!WAITING_STATES.has(await job.getState())) throw conflict(jobCenterMessages.notWaiting);
      const reason = jobCenterMessages.cancelledBy(caller.email);
      const requestId = (job.data as { requestId?: unknown }).requestId;
      const isReport = row.queue === QUEUES.reportFill || row.queue === QUEUES.reportUpdate;
      await ctx.db.transaction(async (tx) => {
        // The report screen waits on its request row: it ends, failed with who cancelled it. Written
        // before the job is removed and committed after, so a report call woken by the removal reads it
        // ended (it waits for this transaction); a removal refused rolls it back.
        if (isReport && typeof requestId === 'number')
          await tx
            .update(schema.spreadsheets)
            .set({ status: 'failed', errors: [reason], updatedAt: new Date() })
            .where(and(eq(schema.spreadsheets.id, requestId), eq(schema.spreadsheets.status, 'pending')));
        try {
          // BullMQ refuses to remove a job a worker has locked: it started between the two calls.
          await job.remove();
        } catch {
          throw conflict(jobCenterMessages.notWaiting);
        }
      });
      const cancelled: ConsoleJobState = 'cancelled';
      await ctx.db
        .update(jobs)
        .set({ state: cancelled, error: reason, finishedAt: sql`now()` })
        .where(eq(jobs.id, row.id));
      await audit(caller, row, 'cancel_job');
      return { success: true as const, data: present(await rowFor(caller, row.id)) };
    },
  );
}
