// Story highlights downloads: the audit list of a story's
// highlight MP4s, and the story-highlights-zip job (start, status). Role stamp_manager (admin passes);
// the job calls also need a user_identifier of 406 and two digits. Scoped to the caller's publisher.
// The calls are parsed here and answered by service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  auditDownloadStoryQuerySchema,
  auditDownloadStorySchema,
  highlightsZipJobParamsSchema,
  highlightsZipStartedSchema,
  highlightsZipStatusSchema,
} from '@hc/shared/api/story-downloads';
import { STORY_HIGHLIGHTS_DOWNLOAD_USER_PATTERN } from '@hc/shared/constants';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { StoryDownloadService } from './service.ts';

interface Options {
  ctx: AppContext;
  media: MediaStore;
  /** BullMQ key prefix of the jobs (tests use their own; the worker must use the same). */
  jobsPrefix?: string | undefined;
}

/** The zip calls: the drawer offers them only to 406xx identifiers, and the server holds the same line. */
async function requireDownloadUser(request: FastifyRequest) {
  const caller = callerOf(request);
  if (!STORY_HIGHLIGHTS_DOWNLOAD_USER_PATTERN.test(caller.userIdentifier ?? '')) throw forbidden();
}

export async function storyDownloadRoutes(app: FastifyInstance, { ctx, media, jobsPrefix }: Options) {
  // Role first, before validation: without the permission nothing about the input is said.
  app.addHook('onRequest', requireRoles('stamp_manager'));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const downloads = new StoryDownloadService(app, ctx, media, jobsPrefix);

  api.get(
    '/highlights/audit_download_story',
    {
      schema: {
        querystring: auditDownloadStoryQuerySchema,
        response: { 200: okEnvelope(auditDownloadStorySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { files: await downloads.files(callerOf(request).publisherId, request.query.story_id) },
    }),
  );

  api.post(
    '/stamp/stories/:id/highlights_zip',
    {
      onRequest: requireDownloadUser,
      schema: { params: idParamsSchema, response: { 202: okEnvelope(highlightsZipStartedSchema) } },
    },
    async (request, reply) => {
      const jobId = await downloads.startZip(callerOf(request), request.id, request.params.id);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  api.get(
    '/stamp/stories/highlights_zip/:job_id',
    {
      onRequest: requireDownloadUser,
      schema: {
        params: highlightsZipJobParamsSchema,
        response: { 200: okEnvelope(highlightsZipStatusSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await downloads.status(callerOf(request).publisherId, request.params.job_id),
    }),
  );
}
