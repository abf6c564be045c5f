// APV highlights: list, search, download (editor v1) and the enable switches (dashboard v2).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APV_SWITCH_ROLE } from '@hc/shared/access';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  articleStatusBodySchema,
  articleStatusResultSchema,
  auditDownloadQuerySchema,
  highlightExportQuerySchema,
  highlightListQuerySchema,
  highlightListSchema,
  highlightSearchQuerySchema,
  type Highlight,
  type HighlightListQuery,
} from '@hc/shared/api/highlights';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { answerCache, answerFromCache, sendKeptAnswer } from '../../plugins/cached-answers.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import type { MediaStore } from '../media/store.ts';
import { presentListRow } from './presenter.ts';
import { HighlightRepository } from './repo.ts';
import { HighlightService } from './service.ts';
import { csvDate, sendCsv, type CsvColumn } from '../../infra/csv-export.ts';

const HIGHLIGHT_CSV_COLUMNS: CsvColumn<Highlight>[] = [
  { header: 'Highlight Id', value: (h) => h.highlight_id },
  { header: 'Title', value: (h) => h.title },
  { header: 'Category', value: (h) => h.category },
  { header: 'Created (UTC)', value: (h) => csvDate(h.published_at) },
  { header: 'Article URL', value: (h) => h.link },
  { header: 'Front Page Impressions', value: (h) => h.non_uniq_regular_impressions },
  { header: 'Front Page Clicks', value: (h) => h.non_uniq_regular_clicks },
  { header: 'Front Page CTR Increase', value: (h) => h.regular_ctr },
  { header: 'Article Page Impressions', value: (h) => h.non_uniq_ia_impressions },
  { header: 'Article Page Clicks', value: (h) => h.non_uniq_ia_clicks },
  { header: 'Article Page CTR Increase', value: (h) => h.ia_ctr },
  { header: 'Enable Front Page', value: (h) => h.article_active },
  { header: 'Enable Article', value: (h) => h.ia_article_active },
];

interface Options {
  ctx: AppContext;
  media: MediaStore;
}

export async function highlightRoutes(app: FastifyInstance, { ctx, media }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new HighlightRepository(ctx.db);
  const highlights = new HighlightService(ctx, media);
  // The same page is asked again and again (every editor of a publisher opens the list on the same
  // default order); it is read once until a highlight or the create-GIF setting changes (the read cache).
  const pages = answerCache(ctx.changes, ['highlights', 'settings']);

  const listResponse = async (publisherId: number, query: HighlightListQuery, search?: string) => {
    const page = await repo.list(publisherId, query, search);
    return {
      success: true as const,
      data: {
        highlights: page.rows.map((row) => presentListRow(row, media)),
        count: page.count,
        create_gif: page.createGif,
        next_cursor: page.nextCursor,
      },
    };
  };

  api.get(
    '/highlights/index',
    {
      schema: { querystring: highlightListQuerySchema, response: { 200: okEnvelope(highlightListSchema) } },
      serializerCompiler: fastSerializerCompiler,
      onRequest: sendKeptAnswer(pages),
    },
    (request, reply) => {
      const { publisherId } = callerOf(request);
      return answerFromCache(reply, pages, publisherId, () => listResponse(publisherId, request.query));
    },
  );

  api.get(
    '/highlights/search',
    {
      schema: { querystring: highlightSearchQuerySchema, response: { 200: okEnvelope(highlightListSchema) } },
      serializerCompiler: fastSerializerCompiler,
      onRequest: sendKeptAnswer(pages),
    },
    (request, reply) => {
      const { publisherId } = callerOf(request);
      return answerFromCache(reply, pages, publisherId, () =>
        listResponse(publisherId, request.query, request.query.q),
      );
    },
  );

  api.get(
    '/highlights/export.csv',
    { schema: { querystring: highlightExportQuerySchema } },
    (request, reply) => {
      const { publisherId } = callerOf(request);
      const { q, ...filters } = request.query;
      return sendCsv(reply, 'highlights.csv', HIGHLIGHT_CSV_COLUMNS, async (page, per) => {
        const rows = await repo.list(publisherId, { ...filters, page, per }, q || undefined);
        return rows.rows.map((row) => presentListRow(row, media));
      });
    },
  );

  api.get(
    '/highlights/audit_download',
    { schema: { querystring: auditDownloadQuerySchema } },
    async (request, reply) => {
      const { filename, format } = request.query;
      const opened = await highlights.openDownload(callerOf(request), request.query);
      const safeName = `${filename.replace(/\.(mp4|gif)$/i, '')}.${format}`;
      return reply
        .header('content-type', format === 'gif' ? 'image/gif' : 'video/mp4')
        .header('content-length', opened.size)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .send(opened.stream);
    },
  );
}

/** POST /api/v2/dashboard/articles/{id}: the two enable checkboxes, audited with the change. */
export async function dashboardArticleRoutes(app: FastifyInstance, { ctx, media }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const highlights = new HighlightService(ctx, media);
  app.addHook('onRequest', requireRoles(APV_SWITCH_ROLE));
  api.post(
    '/articles/:id',
    {
      schema: {
        params: idParamsSchema,
        body: articleStatusBodySchema,
        response: { 200: okEnvelope(articleStatusResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await highlights.setArticleStatus(callerOf(request), request.params.id, request.body),
    }),
  );
}
