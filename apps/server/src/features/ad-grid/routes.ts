// The ad configuration grid: fetch the grid of up to 20 publishers, submit the
// edits as a monetization-submit job keyed by the page's session id, and poll that job. Admins only.
// The calls are parsed here and answered by service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gridDataSchema,
  gridFillBodySchema,
  gridSubmitBodySchema,
  gridSubmitJobParamsSchema,
  gridSubmitStartedSchema,
  gridSubmitStatusSchema,
} from '@hc/shared/api/ad-grid';
import { okEnvelope } from '@hc/shared/api/envelope';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { AdGridService } from './service.ts';

export async function adGridRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  app.addHook('onRequest', requireRoles());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const grid = new AdGridService(app, ctx, jobsPrefix);

  api.post(
    '/ad_config/fill',
    { schema: { body: gridFillBodySchema, response: { 200: okEnvelope(gridDataSchema) } } },
    async (request) => ({ success: true as const, data: await grid.fill(request.body.publisher_ids) }),
  );

  api.post(
    '/monetization_setup/submit',
    { schema: { body: gridSubmitBodySchema, response: { 202: okEnvelope(gridSubmitStartedSchema) } } },
    async (request, reply) => {
      const { data, session_id: sessionId } = request.body;
      const jobId = await grid.submit(callerOf(request), request.id, data, sessionId);
      return reply.status(202).send({ success: true as const, data: { job_id: jobId } });
    },
  );

  api.get(
    '/monetization_setup/submit/:job_id',
    {
      schema: {
        params: gridSubmitJobParamsSchema,
        response: { 200: okEnvelope(gridSubmitStatusSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await grid.status(request.params.job_id) }),
  );
}
