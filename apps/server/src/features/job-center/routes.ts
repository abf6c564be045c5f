// The job center: the jobs a user started, with retry of a failed one and cancel of a waiting one.
// Everyone signed in may list their own jobs of the publisher they act for; an admin lists everyone's.
// The calls are parsed here and answered by service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queue } from 'bullmq';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  jobEntrySchema,
  jobListQuerySchema,
  jobListSchema,
  jobParamsSchema,
} from '@hc/shared/api/job-center';
import { QUEUES, type QueueName } from '@hc/shared/queues';
import type { AppContext } from '../../context.ts';
import { jobQueue } from '../../infra/job-queue.ts';
import { callerOf } from '../../plugins/auth.ts';
import { JobCenterService } from './service.ts';

export async function jobCenterRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const queues = new Map<string, () => Queue>(
    [QUEUES.monetizationSubmit, QUEUES.reportFill, QUEUES.reportUpdate, QUEUES.storyHighlightsZip].map(
      (name) => [name, jobQueue(app, ctx, name as QueueName, jobsPrefix)] as const,
    ),
  );
  const center = new JobCenterService(ctx, queues);

  api.get(
    '/jobs',
    { schema: { querystring: jobListQuerySchema, response: { 200: okEnvelope(jobListSchema) } } },
    async (request) => ({
      success: true as const,
      data: await center.list(callerOf(request), request.query),
    }),
  );

  api.post(
    '/jobs/:id/retry',
    { schema: { params: jobParamsSchema, response: { 202: okEnvelope(jobEntrySchema) } } },
    async (request, reply) => {
      const data = await center.retry(callerOf(request), request.params.id);
      return reply.status(202).send({ success: true as const, data });
    },
  );

  api.post(
    '/jobs/:id/cancel',
    { schema: { params: jobParamsSchema, response: { 200: okEnvelope(jobEntrySchema) } } },
    async (request) => ({
      success: true as const,
      data: await center.cancel(callerOf(request), request.params.id),
    }),
  );
}
