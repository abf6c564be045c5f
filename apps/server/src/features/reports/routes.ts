// Bulk reports, admins only: workbooks kept by the product
// (create an empty one or upload an edited one to get its spreadsheet id; download by a short-lived
// link), Populate Report as a report-fill job and Update report as a report-update job, polled by id.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  externalIdSchema,
  populatedWorkbookParamsSchema,
  populatedWorkbookSchema,
  reportFillBodySchema,
  reportPreviewBodySchema,
  reportPreviewSchema,
  reportJobParamsSchema,
  reportStartedSchema,
  reportStatusSchema,
  reportSubmitBodySchema,
  WORKBOOK_MAX_BYTES,
  workbookLinkSchema,
  workbookParamsSchema,
  workbookSchema,
  type ReportFillBody,
  type ReportStatus,
  type ReportSubmitBody,
} from '@hc/shared/api/reports';
import { messages } from '@hc/shared/messages';
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
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import { recordJobStart } from '../job-center/records.ts';
import { ReportRepository } from './repo.ts';

/** Answers for rules the spec does not word. */
export const reportErrors = {
  noSuchSpreadsheet: 'This spreadsheet does not exist.',
  noPublishers: 'The chosen groups have no publishers.',
  stillRunning: 'The report is still being made. Try again in a minute.',
  notWorkbook: 'The file is not an XLSX workbook.',
  workbookTooBig: 'The workbook is too big. Max file size is 5 MB.',
} as const;

/** How long the spec's synchronous fill and submit wait for their job, and how often they look. */
const REPORT_WAIT_MS = 120_000;
const REPORT_POLL_MS = 250;

const unprocessable = (message: string) => new HttpError(422, [message]);

/** The one uploaded file (field `file`) in memory, refused past the limit. */
async function receiveWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unprocessable(reportErrors.notWorkbook);
  const part = await request.file({
    limits: { fileSize: WORKBOOK_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw unprocessable(reportErrors.notWorkbook);
  }
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw unprocessable(reportErrors.workbookTooBig);
    throw error;
  }
  if (part.file.truncated) throw unprocessable(reportErrors.workbookTooBig);
  return content;
}

/** A spreadsheet id from a body: missing is 'missing inputs', malformed or unknown is a 404. */
async function existingWorkbookId(repo: ReportRepository, externalId: string | undefined) {
  if (!externalId?.trim()) throw badRequest(messages.missingInputs);
  const parsed = externalIdSchema.safeParse(externalId);
  if (!parsed.success || !(await repo.workbookExists(parsed.data)))
    throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
  return parsed.data;
}

export async function reportRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  app.addHook('onRequest', requireRoles());
  await app.register(fastifyMultipart, {
    limits: { fileSize: WORKBOOK_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ReportRepository(ctx.db);
  const fillQueue = jobQueue<ReportJob, ReportResult>(app, ctx, QUEUES.reportFill, jobsPrefix);
  const updateQueue = jobQueue<ReportJob, ReportResult>(app, ctx, QUEUES.reportUpdate, jobsPrefix);

  api.post(
    '/bulk-update/workbooks',
    { schema: { response: { 201: okEnvelope(workbookSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const empty = await writeReportWorkbook({
        publisher: [],
        placement: [],
        display: [],
        displayPlacement: [],
      });
      return reply
        .status(201)
        .send({ success: true as const, data: await repo.createWorkbook(empty, caller.userId) });
    },
  );

  api.post(
    '/bulk-update/workbooks/upload',
    { schema: { response: { 201: okEnvelope(workbookSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const content = await receiveWorkbook(request);
      // Inspected here, never trusted by its name or type: it must open as a workbook.
      if (!(await isReportWorkbook(content))) throw unprocessable(reportErrors.notWorkbook);
      return reply
        .status(201)
        .send({ success: true as const, data: await repo.createWorkbook(content, caller.userId) });
    },
  );

  api.get(
    '/bulk-update/workbooks/:external_id/link',
    { schema: { params: workbookParamsSchema, response: { 200: okEnvelope(workbookLinkSchema) } } },
    async (request) => {
      const link = await repo.downloadLink(request.params.external_id);
      if (!link) throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
      return { success: true as const, data: { link } };
    },
  );

  /** Queues a report-fill job for the body's workbook and publishers; its job id. */
  const startFill = async (request: FastifyRequest, body: ReportFillBody) => {
    const { publisher_ids: publisherIds, group_ids: groupIds } = body;
    if (!body.external_id?.trim() || publisherIds.length + groupIds.length === 0)
      throw badRequest(messages.missingInputs);
    const externalId = await existingWorkbookId(repo, body.external_id);
    const ids = await repo.publisherIdsOf(publisherIds, groupIds);
    if (ids.length === 0) throw badRequest(reportErrors.noPublishers);
    const requestId = await repo.createRequest('fill', externalId, ids);
    const jobId = reportJobId('fill', requestId);
    const data: ReportJob = { requestId, userId: callerOf(request).userId };
    await fillQueue().add('fill', tracedBy(request.id, data), { ...MONETIZATION_JOB_OPTIONS, jobId });
    await recordJobStart(ctx.db, callerOf(request), {
      queue: QUEUES.reportFill,
      jobId,
      label: `Workbook ${externalId}`,
      subjectPath: '/admin/reports',
    });
    return { requestId, jobId, externalId };
  };

  /**
   * Queues a report-update job for the workbook; its job id. With a preview id: the caller's preview of
   * that workbook becomes the job (its changes as shown, the caller's choice to apply the rest).
   */
  const startUpdate = async (request: FastifyRequest, body: Partial<ReportSubmitBody>) => {
    const caller = callerOf(request);
    let requestId: number;
    let externalId: string;
    if (body.preview_id !== undefined) {
      const named = body.external_id?.trim() ? await existingWorkbookId(repo, body.external_id) : null;
      const confirmed = await repo.confirmPreview(
        body.preview_id,
        caller.userId,
        named,
        body.apply_rest ?? false,
      );
      if (confirmed === 'gone') throw new HttpError(404, [messages.reportPreviewGone]);
      if (confirmed === 'used') throw new HttpError(409, [messages.reportPreviewUsed]);
      requestId = body.preview_id;
      externalId = confirmed.externalId;
    } else {
      externalId = await existingWorkbookId(repo, body.external_id);
      requestId = await repo.createRequest('update', externalId, [], caller.userId);
    }
    const jobId = reportJobId('update', requestId);
    const data: ReportJob = { requestId, userId: caller.userId };
    await updateQueue().add('update', tracedBy(request.id, data), { ...MONETIZATION_JOB_OPTIONS, jobId });
    await recordJobStart(ctx.db, caller, {
      queue: QUEUES.reportUpdate,
      jobId,
      label: `Workbook ${externalId}`,
      subjectPath: '/admin/reports',
    });
    return { requestId, jobId, externalId };
  };

  /**
   * The spec's own answer of a fill or submit ({success, link, errors} at the top level): waits for the
   * job by its request row, which the job marks done or failed in the same transaction as its writes.
   */
  const awaitReport = async (requestId: number, externalId: string, kind: 'fill' | 'update') => {
    const deadline = Date.now() + REPORT_WAIT_MS;
    for (;;) {
      const row = await repo.request(requestId);
      if (row?.status === 'done' || row?.status === 'failed') {
        const link = kind === 'fill' && row.status === 'done' ? await repo.downloadLink(externalId) : null;
        return { success: row.status === 'done' && row.errors.length === 0, link, errors: row.errors };
      }
      if (Date.now() > deadline) throw new HttpError(504, [reportErrors.stillRunning]);
      await new Promise((resolve) => setTimeout(resolve, REPORT_POLL_MS));
    }
  };

  // The console's screen: start the job (202) and poll bulk-update/jobs/{job_id} for progress.
  api.post(
    '/bulk-update/fill',
    { schema: { body: reportFillBodySchema, response: { 202: okEnvelope(reportStartedSchema) } } },
    async (request, reply) => {
      const { jobId } = await startFill(request, request.body);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  api.post(
    '/bulk-update/submit',
    { schema: { body: reportSubmitBodySchema, response: { 202: okEnvelope(reportStartedSchema) } } },
    async (request, reply) => {
      const { jobId } = await startUpdate(request, request.body);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  // Update report on the screen: what the workbook would change, row by row, checked as the confirm
  // will check it (rules, and versions against later saves), with nothing written. The changes are kept
  // with the preview so the confirm applies exactly them.
  api.post(
    '/bulk-update/preview',
    { schema: { body: reportPreviewBodySchema, response: { 200: okEnvelope(reportPreviewSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const externalId = await existingWorkbookId(repo, request.body.external_id);
      const content = await repo.workbookContent(externalId);
      if (!content) throw new HttpError(404, [reportErrors.noSuchSpreadsheet]);
      const previewed = ctx.db.transaction(async (tx) => {
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
      const previewId = await repo.createPreview(externalId, caller.userId, {
        data: plan.data,
        errors: plan.errors,
      });
      return {
        success: true as const,
        data: { preview_id: previewId, external_id: externalId, rows, errors: plan.errors },
      };
    },
  );

  // Every populated workbook as it was generated, for its admin, newest first.
  api.get(
    '/bulk-update/history',
    { schema: { response: { 200: okEnvelope(z.array(populatedWorkbookSchema)) } } },
    async (request) => {
      const rows = await repo.populatedBy(callerOf(request).userId);
      return {
        success: true as const,
        data: rows.map((r) => ({
          id: r.id,
          external_id: r.externalId,
          created_at: r.createdAt.toISOString(),
          publishers: r.publishers,
          size: r.size,
        })),
      };
    },
  );

  api.get(
    '/bulk-update/history/:id/file',
    { schema: { params: populatedWorkbookParamsSchema } },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await repo.populatedFile(request.params.id, caller.userId);
      // Another admin's copy, or one naming a publisher outside the caller's reach, is not theirs to see.
      if (!file || !(caller.isAdmin || file.publisherIds.every((id) => id === caller.publisherId)))
        throw notFound();
      const stamp = file.createdAt.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="report-${stamp}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.content));
    },
  );

  // The spec's paths, kept for callers of the existing editor API: the same jobs,
  // answered once they end, in the spec's shape.
  for (const path of ['/bulk-update/fill/', '/bulk-update-json/fill/']) {
    api.post(path, { schema: { body: reportFillBodySchema } }, async (request) => {
      const started = await startFill(request, request.body);
      return awaitReport(started.requestId, started.externalId, 'fill');
    });
  }
  api.post('/bulk-update-json/submit', { schema: { body: reportSubmitBodySchema } }, async (request) => {
    const started = await startUpdate(request, { external_id: request.body.external_id });
    return awaitReport(started.requestId, started.externalId, 'update');
  });
  api.get('/bulk-update/submit', { schema: { querystring: reportSubmitBodySchema } }, async (request) => {
    const started = await startUpdate(request, { external_id: request.query.external_id });
    return awaitReport(started.requestId, started.externalId, 'update');
  });

  api.get(
    '/bulk-update/jobs/:job_id',
    { schema: { params: reportJobParamsSchema, response: { 200: okEnvelope(reportStatusSchema) } } },
    async (request) => {
      const [, kind, id] = /^report-(fill|update)-(\d+)$/.exec(request.params.job_id)!;
      const reportKind = kind as 'fill' | 'update';
      const row = await repo.request(Number(id));
      if (!row || row.kind !== reportKind) throw notFound();
      const job = await (reportKind === 'fill' ? fillQueue() : updateQueue()).getJob(request.params.job_id);
      const count = job?.returnvalue?.count ?? 0;
      const outcome = {
        applied: row.outcome?.applied ?? [],
        not_applied: row.outcome?.notApplied ?? [],
      };
      const none = { applied: [], not_applied: [] };
      let data: ReportStatus;
      if (row.status === 'done') {
        const link = reportKind === 'fill' ? await repo.downloadLink(row.externalId) : null;
        data = {
          kind: reportKind,
          state: 'completed',
          progress: 100,
          link,
          errors: row.errors,
          changed: count,
          ...outcome,
        };
      } else if (row.status === 'failed') {
        data = {
          kind: reportKind,
          state: 'failed',
          progress: 100,
          link: null,
          errors: row.errors,
          changed: 0,
          ...outcome,
        };
      } else {
        const state = job ? await job.getState() : 'unknown';
        const progress = typeof job?.progress === 'number' ? job.progress : 0;
        data =
          state === 'failed'
            ? {
                kind: reportKind,
                state: 'failed',
                progress,
                link: null,
                errors: [messages.somethingWentWrong],
                changed: 0,
                ...none,
              }
            : {
                kind: reportKind,
                state: state === 'active' ? 'active' : 'queued',
                progress,
                link: null,
                errors: [],
                changed: 0,
                ...none,
              };
      }
      return { success: true as const, data };
    },
  );
}

const tokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/** GET /files/workbooks/{token}: the workbook a live download token names (opened in a new tab). */
export async function workbookDownloadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const repo = new ReportRepository(ctx.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/:token', { schema: { params: tokenParamsSchema } }, async (request, reply) => {
      const workbook = await repo.workbookByToken(request.params.token);
      if (!workbook) throw notFound();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="report-v${workbook.version}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(workbook.content));
    });
}
