// Menu badge counts (pending_counts, vertical_tasks/count) and the settings list.
// Every logged-in user may ask; each count is 0 unless the caller's roles reach that queue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  pendingCountsSchema,
  settingsQuerySchema,
  settingsSchema,
  verticalTaskCountQuerySchema,
  verticalTaskCountSchema,
} from '@hc/shared/api/pending';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { PendingCountsService } from './counts.ts';
import { PendingRepository } from './repo.ts';

export async function pendingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PendingRepository(ctx.db);
  const counts = new PendingCountsService(ctx.db);

  api.get(
    '/pending_counts',
    { schema: { response: { 200: okEnvelope(pendingCountsSchema) } } },
    async (request) => ({ success: true as const, data: await counts.forCaller(callerOf(request)) }),
  );

  api.get(
    '/vertical_tasks/count',
    {
      schema: {
        querystring: verticalTaskCountQuerySchema,
        response: { 200: okEnvelope(verticalTaskCountSchema) },
      },
    },
    async (request) => {
      const vertical = await counts.vertical(callerOf(request));
      const type = request.query.content_type;
      return {
        success: true as const,
        data: { tasksCount: type ? vertical[type] : vertical.highlight + vertical.full_video },
      };
    },
  );

  api.get(
    '/settings',
    { schema: { querystring: settingsQuerySchema, response: { 200: okEnvelope(settingsSchema) } } },
    async (request) => ({
      success: true as const,
      data: await repo.settings(callerOf(request).publisherId, request.query.limit),
    }),
  );
}
