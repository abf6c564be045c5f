// The trend charts' calls. Parsed here, answered by service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import { embedIdParamsSchema } from '@hc/shared/api/packages';
import { highlightTrendSchema, packageTrendSchema, trendQuerySchema } from '@hc/shared/api/trends';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { TrendService } from './service.ts';

export async function trendRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const trends = new TrendService(ctx);
  const ok = <T>(data: T) => ({ success: true as const, data });

  // A highlight's trend: whoever may open the highlights list may see it.
  api.get(
    '/trends/highlights/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: trendQuerySchema,
        response: { 200: okEnvelope(highlightTrendSchema) },
      },
    },
    async (request) =>
      ok(await trends.highlight(callerOf(request).publisherId, request.params.id, request.query.days)),
  );

  api.get(
    '/trends/packages/:id',
    {
      onRequest: requireRoles('editorial_manager'),
      schema: {
        params: embedIdParamsSchema,
        querystring: trendQuerySchema,
        response: { 200: okEnvelope(packageTrendSchema) },
      },
    },
    async (request) =>
      ok(await trends.package(callerOf(request).publisherId, request.params.id, request.query.days)),
  );

  // The syndication screen's trend: the packages of the other publishers of the caller's group, summed.
  api.get(
    '/trends/syndication',
    {
      onRequest: requireRoles('syndication_publisher'),
      schema: { querystring: trendQuerySchema, response: { 200: okEnvelope(packageTrendSchema) } },
    },
    async (request) => ok(await trends.syndication(callerOf(request).publisherId, request.query.days)),
  );
}
