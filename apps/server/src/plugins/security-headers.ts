// Conservative security headers on every response.
import type { FastifyInstance } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // PrimeReact positions overlays with inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every response and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (!request.url.startsWith('/api/docs'))
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
