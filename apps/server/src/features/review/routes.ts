// Auto Highlight Review calls (the spec's editor v1 calls): the pending queue, an article's auto highlights
// and the feedback submission. Role apv_article_admin (admin passes), checked before the input.
// submit_feedback also presents the caller's lock on the article in x-lock-fence.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  autoHighlightsQuerySchema,
  autoHighlightsSchema,
  pendingReviewExportQuerySchema,
  pendingReviewListSchema,
  pendingReviewQuerySchema,
  submitFeedbackBodySchema,
  submitFeedbackResultSchema,
} from '@hc/shared/api/review';
import { dateToSeconds } from '@hc/shared/formatters';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { presentHighlight } from '../highlights/presenter.ts';
import { fenceOf } from '../locks/fence.ts';
import type { MediaStore } from '../media/store.ts';
import { REVIEW_ROLE } from './repo.ts';
import { ReviewService } from './service.ts';
import { csvDate, sendCsv, type CsvColumn } from '../../infra/csv-export.ts';

type PendingRow = Awaited<ReturnType<ReviewService['pending']>>['rows'][number];

const REVIEW_CSV_COLUMNS: CsvColumn<PendingRow>[] = [
  { header: 'Id', value: (r) => r.article.id },
  { header: 'Publisher', value: (r) => r.publisherName },
  { header: 'Title', value: (r) => r.article.title },
  { header: 'Created On (UTC)', value: (r) => csvDate(dateToSeconds(r.article.createdAt)) },
  { header: 'Featured', value: (r) => (r.article.featured ? 'Yes' : 'No') },
  { header: 'URL', value: (r) => r.article.url },
];

export async function reviewRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new ReviewService(ctx);
  app.addHook('onRequest', requireRoles(REVIEW_ROLE));

  api.get(
    '/articles/pending_review/export.csv',
    { schema: { querystring: pendingReviewExportQuerySchema } },
    (request, reply) =>
      sendCsv(reply, 'review-queue.csv', REVIEW_CSV_COLUMNS, async (page, per) => {
        const { rows } = await service.pending(callerOf(request), { ...request.query, page, per });
        return rows;
      }),
  );

  api.get(
    '/articles/pending_review',
    {
      schema: {
        querystring: pendingReviewQuerySchema,
        response: { 200: okEnvelope(pendingReviewListSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await service.pending(callerOf(request), request.query);
      return {
        success: true as const,
        data: {
          count,
          articles: rows.map(({ article, publisherName, highlightId, lockedBy }) => ({
            id: article.id,
            publisher_id: article.publisherId,
            publisher_name: publisherName,
            title: article.title,
            created_at: dateToSeconds(article.createdAt),
            featured: article.featured,
            raw_url: article.url,
            highlight_id: highlightId,
            locked_by: lockedBy,
            lock_expires_at: lockedBy && article.lockExpiresAt ? article.lockExpiresAt.toISOString() : null,
          })),
        },
      };
    },
  );

  api.get(
    '/highlights/auto_highlights',
    {
      schema: { querystring: autoHighlightsQuerySchema, response: { 200: okEnvelope(autoHighlightsSchema) } },
    },
    async (request) => {
      const { limit, rows } = await service.autoHighlights(callerOf(request), request.query.article_id);
      return {
        success: true as const,
        data: {
          article_id: request.query.article_id,
          highlights: rows.map((row) => presentHighlight(row, media)),
          limit,
        },
      };
    },
  );

  api.post(
    '/highlights/submit_feedback',
    { schema: { body: submitFeedbackBodySchema, response: { 200: okEnvelope(submitFeedbackResultSchema) } } },
    async (request) => {
      const remaining = await service.submit(callerOf(request), request.body, fenceOf(request));
      return { success: true as const, data: { article_id: request.body.article_id, remaining } };
    },
  );
}
