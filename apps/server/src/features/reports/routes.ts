// Bulk reports, admins only: the calls, parsed here and answered by service.ts (workbooks kept by the
// product, Populate Report as a report-fill job and Update report as a report-update job, polled by id,
// and the spec's older calls that answer once their job ended).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
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
} from '@hc/shared/api/reports';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { presentPopulated } from './presenter.ts';
import { ReportRepository } from './repo.ts';
import { reportErrors, ReportService, unprocessable, type ReportCaller } from './service.ts';

export { reportErrors } from './service.ts';

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

const xlsxHeaders = (filename: string) => ({
  'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

export async function reportRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  app.addHook('onRequest', requireRoles());
  await app.register(fastifyMultipart, {
    limits: { fileSize: WORKBOOK_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reports = new ReportService(app, ctx, jobsPrefix);
  const who = (request: FastifyRequest): ReportCaller => ({
    caller: callerOf(request),
    httpRequestId: request.id,
  });

  api.post(
    '/bulk-update/workbooks',
    { schema: { response: { 201: okEnvelope(workbookSchema) } } },
    async (request, reply) => {
      const workbook = await reports.createEmptyWorkbook(callerOf(request).userId);
      return reply.status(201).send({ success: true as const, data: workbook });
    },
  );

  api.post(
    '/bulk-update/workbooks/upload',
    { schema: { response: { 201: okEnvelope(workbookSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const content = await receiveWorkbook(request);
      const workbook = await reports.createUploadedWorkbook(content, caller.userId);
      return reply.status(201).send({ success: true as const, data: workbook });
    },
  );

  api.get(
    '/bulk-update/workbooks/:external_id/link',
    { schema: { params: workbookParamsSchema, response: { 200: okEnvelope(workbookLinkSchema) } } },
    async (request) => ({
      success: true as const,
      data: { link: await reports.downloadLink(request.params.external_id) },
    }),
  );

  // The console's screen: start the job (202) and poll bulk-update/jobs/{job_id} for progress.
  api.post(
    '/bulk-update/fill',
    { schema: { body: reportFillBodySchema, response: { 202: okEnvelope(reportStartedSchema) } } },
    async (request, reply) => {
      const { jobId } = await reports.startFill(who(request), request.body);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  api.post(
    '/bulk-update/submit',
    { schema: { body: reportSubmitBodySchema, response: { 202: okEnvelope(reportStartedSchema) } } },
    async (request, reply) => {
      const { jobId } = await reports.startUpdate(who(request), request.body);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  // Update report on the screen: what the workbook would change, with nothing written.
  api.post(
    '/bulk-update/preview',
    { schema: { body: reportPreviewBodySchema, response: { 200: okEnvelope(reportPreviewSchema) } } },
    async (request) => {
      const preview = await reports.preview(callerOf(request), request.body.external_id);
      return {
        success: true as const,
        data: {
          preview_id: preview.previewId,
          external_id: preview.externalId,
          rows: preview.rows,
          errors: preview.errors,
        },
      };
    },
  );

  // Every populated workbook as it was generated, for its admin, newest first.
  api.get(
    '/bulk-update/history',
    { schema: { response: { 200: okEnvelope(z.array(populatedWorkbookSchema)) } } },
    async (request) => ({
      success: true as const,
      data: (await reports.history(callerOf(request).userId)).map(presentPopulated),
    }),
  );

  api.get(
    '/bulk-update/history/:id/file',
    { schema: { params: populatedWorkbookParamsSchema } },
    async (request, reply) => {
      const file = await reports.populatedFile(callerOf(request), request.params.id);
      const stamp = file.createdAt.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
      return reply.headers(xlsxHeaders(`report-${stamp}.xlsx`)).send(Buffer.from(file.content));
    },
  );

  // The spec's paths, kept for callers of the existing editor API: the same jobs, answered once they end,
  // in the spec's shape (service.ts says how each end is answered).
  for (const path of ['/bulk-update/fill/', '/bulk-update-json/fill/']) {
    api.post(path, { schema: { body: reportFillBodySchema } }, async (request) =>
      reports.fillAndWait(who(request), request.body),
    );
  }
  api.post('/bulk-update-json/submit', { schema: { body: reportSubmitBodySchema } }, async (request) =>
    reports.updateAndWait(who(request), request.body.external_id),
  );
  api.get('/bulk-update/submit', { schema: { querystring: reportSubmitBodySchema } }, async (request) =>
    reports.updateAndWait(who(request), request.query.external_id),
  );

  api.get(
    '/bulk-update/jobs/:job_id',
    { schema: { params: reportJobParamsSchema, response: { 200: okEnvelope(reportStatusSchema) } } },
    async (request) => ({ success: true as const, data: await reports.status(request.params.job_id) }),
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
        .headers(xlsxHeaders(`report-v${workbook.version}.xlsx`))
        .send(Buffer.from(workbook.content));
    });
}
