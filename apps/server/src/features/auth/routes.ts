// Login, logout, publisher switch and user info.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  setPublisherQuerySchema,
  setPublisherResponseSchema,
  userInfoSchema,
  type UserInfo,
} from '@hc/shared/api/auth';
import { okEnvelope } from '@hc/shared/api/envelope';
import { messages } from '@hc/shared/messages';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { normalizeEmail } from './accounts.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';

const publisherRef = (p: { id: number; name: string }) => ({ id: p.id, publisher_id: p.id, name: p.name });

/** The open login call, under /api/v1/auth/editor/. */
export async function loginRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: okEnvelope(loginResponseSchema) } } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const ip = request.ip;
      const logAttempt = (success: boolean, reason: string | null) =>
        ctx.accounts.recordLoginAttempt({ email, ip, success, reason });

      const wait = await ctx.loginLimiter.waitFor(email, ip);
      if (wait > 0) {
        await logAttempt(false, 'rate_limited');
        void reply.header('retry-after', String(wait));
        throw new HttpError(429, [messages.tooManyLoginAttempts]);
      }
      const user = await ctx.accounts.findByEmail(email);
      const valid = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : await verifyDecoy(request.body.password);
      const publisherId = user && valid ? await ctx.accounts.loginPublisher(user) : null;
      if (!user || !valid) {
        await ctx.loginLimiter.recordFailure(email, ip);
        await logAttempt(false, !user ? 'unknown_account' : 'bad_password');
        throw new HttpError(401, [messages.authenticationFailed]);
      }
      // The right password: never a failure, even when the account cannot work yet.
      await ctx.loginLimiter.recordSuccess(email, ip);
      if (publisherId === null) {
        await logAttempt(false, 'no_publisher');
        throw new HttpError(403, [messages.noPublisherYet]);
      }
      await logAttempt(true, null);
      const token = await ctx.sessions.create(user.id, publisherId, {
        ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, data: { email: user.email, token, publisher_id: publisherId } };
    },
  );
}

/** Session calls behind authentication, under /api/v1/editor/. */
export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/auth/logout', { schema: { response: { 200: okEnvelope(z.null()) } } }, async (request) => {
    const { sessionId } = callerOf(request);
    await ctx.sessions.end(sessionId);
    ctx.live.endSession(sessionId, 'logout');
    return { success: true as const, data: null };
  });

  api.get(
    '/auth/set_publisher',
    {
      schema: {
        querystring: setPublisherQuerySchema,
        response: { 200: okEnvelope(setPublisherResponseSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const target = request.query.id;
      // Another publisher the caller may not act for is indistinguishable from one that does not exist.
      if (!(await ctx.accounts.canActFor({ id: caller.userId, isAdmin: caller.isAdmin }, target)))
        throw notFound();
      const token = await ctx.sessions.create(caller.userId, target, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await ctx.sessions.end(caller.sessionId);
      // The browser reconnects the live channel with the new token; the old session's socket goes.
      ctx.live.endSession(caller.sessionId, 'revoked');
      return { success: true as const, data: { token, publisher_id: target } };
    },
  );

  api.get(
    '/user_info/show',
    { schema: { response: { 200: okEnvelope(userInfoSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const publishers = await ctx.accounts.publishersFor({ id: caller.userId, isAdmin: caller.isAdmin });
      const current = publishers.find((p) => p.id === caller.publisherId);
      if (!current) throw notFound();
      const data: UserInfo = {
        email: caller.email,
        user_identifier: caller.userIdentifier,
        publisher: publisherRef(current),
        roles: caller.roles,
        publishers: publishers.map(publisherRef),
      };
      return { success: true as const, data };
    },
  );
}
