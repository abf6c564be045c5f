// Bulk reports' work, for admins: workbooks kept by the product (an empty one, or an uploaded edited one),
// Populate Report as a report-fill job and Update report as a report-update job (each recorded in the
// job center), the spec's older calls that answer once their job ended, previews, and a job's status.
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import type { ReportFillBody, ReportStatus, ReportSubmitBody } from '@hc/shared/api/reports';
import { externalIdSchema } from '@hc/shared/api/reports';
import { failureMessage } from '@hc/shared/jobs';
import { jobCenterMessages, jobMessages, messages } from '@hc/shared/messages';
import {
  MONETIZATION_JOB_OPTIONS,
  reportJobId,
  type ReportJob,
  type ReportResult,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { applyGridChanges } from '@hc/monetization/grid';
import { planWorkbookUpdate, previewRowsOf } from '@hc/monetization/workbook-plan';
import { isReportWorkbook, UnreadableWorkbook, writeReportWorkbook } from '@hc/monetization/workbook';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { jobQueue, jobWaiter, tracedBy } from '../../infra/job-queue.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { startRecordedJob } from '../job-center/records.ts';
import { presentStatus } from './presenter.ts';
import { ReportRepository, type ReportRequest } from './repo.ts';

/** Answers for rules the spec does not word. */
export const reportErrors = {
  noSuchSpreadsheet: 'This spreadsheet does not exist.',
  noPublishers: 'The chosen groups have no publishers.',
  stillRunning: 'The report is still being made. Try again in a minute.',
  notWorkbook: 'The file is not an XLSX workbook.',
  workbookTooBig: 'The workbook is too big. Max file size is 5 MB.',
} as const;

/** How long the spec's synchronous fill and submit wait for their job before answering 504. */
export const REPORT_WAIT_MS = 120_000;

type ReportKind = 'fill' | 'update';

/** The spec's own answer of a fill or submit: at the top level, not in the `data` envelope. */
export interface ReportAnswer {
  success: boolean;
  link: string | null;
  errors: string[];
}

interface Started {
  requestId: number;
  jobId: string;
  externalId: string;
}

/** Who asks, and the HTTP request that asks (its id travels with the job to the worker's log lines). */
export interface ReportCaller {
  caller: AuthContext;
  httpRequestId: string;
}

export const unprocessable = (message: string) => new HttpError(422, [message]);

/** A cancel's reason starts so ("Cancelled by {email}."). */
const CANCELLED_PREFIX = jobCenterMessages.cancelledBy('').slice(0, -1);

/**
 * A job BullMQ failed for good, in the catalogue's words: a worker that died under it more often than
 * allowed, or one that stopped without a reason, is said so; any other reason is the worker's internals
 * (a path, a missing row), not the caller's to read, and is said as the report screens say it.
 */
function workerFailure(failedReason: string | undefined): string {
  const message = failureMessage(failedReason);
  return message === jobMessages.workerStopped || message === jobMessages.failedWithoutReason
    ? message
    : messages.somethingWentWrong;
}

/**
 * A request row the worker ended as failed, as an answer: the worker refused the request with a reason
 * the caller can read (a stored file that is not a workbook, a workbook that no longer exists): 422;
 * cancelled from the job center by someone: 409.
 */
function refusal(errors: string[]): HttpError {
  const reasons = errors.length > 0 ? errors : [jobMessages.failedWithoutReason];
  return new HttpError(reasons[0]!.startsWith(CANCELLED_PREFIX) ? 409 : 422, reasons);
}

const isEnded = (row: ReportRequest | null): row is ReportRequest =>
  row?.status === 'done' || row?.status === 'failed';

export class ReportService {
  private readonly repo: ReportRepository;
  private readonly queues: Record<ReportKind, () => Queue<ReportJob, ReportResult>>;
  private readonly waits: Record<ReportKind, (jobId: string, ttlMs: number) => Promise<void>>;

  constructor(
    app: FastifyInstance,
    private readonly ctx: AppContext,
    jobsPrefix: string | undefined,
  ) {
    this.repo = new ReportRepository(ctx.db);
    this.queues = {
      fill: jobQueue<ReportJob, ReportResult>(app, ctx, QUEUES.reportFill, jobsPrefix),
      update: jobQueue<ReportJob, ReportResult>(app, ctx, QUEUES.reportUpdate, jobsPrefix),
    };
    this.waits = {
      fill: jobWaiter(app, ctx, QUEUES.reportFill, jobsPrefix),
      update: jobWaiter(app, ctx, QUEUES.reportUpdate, jobsPrefix),
    };
  }

  async createEmptyWorkbook(userId: number) {
    const empty = await writeReportWorkbook({
      publisher: [],
      placement: [],
      display: [],
      displayPlacement: [],
    });
    return this.repo.createWorkbook(empty, userId);
  }

  async createUploadedWorkbook(content: Buffer, userId: number) {
    // Inspected here, never trusted by its name or type: it must open as a workbook.
    if (!(await isReportWorkbook(content))) throw unprocessable(reportErrors.notWorkbook);
    return this.repo.createWorkbook(content, userId);
  }

  async downloadLink(externalId: string): Promise<string> {
    const link = await this.repo.downloadLink(externalId);
    if (!link) throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
    return link;
  }

  /** A spreadsheet id from a body: missing is 'missing inputs', malformed or unknown is a 404. */
  private async existingWorkbookId(externalId: string | undefined) {
    if (!externalId?.trim()) throw badRequest(messages.missingInputs);
    const parsed = externalIdSchema.safeParse(externalId);
    if (!parsed.success || !(await this.repo.workbookExists(parsed.data)))
      throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
    return parsed.data;
  }

  private async enqueue(kind: ReportKind, requestId: number, externalId: string, who: ReportCaller) {
    const jobId = reportJobId(kind, requestId);
    const data: ReportJob = { requestId, userId: who.caller.userId };
    await startRecordedJob(
      this.ctx.db,
      who.caller,
      {
        queue: kind === 'fill' ? QUEUES.reportFill : QUEUES.reportUpdate,
        jobId,
        label: `Workbook ${externalId}`,
        subjectPath: '/admin/reports',
      },
      () =>
        this.queues[kind]().add(kind, tracedBy(who.httpRequestId, data), {
          ...MONETIZATION_JOB_OPTIONS,
          jobId,
        }),
    );
    return { requestId, jobId, externalId };
  }

  /** Queues a report-fill job for the body's workbook and publishers. */
  async startFill(who: ReportCaller, body: ReportFillBody): Promise<Started> {
    const { publisher_ids: publisherIds, group_ids: groupIds } = body;
    if (!body.external_id?.trim() || publisherIds.length + groupIds.length === 0)
      throw badRequest(messages.missingInputs);
    const externalId = await this.existingWorkbookId(body.external_id);
    const ids = await this.repo.publisherIdsOf(publisherIds, groupIds);
    if (ids.length === 0) throw badRequest(reportErrors.noPublishers);
    const requestId = await this.repo.createRequest('fill', externalId, ids);
    return this.enqueue('fill', requestId, externalId, who);
  }

  /**
   * Queues a report-update job for the workbook. With a preview id: the caller's preview of that workbook
   * becomes the job (its changes as shown, the caller's choice to apply the rest).
   */
  async startUpdate(who: ReportCaller, body: Partial<ReportSubmitBody>): Promise<Started> {
    const { caller } = who;
    if (body.preview_id === undefined) {
      const externalId = await this.existingWorkbookId(body.external_id);
      const requestId = await this.repo.createRequest('update', externalId, [], caller.userId);
      return this.enqueue('update', requestId, externalId, who);
    }
    const named = body.external_id?.trim() ? await this.existingWorkbookId(body.external_id) : null;
    const confirmed = await this.repo.confirmPreview(
      body.preview_id,
      caller.userId,
      named,
      body.apply_rest ?? false,
    );
    if (confirmed === 'gone') throw new HttpError(404, [messages.reportPreviewGone]);
    if (confirmed === 'used') throw new HttpError(409, [messages.reportPreviewUsed]);
    return this.enqueue('update', body.preview_id, confirmed.externalId, who);
  }

  /** The spec's fill: the job started and waited for. */
  async fillAndWait(who: ReportCaller, body: ReportFillBody): Promise<ReportAnswer> {
    return this.waitFor('fill', await this.startFill(who, body));
  }

  /** The spec's submit: the job started and waited for. */
  async updateAndWait(who: ReportCaller, externalId: string | undefined): Promise<ReportAnswer> {
    return this.waitFor('update', await this.startUpdate(who, { external_id: externalId }));
  }

  /**
   * Waits for the job with BullMQ's QueueEvents, then answers from its request row, which the job marks
   * done or failed in the same transaction as its writes. A job ended: its answer (200), or its refusal
   * (422, 409). A job BullMQ failed for good (its attempts spent, its worker dead too often): 502 at once,
   * in the catalogue's words. A job gone from the queue with its request still open: 502 too. Only a job
   * still running when the wait ends answers 504.
   */
  private async waitFor(kind: ReportKind, started: Started): Promise<ReportAnswer> {
    await this.waits[kind](started.jobId, REPORT_WAIT_MS);
    const row = await this.repo.request(started.requestId);
    if (isEnded(row)) return this.answerOf(kind, row);
    const job = await this.queues[kind]().getJob(started.jobId);
    if (!job) {
      // Removed: a cancel marks the row failed in the transaction that removes the job, so the row is read
      // once that transaction has ended.
      const settled = await this.repo.requestAfterWriters(started.requestId);
      if (isEnded(settled)) return this.answerOf(kind, settled);
      throw new HttpError(502, [jobCenterMessages.goneFromQueue]);
    }
    if ((await job.getState()) === 'failed') throw new HttpError(502, [workerFailure(job.failedReason)]);
    throw new HttpError(504, [reportErrors.stillRunning]);
  }

  private async answerOf(kind: ReportKind, row: ReportRequest): Promise<ReportAnswer> {
    if (row.status === 'failed') throw refusal(row.errors);
    const link = kind === 'fill' ? await this.repo.downloadLink(row.externalId) : null;
    return { success: row.errors.length === 0, link, errors: row.errors };
  }

  /**
   * What the workbook would change, row by row, checked as the confirm will check it (rules, and versions
   * against later saves), with nothing written. The changes are kept with the preview so the confirm
   * applies exactly them.
   */
  async preview(caller: AuthContext, bodyExternalId: string | undefined) {
    const externalId = await this.existingWorkbookId(bodyExternalId);
    const content = await this.repo.workbookContent(externalId);
    if (!content) throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
    const previewed = this.ctx.db.transaction(async (tx) => {
      const planned = await planWorkbookUpdate(tx, content, { pinVersions: true });
      const checked = await applyGridChanges(
        tx,
        planned.data,
        { userId: caller.userId, email: caller.email },
        { atomicity: 'rows', applyRest: true, dryRun: true },
      );
      return { plan: planned, rows: previewRowsOf(planned, checked.outcomes) };
    });
    const { plan, rows } = await previewed.catch((error: unknown) => {
      throw error instanceof UnreadableWorkbook ? unprocessable(reportErrors.notWorkbook) : error;
    });
    const previewId = await this.repo.createPreview(externalId, caller.userId, {
      data: plan.data,
      errors: plan.errors,
    });
    return { previewId, externalId, rows, errors: plan.errors };
  }

  /** The caller's populated workbooks, newest first. */
  history(userId: number) {
    return this.repo.populatedBy(userId);
  }

  /** One populated workbook, for its admin only, never one naming a publisher outside their reach. */
  async populatedFile(caller: AuthContext, id: number) {
    const file = await this.repo.populatedFile(id, caller.userId);
    if (!file || !(caller.isAdmin || file.publisherIds.every((p) => p === caller.publisherId)))
      throw notFound();
    return file;
  }

  /** A report job's state by its id (report-fill-N or report-update-N). */
  async status(jobId: string): Promise<ReportStatus> {
    const [, kind, id] = /^report-(fill|update)-(\d+)$/.exec(jobId)!;
    const reportKind = kind as ReportKind;
    const row = await this.repo.request(Number(id));
    if (!row || row.kind !== reportKind) throw notFound();
    const job = await this.queues[reportKind]().getJob(jobId);
    const link =
      row.status === 'done' && reportKind === 'fill' ? await this.repo.downloadLink(row.externalId) : null;
    const state = row.status === 'done' || row.status === 'failed' || !job ? 'unknown' : await job.getState();
    return presentStatus(reportKind, row, {
      link,
      state,
      progress: typeof job?.progress === 'number' ? job.progress : 0,
      count: job?.returnvalue?.count ?? 0,
    });
  }
}
