// Authentication of ingest calls: `Authorization: Bearer <service token>` only. A user session (the
// X-User-Email / X-User-Token headers) is refused here, as a service token is refused on editor routes
// (it is no session, so the session check there never finds it).
import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import { ingestErrors } from '@hc/shared/api/ingest';
import { HttpError } from '../../plugins/errors.ts';
import type { ServiceCaller, ServiceTokenRepository } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    service: ServiceCaller | null;
  }
}

const refused = () => new HttpError(401, [ingestErrors.tokenRequired]);

/** An onRequest hook: resolves the service token or answers 401. */
export function authenticateService(tokens: ServiceTokenRepository) {
  return async (request: FastifyRequest) => {
    if (
      request.headers[AUTH_HEADERS.email] !== undefined ||
      request.headers[AUTH_HEADERS.token] !== undefined
    ) {
      throw refused();
    }
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
    const caller = match ? await tokens.resolve(match[1]!) : null;
    if (!caller) throw refused();
    request.service = caller;
  };
}

export function serviceCallerOf(request: FastifyRequest): ServiceCaller {
  if (!request.service) throw refused();
  return request.service;
}
