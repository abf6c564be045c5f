// GET vertical_tasks (spec 001 §7): the task lists and the pending-task total of the menu.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { verticalTaskListQuerySchema, verticalTaskListSchema } from '@hc/shared/api/vertical';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { videoUrlOf } from '../media/store.ts';
import { VerticalTaskRepository } from './repo.ts';
import { dateToSeconds } from '@hc/shared/formatters';

export async function verticalRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new VerticalTaskRepository(ctx.db);

  api.get(
    '/vertical_tasks',
    {
      schema: {
        querystring: verticalTaskListQuerySchema,
        response: { 200: okEnvelope(verticalTaskListSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const query = request.query;
      // Publisher or publisher-group scope, never wider than the publishers the caller may act for.
      const allowed = new Set(
        (await ctx.accounts.publishersFor({ id: caller.userId, isAdmin: caller.isAdmin })).map((p) => p.id),
      );
      let scope = [caller.publisherId];
      if (query['publisher_ids[]']) {
        if (query['publisher_ids[]'].some((id) => !allowed.has(id))) throw notFound();
        scope = query['publisher_ids[]'];
      } else if (query['group_ids[]']) {
        scope = (await repo.publishersInGroups(query['group_ids[]'])).filter((id) => allowed.has(id));
      }
      const { rows, count, pages } = await repo.list(scope, query);
      return {
        success: true as const,
        data: {
          count,
          pages,
          tasks: rows.map(({ task, publisherName }) => ({
            video_id: task.videoId,
            title: task.title,
            publisher_id: task.publisherId,
            publisher_name: publisherName,
            channel: task.channel,
            program_id: task.programId,
            external_program_id: task.externalProgramId,
            segment_id: task.segmentId,
            highlight_id: task.highlightId,
            src_video_url: videoUrlOf(media, task.srcVideoPath),
            video_url: task.videoPath ? videoUrlOf(media, task.videoPath) : null,
            thumbnail: task.thumbnailPath ? media.url(task.thumbnailPath) : null,
            duration: task.durationSeconds,
            trimmed_duration: task.trimmedDurationSeconds,
            created_at: dateToSeconds(task.createdAt),
            generated_at: task.generatedAt ? dateToSeconds(task.generatedAt) : null,
            updated_at: dateToSeconds(task.updatedAt),
            start_time: task.startTime,
            end_time: task.endTime,
            reviews: task.reviews,
            reels_valid: task.reelsValid,
            content_type: task.contentType,
            status: task.status,
            derivative_id: task.derivativeId,
          })),
        },
      };
    },
  );
}
