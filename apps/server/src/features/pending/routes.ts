// Menu badge counts (pending_counts, vertical_tasks/count) and the settings list (spec 001 §3, §7, §9).
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
import type { AuthContext } from '../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { REVIEW_ROLE } from '../review/repo.ts';
import { ReviewService } from '../review/service.ts';
import { PendingRepository } from './repo.ts';

const mayReview = (caller: AuthContext) => caller.isAdmin || caller.roles.includes(REVIEW_ROLE);
const mayVertical = (caller: AuthContext) => caller.isAdmin || caller.roles.includes('switch_publisher');

export async function pendingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PendingRepository(ctx.db);
  const review = new ReviewService(ctx.db);

  const verticalCounts = async (caller: AuthContext) =>
    mayVertical(caller) ? repo.verticalReviewCounts(caller.publisherId) : { highlight: 0, full_video: 0 };

  api.get(
    '/pending_counts',
    { schema: { response: { 200: okEnvelope(pendingCountsSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const [autoHighlightReview, vertical] = await Promise.all([
        mayReview(caller) ? review.pendingCount(caller) : Promise.resolve(0),
        verticalCounts(caller),
      ]);
      return {
        success: true as const,
        data: {
          autoHighlightReview,
          verticalFullContent: vertical.full_video,
          verticalHighlight: vertical.highlight,
          tasksTotal: autoHighlightReview + vertical.full_video + vertical.highlight,
        },
      };
    },
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
      const counts = await verticalCounts(callerOf(request));
      const type = request.query.content_type;
      return {
        success: true as const,
        data: { tasksCount: type ? counts[type] : counts.highlight + counts.full_video },
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
