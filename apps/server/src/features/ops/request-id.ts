// Request ids: every request has one (the caller's x-request-id when it is a safe token, else a random
// UUID), every response says it, every log line of the request carries it, and so does every job the
// request enqueues (tracedBy in infra/job-queue.ts), so one id follows a click into the worker.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or a client may hand us: short, and nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the incoming id when it is safe, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function registerRequestIds(app: FastifyInstance): void {
  // Set first, so that refusals (401, 404, 429) and errors carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
