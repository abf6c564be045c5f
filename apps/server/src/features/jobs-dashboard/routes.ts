// The admin job dashboard: bull-board over every BullMQ queue of QUEUES, mounted at
// JOBS_DASHBOARD_PATH. The dashboard is a page of its own that loads scripts and calls its API itself,
// so it cannot send the console's X-User-* headers: POST {path}/session, called by the console with
// those headers, puts the same credentials in an HttpOnly, SameSite=Strict cookie scoped to the
// dashboard's path. Every dashboard request (page, assets, API) resolves that cookie as a live session
// of an admin: a logout or an expired session closes the dashboard too; anyone else gets 401 / 403.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import { BULLMQ_CONNECTION_OPTIONS } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import type { AppContext } from '../../context.ts';
import { closeQueues, listenForQueueErrors } from '../../infra/job-queue.ts';
import { forbidden, HttpError, unauthorized } from '../../plugins/errors.ts';

export const JOBS_DASHBOARD_PATH = '/admin/queues';
const COOKIE = 'hc_jobs';
/** The cookie lives no longer than a working day; the session's own limits apply within it. */
const COOKIE_MAX_AGE_S = 8 * 3600;

const cookieValue = (request: FastifyRequest): string | null => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return null;
};

const safeDecode = (text: string | undefined) => {
  try {
    return text ? decodeURIComponent(text) : null;
  } catch {
    return null;
  }
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${value}; Path=${JOBS_DASHBOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
  );
}

export async function jobsDashboardRoutes(
  app: FastifyInstance,
  { ctx, jobsPrefix }: { ctx: AppContext; jobsPrefix?: string | undefined },
) {
  /** The admin behind a pair of credentials, or the error to answer with. */
  const adminOf = async (email: string | null, token: string | null) => {
    if (!email || !token) throw unauthorized();
    const auth = await ctx.callers.resolve(email, token);
    if (!auth) throw unauthorized();
    if (!auth.isAdmin) throw forbidden();
    return auth;
  };

  // One connection for the dashboard's queue handles. Not lazyConnect: BullMQ connects its queues at
  // once anyway, and a lazy ioredis client closed during that connect rejects a promise nobody holds.
  const connection = new Redis(ctx.config.redisUrl, BULLMQ_CONNECTION_OPTIONS);
  const queues = Object.values(QUEUES).map((name) => new Queue(name, { connection, prefix: jobsPrefix }));
  for (const queue of queues) listenForQueueErrors(app, queue);
  app.addHook('onClose', () => closeQueues(queues, connection));

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(JOBS_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Highlights Console jobs' } },
  });

  await app.register(
    async (board) => {
      // The session check runs on every route of the board: page, static assets and API.
      // bull-board sets its own error handler on its routes, so the refusal is answered here.
      board.addHook('onRequest', async (request, reply) => {
        if (request.method === 'POST' && request.url.split('?')[0] === `${JOBS_DASHBOARD_PATH}/session`)
          return;
        const [email, token] = (cookieValue(request) ?? '').split('|');
        try {
          await adminOf(safeDecode(email), token ?? null);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return reply.status(error.statusCode).send({ success: false, errors: error.errors });
        }
      });

      board.post('/session', async (request, reply) => {
        const email = header(request, AUTH_HEADERS.email);
        const token = header(request, AUTH_HEADERS.token);
        await adminOf(email, token);
        setCookie(request, reply, `${encodeURIComponent(email!)}|${token!}`, COOKIE_MAX_AGE_S);
        return { success: true as const, data: { url: `${JOBS_DASHBOARD_PATH}/` } };
      });

      await board.register(serverAdapter.registerPlugin());
    },
    { prefix: JOBS_DASHBOARD_PATH },
  );
}
