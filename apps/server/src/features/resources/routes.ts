// GET external_resources and its publish path (spec 000 §4, §7 post-on-google). Any logged-in user
// (the view permission): publishing only removes what the caller's own publisher still has to post.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  externalResourceListSchema,
  externalResourcePublishQuerySchema,
  externalResourcePublishResultSchema,
  externalResourceQuerySchema,
} from '@hc/shared/api/packages';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { presentHighlight } from '../highlights/presenter.ts';
import type { MediaStore } from '../media/store.ts';
import { ResourceRepository } from './repo.ts';

export async function resourceRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ResourceRepository(ctx.db);

  api.get(
    '/external_resources',
    {
      schema: {
        querystring: externalResourceQuerySchema,
        response: { 200: okEnvelope(externalResourceListSchema) },
      },
    },
    async (request) => {
      const { type, page, per } = request.query;
      const result = await repo.list(callerOf(request).publisherId, type, page, per);
      return {
        success: true as const,
        data: { highlights: result.rows.map((row) => presentHighlight(row, media)), count: result.count },
      };
    },
  );

  api.get(
    '/external_resources/publish',
    {
      schema: {
        querystring: externalResourcePublishQuerySchema,
        response: { 200: okEnvelope(externalResourcePublishResultSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { highlight_id } = request.query;
      const remaining = await repo.publish(
        { publisherId: caller.publisherId, userId: caller.userId },
        highlight_id,
        request.query['resource_ids[]'],
      );
      if (!remaining) throw notFound();
      return { success: true as const, data: { highlight_id, resources: remaining } };
    },
  );
}
