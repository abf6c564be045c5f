// The job center's work: list the jobs a caller may see, retry a failed one and cancel a waiting one.
// Retry and cancel act on a row the caller may list, only for the kinds that allow them, and only when
// BullMQ itself still says the job failed (retry) or waits (cancel): the row is what was last heard, the
// queue is the truth at the moment of the click.
import type { Job, Queue } from 'bullmq';
import {
  CANCELLABLE_JOB_KINDS,
  RETRYABLE_JOB_KINDS,
  type JobKind,
  type JobListQuery,
} from '@hc/shared/api/job-center';
import { jobCenterMessages } from '@hc/shared/messages';
import { QUEUES, type QueueName } from '@hc/shared/queues';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, HttpError, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { writeAudit } from '../audit/writer.ts';
import { presentJob, type JobRow } from './presenter.ts';
import { recordJobStart } from './records.ts';
import { JobCenterRepository } from './repo.ts';

/** BullMQ states of a job no worker has taken yet. */
const WAITING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

export class JobCenterService {
  private readonly repo: JobCenterRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly queues: ReadonlyMap<string, () => Queue>,
  ) {
    this.repo = new JobCenterRepository(ctx.db);
  }

  async list(caller: AuthContext, query: JobListQuery) {
    // Someone else's jobs are an admin's to list.
    if (query.user_id !== undefined && query.user_id !== caller.userId && !caller.isAdmin) throw forbidden();
    const rows = await this.repo.list(caller, query);
    const page = rows.slice(0, query.limit);
    return {
      jobs: page.map(presentJob),
      next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  async retry(caller: AuthContext, id: number) {
    const row = await this.rowFor(caller, id);
    if (!RETRYABLE_JOB_KINDS.includes(row.queue as JobKind))
      throw new HttpError(422, [jobCenterMessages.notRetryable]);
    if (row.state !== 'failed') throw conflict(jobCenterMessages.notFailed);
    const job = await this.queuedJobOf(row);
    if ((await job.getState()) !== 'failed') throw conflict(jobCenterMessages.notFailed);
    // The retry's row is written before the job runs again: the worker reports to the job's latest row,
    // and a quick run reported before the row existed would leave it "queued" for ever. A click racing
    // another finds the other's row still waiting and is refused.
    const newId = await recordJobStart(this.ctx.db, caller, {
      queue: row.queue as QueueName,
      jobId: row.jobId,
      label: row.label,
      subjectPath: row.subjectPath,
    });
    if (newId === null) throw conflict(jobCenterMessages.notFailed);
    try {
      // The retry reports to whoever clicked it, as a start of their own.
      await job.updateData({ ...(job.data as object), userId: caller.userId });
      await job.retry('failed');
    } catch {
      // BullMQ refuses a job that is no longer failed (another retry, or it was removed): no new start.
      await this.repo.remove(newId);
      throw conflict(jobCenterMessages.notFailed);
    }
    await this.audit(caller, row, 'retry_job');
    return presentJob(await this.rowFor(caller, newId));
  }

  async cancel(caller: AuthContext, id: number) {
    const row = await this.rowFor(caller, id);
    if (!CANCELLABLE_JOB_KINDS.includes(row.queue as JobKind))
      throw new HttpError(422, [jobCenterMessages.notCancellable]);
    if (row.state !== 'queued') throw conflict(jobCenterMessages.notWaiting);
    const job = await this.queuedJobOf(row);
    if (!WAITING_STATES.has(await job.getState())) throw conflict(jobCenterMessages.notWaiting);
    const reason = jobCenterMessages.cancelledBy(caller.email);
    const requestId = (job.data as { requestId?: unknown }).requestId;
    const isReport = row.queue === QUEUES.reportFill || row.queue === QUEUES.reportUpdate;
    await this.ctx.db.transaction(async (tx) => {
      // The report screen waits on its request row: it ends, failed with who cancelled it. Written
      // before the job is removed and committed after, so a report call woken by the removal reads it
      // ended (it waits for this transaction); a removal refused rolls it back.
      if (isReport && typeof requestId === 'number') await this.repo.failPendingReport(tx, requestId, reason);
      try {
        // BullMQ refuses to remove a job a worker has locked: it started between the two calls.
        await job.remove();
      } catch {
        throw conflict(jobCenterMessages.notWaiting);
      }
    });
    await this.repo.markCancelled(row.id, reason);
    await this.audit(caller, row, 'cancel_job');
    return presentJob(await this.rowFor(caller, row.id));
  }

  /** The row `id` if the caller may see it (else 404, whoever's it is). */
  private async rowFor(caller: AuthContext, id: number) {
    const row = await this.repo.visibleRow(caller, id);
    if (!row) throw notFound();
    return row;
  }

  /** The queue's job of a row, refused when it is no longer the job's latest start or BullMQ forgot it. */
  private async queuedJobOf(row: JobRow): Promise<Job> {
    const latest = await this.repo.latestStartId(row.queue, row.jobId);
    if (latest !== undefined && latest !== row.id) throw conflict(jobCenterMessages.retriedLater);
    const job = await this.queues.get(row.queue)?.().getJob(row.jobId);
    if (!job) throw conflict(jobCenterMessages.goneFromQueue);
    return job;
  }

  private audit(caller: AuthContext, row: JobRow, actionName: string) {
    return writeAudit(this.ctx.db, {
      publisherId: row.publisherId,
      userId: caller.userId,
      actionName,
      objectId: String(row.id),
      objectType: 'job',
      payload: { queue: row.queue, job_id: row.jobId, started_by: row.userEmail },
    });
  }
}
