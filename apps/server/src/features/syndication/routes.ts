// GET syndication: the Active packages of the other publishers of the caller's
// publisher group, read-only, in the Package shape. Role syndication_publisher (admin passes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { packageExportQuerySchema, packageListQuerySchema, packageListSchema } from '@hc/shared/api/packages';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import type { MediaStore } from '../media/store.ts';
import { PACKAGE_CSV_COLUMNS } from '../packages/csv.ts';
import { sendCsv } from '../../infra/csv-export.ts';
import { SyndicationService } from './service.ts';

export async function syndicationRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const syndication = new SyndicationService(ctx.db, media);

  api.get(
    '/syndication',
    {
      onRequest: requireRoles('syndication_publisher'),
      schema: { querystring: packageListQuerySchema, response: { 200: okEnvelope(packageListSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await syndication.list(callerOf(request).publisherId, request.query),
    }),
  );

  api.get(
    '/syndication/export.csv',
    { onRequest: requireRoles('syndication_publisher'), schema: { querystring: packageExportQuerySchema } },
    async (request, reply) => {
      const pages = await syndication.exportPages(callerOf(request).publisherId, request.query);
      return sendCsv(reply, 'syndication.csv', PACKAGE_CSV_COLUMNS, pages);
    },
  );
}
