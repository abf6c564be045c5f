// The vertical tool's calls: the task lists, a task's suggestions, the review actions
// (approve, reject, create, update, and a failed render's retry: 409 for an illegal transition, 400 for missing reasons, 422 for a
// bad time range or keyframe file), reels validity, Vertical View's programs and the render job status.
// The review lists and every action need the review permission; the ready and rejected reads the view
// permission (scope.ts). Approve, reject, create and update also present the caller's task lock in the
// x-lock-fence header (checked in the action's transaction, 409 without the live lease).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  reelsUpdateBodySchema,
  reelsUpdateResultSchema,
  renderJobParamsSchema,
  renderJobStatusSchema,
  suggestCropJobParamsSchema,
  suggestCropJobStatusSchema,
  verticalApproveBodySchema,
  verticalEditRequestSchema,
  verticalProgramListQuerySchema,
  verticalProgramListSchema,
  verticalRejectBodySchema,
  verticalRenderRetryBodySchema,
  verticalRenderStartedSchema,
  verticalSuggestCropBodySchema,
  verticalSuggestCropStartedSchema,
  verticalTaskDetailsQuerySchema,
  verticalTaskDetailsSchema,
  verticalTaskListQuerySchema,
  verticalTaskListSchema,
  verticalTaskResultSchema,
} from '@hc/shared/api/vertical';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { fenceOf } from '../locks/fence.ts';
import type { MediaStore } from '../media/store.ts';
import { presentProgram, presentSuggestion, presentTask } from './presenter.ts';
import { ReframeService } from './reframe.ts';
import { RenderQueue } from './render-queue.ts';
import { renderStatusOf } from './render-status.ts';
import type { TaskView } from './repo.ts';
import { requirePermission } from './scope.ts';
import { VerticalService } from './service.ts';

interface Options {
  ctx: AppContext;
  media: MediaStore;
  /** BullMQ key prefix of the render jobs (tests use their own; the worker must use the same). */
  jobsPrefix?: string | undefined;
}

/** Keyframe files of long full videos outgrow the default 1 MB body. */
const EDIT_BODY_LIMIT = 8 * 1024 * 1024;

/** Role first, before validation: without the permission nothing about the input is said. */
const requireReview = async (request: FastifyRequest) => requirePermission(callerOf(request), 'review');

export async function verticalRoutes(app: FastifyInstance, { ctx, media, jobsPrefix }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const renders = new RenderQueue(app, ctx, jobsPrefix);
  const service = new VerticalService(ctx, renders);
  const reframes = new ReframeService(app, ctx, jobsPrefix);

  /** The 202 of approve, create and update. */
  const renderStarted = (started: { view: TaskView; jobId: string; suggestionId: number }) => ({
    success: true as const,
    data: {
      task: presentTask(started.view, media),
      job_id: started.jobId,
      vertical_content_id: started.suggestionId,
    },
  });

  api.get(
    '/vertical_tasks',
    {
      schema: {
        querystring: verticalTaskListQuerySchema,
        response: { 200: okEnvelope(verticalTaskListSchema) },
      },
    },
    async (request) => {
      const { rows, count, pages } = await service.list(callerOf(request), request.query);
      return {
        success: true as const,
        data: { count, pages, tasks: rows.map((row) => presentTask(row, media)) },
      };
    },
  );

  api.get(
    '/vertical_task_details',
    {
      schema: {
        querystring: verticalTaskDetailsQuerySchema,
        response: { 200: okEnvelope(verticalTaskDetailsSchema) },
      },
    },
    async (request) => {
      const rows = await service.details(callerOf(request), request.query);
      return {
        success: true as const,
        data: rows.map((r) => presentSuggestion(r.suggestion, r.keyframe, r.feedback)),
      };
    },
  );

  api.post(
    '/vertical_video/approve',
    {
      onRequest: requireReview,
      schema: { body: verticalApproveBodySchema, response: { 202: okEnvelope(verticalRenderStartedSchema) } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          renderStarted(await service.approve(callerOf(request), request.body, fenceOf(request), request.id)),
        ),
  );

  api.post(
    '/vertical_video/reject',
    {
      onRequest: requireReview,
      schema: { body: verticalRejectBodySchema, response: { 200: okEnvelope(verticalTaskResultSchema) } },
    },
    async (request) => {
      const view = await service.reject(callerOf(request), request.body, fenceOf(request));
      return { success: true as const, data: { task: presentTask(view, media) } };
    },
  );

  for (const action of ['create', 'update'] as const) {
    api.post(
      `/vertical_video/${action}`,
      {
        onRequest: requireReview,
        bodyLimit: EDIT_BODY_LIMIT,
        schema: {
          body: verticalEditRequestSchema,
          response: { 202: okEnvelope(verticalRenderStartedSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            renderStarted(
              await service[action](callerOf(request), request.body, fenceOf(request), request.id),
            ),
          ),
    );
  }

  // Retry of a render that ended without an MP4: from the review list, no lease needed (it changes only
  // the render; an approve under someone's open modal is then refused as 'render queued').
  api.post(
    '/vertical_video/render/retry',
    {
      onRequest: requireReview,
      schema: {
        body: verticalRenderRetryBodySchema,
        response: { 202: okEnvelope(verticalRenderStartedSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(renderStarted(await service.retryRender(callerOf(request), request.body, request.id))),
  );

  api.post(
    '/vertical_video/reels/update',
    {
      onRequest: requireReview,
      schema: { body: reelsUpdateBodySchema, response: { 200: okEnvelope(reelsUpdateResultSchema) } },
    },
    async (request) => {
      const view = await service.setReelsValid(callerOf(request), request.body.id, request.body.valid);
      return { success: true as const, data: { tasks: [presentTask(view, media)] } };
    },
  );

  api.get(
    '/vertical_video/programs',
    {
      schema: {
        querystring: verticalProgramListQuerySchema,
        response: { 200: okEnvelope(verticalProgramListSchema) },
      },
    },
    async (request) => {
      const { rows, count, pages } = await service.programs(callerOf(request), request.query);
      return { success: true as const, data: { programs: rows.map(presentProgram), count, pages } };
    },
  );

  // "Suggest crop": the console's reframing engine, for the task or one span of it. No lease needed: it
  // writes only the console's own suggestion, a new version of which an open editor is told of as of
  // any other save.
  api.post(
    '/vertical_video/suggest_crop',
    {
      onRequest: requireReview,
      schema: {
        body: verticalSuggestCropBodySchema,
        response: { 202: okEnvelope(verticalSuggestCropStartedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        data: { job_id: await reframes.suggest(callerOf(request), request.body, request.id) },
      }),
  );

  api.get(
    '/vertical_video/suggest_crop/:jobId',
    {
      onRequest: requireReview,
      schema: {
        params: suggestCropJobParamsSchema,
        response: { 200: okEnvelope(suggestCropJobStatusSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reframes.status(callerOf(request), request.params.jobId),
    }),
  );

  api.get(
    '/vertical_video/render_jobs/:jobId',
    {
      onRequest: requireReview,
      schema: { params: renderJobParamsSchema, response: { 200: okEnvelope(renderJobStatusSchema) } },
    },
    async (request) => {
      const { job, state, view } = await service.renderJob(callerOf(request), request.params.jobId);
      return { success: true as const, data: await renderStatusOf(media, job, state, view.task) };
    },
  );
}
