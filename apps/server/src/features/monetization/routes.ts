// Monetization setup, view and audit calls (the spec's monetization screens and calls; paths in
// packages/shared/src/api/monetization.ts). Admins only: everyone else gets a 403 before any input check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  abTestQuerySchema,
  abTestSchema,
  allConfigsQuerySchema,
  AUDIT_EXPORT_MAX_ROWS,
  auditExportQuerySchema,
  auditListSchema,
  auditQuerySchema,
  auditRevertBodySchema,
  auditRevertParamsSchema,
  configGroupsSchema,
  fillBodySchema,
  monetizedPlacementsQuerySchema,
  monetizedPublisherSchema,
  monetizedPublishersQuerySchema,
  placementConfigBodySchema,
  saveSetupBodySchema,
} from '@hc/shared/api/monetization';
import { placementSchema } from '@hc/shared/api/publishers';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { presentAbTest, presentAudit, presentGroups } from './presenter.ts';
import { auditCsv } from './audit-export.ts';
import { revertAuditField } from './revert.ts';
import { MonetizationRepository, type Scope } from './repo.ts';
import { MonetizationService } from './service.ts';

/** The admin check, as an onRequest hook so a non-admin learns nothing about validation. */
async function requireAdmin(request: FastifyRequest) {
  if (!callerOf(request).isAdmin) throw forbidden();
}

export async function monetizationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new MonetizationRepository(ctx.db);
  const service = new MonetizationService(ctx.db);
  app.addHook('onRequest', requireAdmin);

  /** Config groups of publishers (every level), or of one placement with its publisher's own setup. */
  const groupsOf = async (publisherIds: number[]) =>
    presentGroups(await repo.videoRows({ publisherIds }), await repo.displayRows({ publisherIds }));
  const groupsOfScopes = async (scopes: Scope[]) => {
    const video = (await Promise.all(scopes.map((s) => repo.videoRows(s)))).flat();
    const display = (await Promise.all(scopes.map((s) => repo.displayRows(s)))).flat();
    return presentGroups(video, display);
  };

  api.get(
    '/publishers/publishers_monetized',
    {
      schema: {
        querystring: monetizedPublishersQuerySchema,
        response: { 200: okEnvelope(z.array(monetizedPublisherSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repo.publishersMonetized(request.query.monetized),
    }),
  );

  api.get(
    '/placements/placements_monetized',
    {
      schema: {
        querystring: monetizedPlacementsQuerySchema,
        response: { 200: okEnvelope(z.array(placementSchema)) },
      },
    },
    async (request) => {
      const rows = await repo.placements(request.query.publisher_id, request.query.monetized);
      const data = rows.map(({ abMonetization, ...p }) => ({
        ...p,
        abTest: abMonetization === null ? null : { monetization: abMonetization },
      }));
      return { success: true as const, data };
    },
  );

  api.get(
    '/monetization_setup/placement/ab_test',
    { schema: { querystring: abTestQuerySchema, response: { 200: okEnvelope(abTestSchema.nullable()) } } },
    async (request) => {
      if (!(await repo.placement(request.query.placement_id))) throw notFound();
      const test = await repo.abTest(request.query.placement_id);
      return { success: true as const, data: test ? presentAbTest(test) : null };
    },
  );

  api.post(
    '/monetization_setup/fill',
    { schema: { body: fillBodySchema, response: { 200: okEnvelope(configGroupsSchema) } } },
    async (request) => ({ success: true as const, data: await groupsOf(request.body.publisher_ids) }),
  );

  api.post(
    '/monetization_setup/placement',
    { schema: { body: placementConfigBodySchema, response: { 200: okEnvelope(configGroupsSchema) } } },
    async (request) => {
      const placement = await repo.placement(request.body.id);
      if (!placement) throw notFound();
      const data = await groupsOfScopes([
        { publisherId: placement.publisherId, placementId: null },
        { publisherId: placement.publisherId, placementId: placement.id },
      ]);
      return { success: true as const, data };
    },
  );

  api.get(
    '/monetization_setup/all_configs',
    { schema: { querystring: allConfigsQuerySchema, response: { 200: okEnvelope(configGroupsSchema) } } },
    async (request) => ({ success: true as const, data: await groupsOf(request.query.publisher_ids) }),
  );

  api.put(
    '/publisher_info/monetization',
    { schema: { body: saveSetupBodySchema, response: { 200: okEnvelope(configGroupsSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const scope = await service.save({ userId: caller.userId, email: caller.email }, request.body);
      return { success: true as const, data: await groupsOfScopes([scope]) };
    },
  );

  api.get(
    '/monetization_audit',
    { schema: { querystring: auditQuerySchema, response: { 200: okEnvelope(auditListSchema) } } },
    async (request) => {
      const page = await repo.audits(request.query);
      return {
        success: true as const,
        data: { audits: page.rows.map(presentAudit), totalItems: page.total },
      };
    },
  );

  // The audit log as a file: the list's filters, every matching entry up to AUDIT_EXPORT_MAX_ROWS,
  // streamed as read; one line per changed field.
  api.get(
    '/monetization_audit/export',
    { schema: { querystring: auditExportQuerySchema } },
    async (request, reply) => {
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store');
      return reply.send(auditCsv(repo.auditBatches(request.query, AUDIT_EXPORT_MAX_ROWS)));
    },
  );

  api.post(
    '/monetization_audit/:id/revert',
    {
      schema: {
        params: auditRevertParamsSchema,
        body: auditRevertBodySchema,
        response: { 200: okEnvelope(z.object({ reverted: z.literal(true) })) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await revertAuditField(
        ctx.db,
        { userId: caller.userId, email: caller.email },
        request.params.id,
        request.body.field,
      );
      return { success: true as const, data: { reverted: true as const } };
    },
  );
}
