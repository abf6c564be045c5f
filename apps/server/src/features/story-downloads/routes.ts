// Story highlights downloads: the audit list of a story's
// highlight MP4s, and the story-highlights-zip job (start, status). Role stamp_manager (admin passes);
// the job calls also need a user_identifier of 406 and two digits. Scoped to the caller's publisher.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
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
import { failureMessage, queuedOutcome } from '@hc/shared/jobs';
import { jobMessages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import {
  STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS,
  storyHighlightsZipJobId,
  type StoryHighlightsZipJob,
  type StoryHighlightsZipResult,
} from '@hc/shared/job-contracts';
import { storyHighlightSources } from '@hc/db/story-highlight-sources';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import { recordJobStart } from '../job-center/records.ts';
import { writeAudit } from '../audit/writer.ts';

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
  const archiveExists = async (job: { returnvalue?: StoryHighlightsZipResult | null }) => {
    const archive = job.returnvalue?.path;
    const file = archive ? await media.open(archive).catch(() => null) : null;
    file?.stream.destroy();
    return file !== null;
  };

  // Role first, before validation: without the permission nothing about the input is said.
  app.addHook('onRequest', requireRoles('stamp_manager'));
  const api = app.withTypeProvider<ZodTypeProvider>();

  const queueOf = jobQueue<StoryHighlightsZipJob, StoryHighlightsZipResult>(
    app,
    ctx,
    QUEUES.storyHighlightsZip,
    jobsPrefix,
  );

  api.get(
    '/highlights/audit_download_story',
    {
      schema: {
        querystring: auditDownloadStoryQuerySchema,
        response: { 200: okEnvelope(auditDownloadStorySchema) },
      },
    },
    async (request) => {
      const sources = await storyHighlightSources(
        ctx.db,
        callerOf(request).publisherId,
        request.query.story_id,
      );
      if (!sources) throw notFound();
      const files = sources.map((s) => ({
        highlight_id: s.highlightId,
        filename: s.filename,
        url: media.url(s.path),
      }));
      return { success: true as const, data: { files } };
    },
  );

  api.post(
    '/stamp/stories/:id/highlights_zip',
    {
      onRequest: requireDownloadUser,
      schema: { params: idParamsSchema, response: { 202: okEnvelope(highlightsZipStartedSchema) } },
    },
    async (request, reply) => {
      const { publisherId, userId } = callerOf(request);
      const [story] = await ctx.db
        .select({ id: schema.stories.id, updatedAt: schema.stories.updatedAt, title: schema.stories.title })
        .from(schema.stories)
        .where(and(eq(schema.stories.id, request.params.id), eq(schema.stories.publisherId, publisherId)));
      if (!story) throw notFound();
      const jobId = storyHighlightsZipJobId(story.id, story.updatedAt);
      const recordStart = () =>
        recordJobStart(ctx.db, callerOf(request), {
          queue: QUEUES.storyHighlightsZip,
          jobId,
          label: story.title || `Story ${story.id}`,
          subjectPath: `/stamp/${story.id}`,
        });
      let existing = await queueOf().getJob(jobId);
      // A finished job whose archive the retention purge removed makes a new archive.
      if (existing && (await existing.getState()) === 'completed' && !(await archiveExists(existing))) {
        await existing.remove();
        existing = undefined;
      }
      if (existing) {
        // The same story version is the same job; one that gave up is given another go, reported live to
        // the caller. A job still running reports to whoever started it (the others' screens poll).
        if ((await existing.getState()) === 'failed') {
          await existing.updateData({ ...existing.data, userId });
          await existing.retry('failed');
          await recordStart();
        }
      } else {
        // add() with a taken id is a no-op in BullMQ, so two racing asks still make one job.
        await queueOf().add(
          'zip',
          tracedBy(request.id, {
            storyId: story.id,
            publisherId,
            version: story.updatedAt.getTime(),
            userId,
          }),
          { ...STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS, jobId },
        );
        await recordStart();
      }
      // A download of the story's highlights, recorded like a single highlight's audit_download.
      await writeAudit(ctx.db, {
        publisherId,
        userId,
        actionName: 'download',
        objectId: String(story.id),
        objectType: 'story',
        payload: { job_id: jobId, format: 'zip' },
      });
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
    async (request) => {
      const jobId = request.params.job_id;
      const first = await queueOf().getJob(jobId);
      if (!first || first.data.publisherId !== callerOf(request).publisherId) throw notFound();
      const state = await first.getState();
      // A job that ended between the two reads was read still running: read it again for its result.
      const job =
        state === 'completed' || state === 'failed' ? ((await queueOf().getJob(jobId)) ?? first) : first;
      const progress = typeof job.progress === 'number' ? job.progress : 0;
      if (state === 'failed') {
        const error = failureMessage(job.failedReason);
        return {
          success: true as const,
          data: { state, progress, url: null, outcome: { kind: 'failed' as const, error } },
        };
      }
      if (state === 'completed') {
        // The archive is offered only while it is on the media store (the retention purge removes it).
        const archive = job.returnvalue?.path;
        if (archive && (await archiveExists(job))) {
          const url = media.url(archive);
          return {
            success: true as const,
            data: { state, progress: 100, url, outcome: { kind: 'done' as const, url } },
          };
        }
        const error = jobMessages.fileMissing;
        return {
          success: true as const,
          data: { state: 'failed', progress, url: null, outcome: { kind: 'failed' as const, error } },
        };
      }
      // A job nobody takes (no worker running) says it still waits once past the bound; never done.
      const outcome =
        state === 'active' ? { kind: 'running' as const, progress } : queuedOutcome(job.timestamp);
      return { success: true as const, data: { state, progress, url: null, outcome } };
    },
  );
}
