// Request ids: every request has one (the caller's x-request-id when it is a safe token, else one made up
// here in a UUID's shape), every response says it, every log line of the request carries it, and so does every job the
// request enqueues (tracedBy in infra/job-queue.ts), so one id follows a click into the worker.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or a client may hand us: short, and nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

// A made-up id is this process's random UUID with a counter in its last 12 hex digits (hyperid's way):
// unique across processes by the random part, within one by the counter, and without asking the crypto
// pool on every request. Ids name requests; they are not secrets.
const PROCESS_ID_PREFIX = randomUUID().slice(0, 24);
let madeUp = Number.parseInt(randomUUID().slice(24, 32), 16); // a random start: restarts do not repeat ids

/** Fastify's genReqId: the incoming id when it is safe, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  madeUp = (madeUp + 1) % 2 ** 48;
  return PROCESS_ID_PREFIX + madeUp.toString(16).padStart(12, '0');
}

export function registerRequestIds(app: FastifyInstance): void {
  // Set first, so that refusals (401, 404, 429) and errors carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
