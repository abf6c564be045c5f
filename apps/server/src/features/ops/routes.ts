// Probes and metrics for the platform, outside /api: GET /healthz (the process serves), GET /readyz (it
// can serve: database, Redis, migrations) and GET /metrics (Prometheus). No session: a load balancer and
// a scraper have none. They tell nothing about the data. /metrics still shows how the deployment runs
// (routes, load, queue depths): with METRICS_TOKEN it needs the token; without one it answers only this
// machine, except on a demo (SEED_DEMO=true), which stays open as it always was.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@hc/db/client';
import type { Redis } from 'ioredis';
import { messages } from '@hc/shared/messages';
import type { ServerOps } from './metrics.ts';
import { Readiness } from './readiness.ts';

export interface OpsRoutesOptions {
  ops: ServerOps;
  db: Db;
  redis: Redis;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Without a token: true (a demo) serves /metrics to anyone, false only to loopback callers. */
  metricsOpenWithoutToken?: boolean;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A caller on this machine: the socket's own address is loopback and no proxy forwarded the request. The
 * socket address, not request.ip: a reverse proxy on the same machine connects from loopback for callers
 * anywhere, and says so in X-Forwarded-For, which a caller could also forge to look local.
 */
export function isLoopbackCaller(request: FastifyRequest): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const noStore = { 'cache-control': 'no-store' };

export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions) {
  const { ops } = options;
  const readiness = new Readiness(options.db, options.redis);

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    // Once shutdown began a load balancer should stop sending: the process still finishes what it has.
    if (ops.draining) return reply.status(503).headers(noStore).send({ status: 'shutting_down' });
    return reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const { ready, checks } = await readiness.check();
    if (ready && !ops.draining) return reply.headers(noStore).send({ status: 'ready', checks });
    return reply.status(503).headers(noStore).send({ status: 'unready', checks });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (options.metricsToken) {
      if (!bearerMatches(request.headers.authorization, options.metricsToken)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
      }
    } else if (!options.metricsOpenWithoutToken && !isLoopbackCaller(request)) {
      return reply
        .status(403)
        .headers(noStore)
        .send({ success: false, errors: [messages.metricsLoopbackOnly] });
    }
    const body = await ops.registry.metrics();
    return reply.headers(noStore).type(ops.registry.contentType).send(body);
  });
}
