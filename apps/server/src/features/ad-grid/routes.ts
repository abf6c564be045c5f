// The ad configuration grid: fetch the grid of up to 20 publishers, submit the
// edits as a monetization-submit job keyed by the page's session id, and poll that job. Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import {
  gridDataSchema,
  gridFillBodySchema,
  gridSubmitBodySchema,
  gridSubmitJobParamsSchema,
  gridSubmitStartedSchema,
  gridSubmitStatusSchema,
  isGridField,
  type GridSubmitStatus,
} from '@hc/shared/api/ad-grid';
import { okEnvelope } from '@hc/shared/api/envelope';
import { GRID_TABS } from '@hc/shared/monetization/grid-rules';
import { messages } from '@hc/shared/messages';
import {
  MONETIZATION_JOB_OPTIONS,
  monetizationSubmitJobId,
  type MonetizationSubmitJob,
  type MonetizationSubmitResult,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { loadGridData } from '@hc/monetization/grid';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import { recordJobStart } from '../job-center/records.ts';

const { gridSubmissions } = schema;

/** Answers for rules the spec does not word. */
export const gridSubmitErrors = {
  nothingToSubmit: 'There are no changes to submit.',
  unknownField: (field: string) => `${field} is not a column of the grid.`,
} as const;

export async function adGridRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  app.addHook('onRequest', requireRoles());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const queueOf = jobQueue<MonetizationSubmitJob, MonetizationSubmitResult>(
    app,
    ctx,
    QUEUES.monetizationSubmit,
    jobsPrefix,
  );

  api.post(
    '/ad_config/fill',
    { schema: { body: gridFillBodySchema, response: { 200: okEnvelope(gridDataSchema) } } },
    async (request) => ({
      success: true as const,
      data: await loadGridData(ctx.db, request.body.publisher_ids),
    }),
  );

  api.post(
    '/monetization_setup/submit',
    { schema: { body: gridSubmitBodySchema, response: { 202: okEnvelope(gridSubmitStartedSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { data, session_id: sessionId } = request.body;
      const rows = GRID_TABS.flatMap((tab) => data[tab].map((row) => ({ tab, row })));
      if (rows.every(({ row }) => Object.keys(row.changes).length === 0))
        throw badRequest(gridSubmitErrors.nothingToSubmit);
      for (const { tab, row } of rows) {
        const unknown = Object.keys(row.changes).find((field) => !isGridField(tab, field));
        if (unknown) throw badRequest(gridSubmitErrors.unknownField(unknown));
      }
      const jobId = monetizationSubmitJobId(sessionId);
      // The session id is the guard: a second submit of it finds the row and never applies twice.
      const [inserted] = await ctx.db
        .insert(gridSubmissions)
        .values({ sessionId, userId: caller.userId, email: caller.email, data })
        .onConflictDoNothing({ target: gridSubmissions.sessionId })
        .returning({ sessionId: gridSubmissions.sessionId });
      // Whether this submit starts a job (a repeat of an applied or waiting session adds none).
      let starts = Boolean(inserted);
      if (!inserted) {
        // A submit that failed its checks applied nothing: the same page may send corrected data. So may
        // one whose job itself failed (its row is still pending): that job is ended, never running, and
        // keeping it would answer every retry of the page with its failure.
        const [reopened] = await ctx.db
          .update(gridSubmissions)
          .set({ data, status: 'pending', errors: [], userId: caller.userId, email: caller.email })
          .where(
            and(
              eq(gridSubmissions.sessionId, sessionId),
              inArray(gridSubmissions.status, ['failed', 'pending']),
            ),
          )
          .returning({ sessionId: gridSubmissions.sessionId });
        starts = Boolean(reopened);
        const previous = reopened ? await queueOf().getJob(jobId) : undefined;
        if (previous && ['completed', 'failed'].includes(await previous.getState())) await previous.remove();
      }
      // add() with a taken id is a no-op: a repeated submit of a pending or applied session adds nothing.
      await queueOf().add('submit', tracedBy(request.id, { sessionId, userId: caller.userId }), {
        ...MONETIZATION_JOB_OPTIONS,
        jobId,
      });
      if (starts)
        await recordJobStart(ctx.db, caller, {
          queue: QUEUES.monetizationSubmit,
          jobId,
          label: 'Ad configuration grid',
          subjectPath: '/admin/ad-config',
        });
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
    async (request) => {
      const job = await queueOf().getJob(request.params.job_id);
      if (!job) throw notFound();
      const [submission] = await ctx.db
        .select({ status: gridSubmissions.status, errors: gridSubmissions.errors })
        .from(gridSubmissions)
        .where(eq(gridSubmissions.sessionId, job.data.sessionId));
      if (!submission) throw notFound();
      const state = await job.getState();
      const progress = typeof job.progress === 'number' ? job.progress : 0;
      let data: GridSubmitStatus;
      if (submission.status === 'done') data = { state: 'completed', progress: 100, errors: [] };
      else if (submission.status === 'failed')
        data = { state: 'failed', progress: 100, errors: submission.errors };
      else if (state === 'failed')
        data = { state: 'failed', progress, errors: [messages.somethingWentWrong] };
      else data = { state: state === 'active' ? 'active' : 'queued', progress, errors: [] };
      return { success: true as const, data };
    },
  );
}
