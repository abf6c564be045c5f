// The server's structured logs: one JSON line per event (pino through Fastify), with the request id as
// `requestId`, the level as its name, and no secret: session tokens, cookies and single-use tickets are
// never written, whatever a later serializer or a debug line adds.
import { LogController, type FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Paths pino censors in every line (a header logged by a route or an error included). */
export const REDACTED_PATHS = [
  'req.headers["x-user-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-user-token"]',
  'headers.authorization',
  'headers.cookie',
];

/** Query parameters that are credentials (the co-editing ticket); their values are cut from logged URLs. */
const SECRET_QUERY = /([?&](?:ticket|token)=)[^&#]*/gi;

export const withoutSecrets = (url: string) => url.replace(SECRET_QUERY, '$1[Redacted]');

interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip?: string;
}

export function serverLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    formatters: { level: (label) => ({ level: label }) },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: withoutSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/** Fastify options that make its logs carry the request id under the worker's name for it. */
export const requestLogOptions = (): Partial<FastifyServerOptions> => ({
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
});
