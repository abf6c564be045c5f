// Top Videos packages: list, one package, create, update/status, and package categories.
// Packages need the packages permission (editorial_manager; admin passes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  categorySchema,
  embedIdParamsSchema,
  packageExportQuerySchema,
  packageGetQuerySchema,
  packageListQuerySchema,
  packageListSchema,
  packagePutQuerySchema,
  packageSchema,
  packageUpdateSchema,
  packageWriteSchema,
  type Package,
} from '@hc/shared/api/packages';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { answerCache, answerFromCache, sendKeptAnswer } from '../../plugins/cached-answers.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import type { MediaStore } from '../media/store.ts';
import { presentPackage } from './presenter.ts';
import { PackageRepository, type PackageRow } from './repo.ts';
import { PackageService } from './service.ts';
import { PACKAGE_CSV_COLUMNS } from './csv.ts';
import { sendCsv } from '../../infra/csv-export.ts';

interface Options {
  ctx: AppContext;
  media: MediaStore;
}

/**
 * The publisher a package call acts on: the caller's own, or (admins only) an explicit publisherId, as
 * the suggestion deep link sends it. Anyone else naming another publisher gets the same 404 as for an
 * unknown package.
 */
function publisherScope(caller: AuthContext, publisherId: number | undefined): number {
  if (publisherId === undefined || publisherId === caller.publisherId) return caller.publisherId;
  if (caller.isAdmin) return publisherId;
  throw notFound();
}

/** Packages with their highlights, loaded in one query for the whole page. */
export async function presentPackages(
  repo: PackageRepository,
  rows: PackageRow[],
  media: MediaStore,
): Promise<Package[]> {
  const items = await repo.highlightsOf(rows.map((r) => r.embedId));
  return rows.map((row) => presentPackage(row, items.get(row.embedId) ?? [], media));
}

export async function packageRoutes(app: FastifyInstance, { ctx, media }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PackageRepository(ctx.db);
  // List pages (kept in the read cache until a table they read changes) read the packages, their highlight
  // lists and those highlights.
  const pages = answerCache(ctx.changes, ['packages', 'package_highlights', 'highlights']);
  const service = new PackageService(ctx.db);

  const load = async (publisherId: number, embedId: string) => {
    const row = await repo.find(publisherId, embedId);
    if (!row) throw notFound();
    const [presented] = await presentPackages(repo, [row], media);
    return presented!;
  };

  // Package categories: any logged-in user (the highlight filters use them too).
  api.get(
    '/categories',
    { schema: { response: { 200: okEnvelope(z.array(categorySchema)) } } },
    async (request) => ({
      success: true as const,
      data: await repo.categories(callerOf(request).publisherId),
    }),
  );

  await app.register(async (scoped) => {
    // The role check comes before validation: without the permission, nothing about the input is said.
    scoped.addHook('onRequest', requireRoles('editorial_manager'));
    const routes = scoped.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/packages',
      {
        schema: { querystring: packageListQuerySchema, response: { 200: okEnvelope(packageListSchema) } },
        // A page of 100 packages holds about 1,000 highlights: checking them all with zod cost more than
        // the database.
        serializerCompiler: fastSerializerCompiler,
        onRequest: sendKeptAnswer(pages),
      },
      (request, reply) => {
        const { publisherId } = callerOf(request);
        return answerFromCache(reply, pages, publisherId, async () => {
          const page = await repo.list({ publisherIds: [publisherId] }, request.query);
          return {
            success: true as const,
            data: { packages: await presentPackages(repo, page.rows, media), count: page.count },
          };
        });
      },
    );

    routes.get(
      '/packages/export.csv',
      { schema: { querystring: packageExportQuerySchema } },
      (request, reply) => {
        const { publisherId } = callerOf(request);
        return sendCsv(reply, 'packages.csv', PACKAGE_CSV_COLUMNS, async (page, per) => {
          const rows = await repo.list({ publisherIds: [publisherId] }, { ...request.query, page, per });
          return presentPackages(repo, rows.rows, media);
        });
      },
    );

    routes.get(
      '/packages/:id',
      {
        schema: {
          params: embedIdParamsSchema,
          querystring: packageGetQuerySchema,
          response: { 200: okEnvelope(packageSchema) },
        },
      },
      async (request) => {
        const publisherId = publisherScope(callerOf(request), request.query.publisherId);
        const data = await load(publisherId, request.params.id);
        if (request.query.status && data.status !== request.query.status) throw notFound();
        return { success: true as const, data };
      },
    );

    routes.post(
      '/packages',
      { schema: { body: packageWriteSchema, response: { 201: okEnvelope(packageSchema) } } },
      async (request, reply) => {
        const caller = callerOf(request);
        const embedId = await service.create(
          { userId: caller.userId, publisherId: caller.publisherId },
          request.body,
        );
        return reply
          .status(201)
          .send({ success: true as const, data: await load(caller.publisherId, embedId) });
      },
    );

    routes.put(
      '/packages/:id',
      {
        schema: {
          params: embedIdParamsSchema,
          querystring: packagePutQuerySchema,
          body: packageUpdateSchema,
          response: { 200: okEnvelope(packageSchema) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const actor = {
          userId: caller.userId,
          publisherId: publisherScope(caller, request.query.publisherId),
        };
        const body = request.body;
        if ('name' in body) await service.update(actor, request.params.id, body);
        else await service.changeStatus(actor, request.params.id, body);
        return { success: true as const, data: await load(actor.publisherId, request.params.id) };
      },
    );
  });
}
