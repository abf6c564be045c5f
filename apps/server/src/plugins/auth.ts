// Authentication of every call by the X-User-Email and X-User-Token headers, and the role checks.
import type { FastifyRequest, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import type { Role } from '@hc/shared/constants';
import type { AuthContext } from '../features/auth/sessions.ts';
import type { CallerCredentials, CallerResolver } from '../caller-contracts.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** An onRequest hook: resolves the session or answers 401. */
export function authenticate(sessions: CallerResolver): onRequestHookHandler {
  // A callback hook, not an async one: a session found in memory (most calls) costs no promise.
  return (request, _reply, done) => {
    const email = header(request, AUTH_HEADERS.email);
    const token = header(request, AUTH_HEADERS.token);
    if (!email || !token) return done(unauthorized());
    const known = sessions.resolveCached?.(email, token);
    if (known !== undefined) return admit(request, known, done);
    sessions.resolve(email, token).then((auth) => admit(request, auth, done), done);
  };
}

function admit(request: FastifyRequest, auth: AuthContext | null, done: (error?: Error) => void) {
  if (!auth) return done(unauthorized());
  request.auth = auth;
  done();
}

/** The caller, for handlers behind authenticate(). */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The e-mail and token the caller sent, for a call made in their name (proxy mode); 401 without. */
export function credentialsOf(request: FastifyRequest): CallerCredentials {
  const email = header(request, AUTH_HEADERS.email);
  const token = header(request, AUTH_HEADERS.token);
  if (!email || !token) throw unauthorized();
  return { email, token };
}

/** A preHandler letting through admins and holders of any of the roles (the server's check is "any of"). */
export function requireRoles(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = callerOf(request);
    if (auth.isAdmin || roles.some((role) => auth.roles.includes(role))) return;
    throw forbidden();
  };
}
