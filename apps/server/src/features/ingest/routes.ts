// The ingest API (/api/ingest/v1): the highlight pipeline's idempotent PUTs by external id and its
// all-or-none batch, authenticated by a service token that feeds one publisher. docs/ingest.md.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  externalIdParamsSchema,
  ingestArticleSchema,
  ingestBatchResultSchema,
  ingestBatchSchema,
  ingestHighlightSchema,
  ingestProgramHighlightsSchema,
  ingestProgramSchema,
  ingestResultSchema,
  ingestVerticalTaskSchema,
} from '@hc/shared/api/ingest';
import { ingestMetricsResultSchema, ingestMetricsSchema } from '@hc/shared/api/trends';
import {
  VERTICAL_REFRAME_JOB_OPTIONS,
  verticalReframeJobId,
  type VerticalReframeJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import type { AppContext } from '../../context.ts';
import { jobQueue } from '../../infra/job-queue.ts';
import { TrendService } from '../trends/service.ts';
import { authenticateService, serviceCallerOf } from './auth.ts';
import { IngestService, type ReframeRequester } from './service.ts';
import { ServiceTokenRepository } from './tokens.ts';

/** OpenAPI: the ingest routes take the bearer service token instead of the editor headers. */
const docs = (summary: string) => ({ tags: ['ingest'], summary, security: [{ serviceToken: [] }] });
const resultEnvelope = { 200: okEnvelope(ingestResultSchema) };
/** Keyframe files of long full videos, and batches of many items, exceed the app's 1 MB default. */
const TASK_BODY_LIMIT = 8 * 1024 * 1024;
const BATCH_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The console's crop suggestion of tasks that arrived without one: one job a task (the same id as the
 * editor's "Suggest crop" of the whole task), so a repeated PUT, or a reviewer asking meanwhile, finds it.
 */
function reframeRequester(
  app: FastifyInstance,
  ctx: AppContext,
  jobsPrefix: string | undefined,
): ReframeRequester {
  const queue = jobQueue<VerticalReframeJob, unknown>(app, ctx, QUEUES.verticalReframe, jobsPrefix);
  return async (publisherId, videoIds) => {
    await queue().addBulk(
      videoIds.map((videoId) => {
        const job: VerticalReframeJob = { videoId, publisherId, span: null };
        return {
          name: 'reframe',
          data: job,
          opts: { ...VERTICAL_REFRAME_JOB_OPTIONS, jobId: verticalReframeJobId(job) },
        };
      }),
    );
  };
}

export async function ingestRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new IngestService(ctx, reframeRequester(app, ctx, jobsPrefix));
  const trends = new TrendService(ctx);
  app.decorateRequest('service', null);
  app.addHook('onRequest', authenticateService(new ServiceTokenRepository(ctx.db)));
  const ok = <T>(data: T) => ({ success: true as const, data });

  api.put(
    '/articles/:external_id',
    {
      schema: {
        ...docs('Create or update an article (needs_review puts a new one in the review queue)'),
        params: externalIdParamsSchema,
        body: ingestArticleSchema,
        response: resultEnvelope,
      },
    },
    async (request) =>
      ok(
        await service.article(serviceCallerOf(request).publisherId, request.params.external_id, request.body),
      ),
  );

  api.put(
    '/highlights/:external_id',
    {
      schema: {
        ...docs('Create or update a highlight of an ingested article, with its metrics'),
        params: externalIdParamsSchema,
        body: ingestHighlightSchema,
        response: resultEnvelope,
      },
    },
    async (request) =>
      ok(
        await service.highlight(
          serviceCallerOf(request).publisherId,
          request.params.external_id,
          request.body,
        ),
      ),
  );

  api.put(
    '/programs/:external_id',
    {
      schema: {
        ...docs('Create or update a live program'),
        params: externalIdParamsSchema,
        body: ingestProgramSchema,
        response: resultEnvelope,
      },
    },
    async (request) =>
      ok(
        await service.program(serviceCallerOf(request).publisherId, request.params.external_id, request.body),
      ),
  );

  api.put(
    '/programs/:external_id/highlights',
    {
      schema: {
        ...docs("Set a program's ingested highlights (its segments)"),
        params: externalIdParamsSchema,
        body: ingestProgramHighlightsSchema,
        response: resultEnvelope,
      },
    },
    async (request) =>
      ok(
        await service.programHighlights(
          serviceCallerOf(request).publisherId,
          request.params.external_id,
          request.body,
        ),
      ),
  );

  api.put(
    '/vertical_tasks/:external_id',
    {
      bodyLimit: TASK_BODY_LIMIT,
      schema: {
        ...docs('Create or update a vertical task with its suggestions and their keyframe files'),
        params: externalIdParamsSchema,
        body: ingestVerticalTaskSchema,
        response: resultEnvelope,
      },
    },
    async (request) =>
      ok(
        await service.verticalTask(
          serviceCallerOf(request).publisherId,
          request.params.external_id,
          request.body,
        ),
      ),
  );

  api.post(
    '/metrics',
    {
      schema: {
        ...docs("Set daily metric points of highlights and packages (a day's figures replace the day's)"),
        body: ingestMetricsSchema,
        response: { 200: okEnvelope(ingestMetricsResultSchema) },
      },
    },
    async (request) => ok(await trends.writeMetrics(serviceCallerOf(request).publisherId, request.body)),
  );

  api.post(
    '/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        ...docs('Many upserts in one transaction: all or none'),
        body: ingestBatchSchema,
        response: { 200: okEnvelope(ingestBatchResultSchema) },
      },
    },
    async (request) => ok(await service.batch(serviceCallerOf(request).publisherId, request.body)),
  );
}
