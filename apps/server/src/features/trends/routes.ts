// The trend charts' reads: a highlight's, a package's, and the syndicated packages' daily clicks and
// impressions over the last 7, 30 or 90 UTC days, every day listed (null figures where none were sent).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import { embedIdParamsSchema } from '@hc/shared/api/packages';
import {
  highlightTrendSchema,
  packageTrendSchema,
  trendQuerySchema,
  utcDay,
  type IngestMetrics,
  type IngestMetricsResult,
} from '@hc/shared/api/trends';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { retryOnDeadlock } from '../ingest/service.ts';
import { groupPeers } from '../syndication/repo.ts';
import { TrendRepository } from './repo.ts';

/** The window of the last `days` UTC days, today included. */
const windowOf = (days: number) => ({ from: utcDay(-(days - 1)), to: utcDay(), days });

/** The ingest API's metric points of one publisher, all in one transaction. */
export function writeMetrics(
  ctx: AppContext,
  publisherId: number,
  body: IngestMetrics,
): Promise<IngestMetricsResult> {
  return retryOnDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      const repo = new TrendRepository(tx);
      const highlights = await repo.writeHighlightPoints(publisherId, body.highlights);
      const packages = await repo.writePackagePoints(publisherId, body.packages);
      return { highlights, packages };
    }),
  );
}

export async function trendRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new TrendRepository(ctx.db);
  const ok = <T>(data: T) => ({ success: true as const, data });

  // A highlight's trend: whoever may open the highlights list may see it.
  api.get(
    '/trends/highlights/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: trendQuerySchema,
        response: { 200: okEnvelope(highlightTrendSchema) },
      },
    },
    async (request) => {
      const w = windowOf(request.query.days);
      const points = await repo.highlightTrend(
        callerOf(request).publisherId,
        request.params.id,
        w.from,
        w.to,
      );
      if (!points) throw notFound();
      return ok({ ...w, points });
    },
  );

  api.get(
    '/trends/packages/:id',
    {
      onRequest: requireRoles('editorial_manager'),
      schema: {
        params: embedIdParamsSchema,
        querystring: trendQuerySchema,
        response: { 200: okEnvelope(packageTrendSchema) },
      },
    },
    async (request) => {
      const w = windowOf(request.query.days);
      const points = await repo.packageTrend(callerOf(request).publisherId, request.params.id, w.from, w.to);
      if (!points) throw notFound();
      return ok({ ...w, points });
    },
  );

  // The syndication screen's trend: the packages of the other publishers of the caller's group, summed.
  api.get(
    '/trends/syndication',
    {
      onRequest: requireRoles('syndication_publisher'),
      schema: { querystring: trendQuerySchema, response: { 200: okEnvelope(packageTrendSchema) } },
    },
    async (request) => {
      const w = windowOf(request.query.days);
      const peers = await groupPeers(ctx.db, callerOf(request).publisherId);
      return ok({ ...w, points: await repo.publishersTrend(peers, w.from, w.to) });
    },
  );
}
