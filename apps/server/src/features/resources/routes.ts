// GET external_resources and its publish path (the spec's post-on-google call). Any logged-in user
// (the view permission): publishing only removes what the caller's own publisher still has to post.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import type { Highlight } from '@hc/shared/api/highlights';
import {
  externalResourceExportQuerySchema,
  externalResourceListSchema,
  externalResourcePublishQuerySchema,
  externalResourcePublishResultSchema,
  externalResourceQuerySchema,
} from '@hc/shared/api/packages';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { presentHighlight } from '../highlights/presenter.ts';
import type { MediaStore } from '../media/store.ts';
import { ResourceRepository } from './repo.ts';
import { csvDate, sendCsv, type CsvColumn } from '../../infra/csv-export.ts';

/** One row per highlight: its resources of the type, each as its URL, one per line in the cell. */
const resourceCsvColumns = (type: string): CsvColumn<Highlight>[] => [
  { header: 'Highlight Id', value: (h) => h.highlight_id },
  { header: 'Highlight', value: (h) => h.title },
  { header: 'Category', value: (h) => h.category },
  { header: 'Created (UTC)', value: (h) => csvDate(h.published_at) },
  { header: 'Article URL', value: (h) => h.link },
  {
    header: 'Resources to post',
    value: (h) =>
      h.resources
        .filter((r) => r.type === type)
        .map((r) => r.url)
        .join('\n'),
  },
];

export async function resourceRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ResourceRepository(ctx.db);

  api.get(
    '/external_resources',
    {
      schema: {
        querystring: externalResourceQuerySchema,
        response: { 200: okEnvelope(externalResourceListSchema) },
      },
    },
    async (request) => {
      const { type, page, per } = request.query;
      const result = await repo.list(callerOf(request).publisherId, type, page, per);
      return {
        success: true as const,
        data: { highlights: result.rows.map((row) => presentHighlight(row, media)), count: result.count },
      };
    },
  );

  api.get(
    '/external_resources/export.csv',
    { schema: { querystring: externalResourceExportQuerySchema } },
    (request, reply) => {
      const { type, hlts } = request.query;
      const chosen = hlts ? new Set(hlts.split(',').map(Number)) : null;
      return sendCsv(
        reply,
        'post-on-google.csv',
        resourceCsvColumns(type),
        async (page, per) => {
          const rows = await repo.list(callerOf(request).publisherId, type, page, per);
          return rows.rows.map((row) => presentHighlight(row, media));
        },
        { keep: (h) => chosen === null || chosen.has(h.highlight_id) },
      );
    },
  );

  api.get(
    '/external_resources/publish',
    {
      schema: {
        querystring: externalResourcePublishQuerySchema,
        response: { 200: okEnvelope(externalResourcePublishResultSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { highlight_id } = request.query;
      const remaining = await repo.publish(
        { publisherId: caller.publisherId, userId: caller.userId },
        highlight_id,
        request.query['resource_ids[]'],
      );
      if (!remaining) throw notFound();
      return { success: true as const, data: { highlight_id, resources: remaining } };
    },
  );
}
