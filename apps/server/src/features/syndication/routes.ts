// GET syndication: the Active packages of the other publishers of the caller's
// publisher group, read-only, in the Package shape. Role syndication_publisher (admin passes).
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schema } from '@hc/db/schema';
import { okEnvelope } from '@hc/shared/api/envelope';
import { packageExportQuerySchema, packageListQuerySchema, packageListSchema } from '@hc/shared/api/packages';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import type { MediaStore } from '../media/store.ts';
import { presentPackages } from '../packages/routes.ts';
import { PackageRepository } from '../packages/repo.ts';
import { PACKAGE_CSV_COLUMNS } from '../packages/csv.ts';
import { sendCsv } from '../../infra/csv-export.ts';

const { publishers } = schema;

/** The other publishers sharing the caller publisher's group (none without a group). */
export async function groupPeers(ctx: AppContext, publisherId: number): Promise<number[]> {
  const [own] = await ctx.db
    .select({ groupId: publishers.groupId })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!own?.groupId) return [];
  const rows = await ctx.db
    .select({ id: publishers.id })
    .from(publishers)
    .where(and(eq(publishers.groupId, own.groupId), ne(publishers.id, publisherId)));
  return rows.map((r) => r.id);
}

export async function syndicationRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PackageRepository(ctx.db);

  api.get(
    '/syndication',
    {
      onRequest: requireRoles('syndication_publisher'),
      schema: { querystring: packageListQuerySchema, response: { 200: okEnvelope(packageListSchema) } },
    },
    async (request) => {
      const publisherIds = await groupPeers(ctx, callerOf(request).publisherId);
      const page = await repo.list({ publisherIds, statuses: ['Active'] }, request.query);
      return {
        success: true as const,
        data: { packages: await presentPackages(repo, page.rows, media), count: page.count },
      };
    },
  );

  api.get(
    '/syndication/export.csv',
    { onRequest: requireRoles('syndication_publisher'), schema: { querystring: packageExportQuerySchema } },
    async (request, reply) => {
      const publisherIds = await groupPeers(ctx, callerOf(request).publisherId);
      return sendCsv(reply, 'syndication.csv', PACKAGE_CSV_COLUMNS, async (page, per) => {
        const rows = await repo.list({ publisherIds, statuses: ['Active'] }, { ...request.query, page, per });
        return presentPackages(repo, rows.rows, media);
      });
    },
  );
}
