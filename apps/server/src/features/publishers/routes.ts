// Publisher lists, products, placements and console configuration.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  consoleConfigQuerySchema,
  consoleConfigSchema,
  placementSchema,
  publisherGroupSchema,
  publisherInfoSchema,
  publisherListItemSchema,
  publisherProductSchema,
  publisherWithConfigSchema,
} from '@hc/shared/api/publishers';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { PublisherRepository } from './repo.ts';

export async function publisherRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PublisherRepository(ctx.db);

  /** Ids the caller may see; undefined means every publisher (admins). */
  const visibleIds = async (caller: ReturnType<typeof callerOf>) =>
    caller.isAdmin
      ? undefined
      : (await ctx.accounts.publishersFor({ id: caller.userId, isAdmin: false })).map((p) => p.id);

  /** A publisher id from the request, refused as not found when the caller may not act for it. */
  const allowedPublisher = async (caller: ReturnType<typeof callerOf>, id: number) => {
    if (!(await ctx.accounts.canActFor({ id: caller.userId, isAdmin: caller.isAdmin }, id))) throw notFound();
    return id;
  };

  api.get(
    '/publisher_info/',
    { schema: { response: { 200: okEnvelope(publisherInfoSchema) } } },
    async (request) => {
      const [info] = await repo.infos([callerOf(request).publisherId]);
      if (!info) throw notFound();
      const { apv: _apv, editor: _editor, ...data } = info;
      return { success: true as const, data };
    },
  );

  api.get(
    '/publisher_products',
    { schema: { response: { 200: okEnvelope(z.array(publisherProductSchema)) } } },
    async (request) => ({ success: true as const, data: await repo.products(callerOf(request).publisherId) }),
  );

  api.get(
    '/placements/',
    { schema: { response: { 200: okEnvelope(z.array(placementSchema)) } } },
    async (request) => ({
      success: true as const,
      data: await repo.placements(callerOf(request).publisherId),
    }),
  );

  api.get(
    '/auth/placements/publisher/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(z.array(placementSchema)) } } },
    async (request) => {
      const id = await allowedPublisher(callerOf(request), request.params.id);
      return { success: true as const, data: await repo.placements(id) };
    },
  );

  api.get(
    '/publishers',
    { schema: { response: { 200: okEnvelope(z.array(publisherListItemSchema)) } } },
    async (request) => {
      const infos = await repo.infos(await visibleIds(callerOf(request)));
      return { success: true as const, data: infos.map((p) => ({ id: p.id, name: p.name })) };
    },
  );

  api.get(
    '/publishers_with_config/',
    {
      preHandler: requireRoles('admin'),
      schema: { response: { 200: okEnvelope(z.array(publisherWithConfigSchema)) } },
    },
    async () => ({ success: true as const, data: await repo.infos() }),
  );

  api.get(
    '/publishers/groups',
    { schema: { response: { 200: okEnvelope(z.array(publisherGroupSchema)) } } },
    async (request) => ({
      success: true as const,
      data: await repo.groups(await visibleIds(callerOf(request))),
    }),
  );

  api.get(
    '/publisher_configuration/console_config',
    { schema: { querystring: consoleConfigQuerySchema, response: { 200: okEnvelope(consoleConfigSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const id = await allowedPublisher(caller, request.query.publisher_id ?? caller.publisherId);
      return { success: true as const, data: await repo.consoleConfig(id) };
    },
  );
}
