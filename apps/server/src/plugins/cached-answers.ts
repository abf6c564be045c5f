// Answers kept in a ChangeAwareCache, and the barrier that gives a caller its own writes back:
// a call that may have written answers only once the change feed has told every cache of it.
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import type { ChangeFeed } from '@hc/db/changes';
import { ChangeAwareCache } from '../infra/change-aware-cache.ts';
import { callerOf } from './auth.ts';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Per cache and process: a list page is ~30 KiB, so this keeps about a thousand of them. */
const ANSWER_LIMITS = { maxEntries: 5_000, maxSize: 32 * 1024 * 1024 };

/** A cache of JSON answers reading `tables`; null (nothing cached) without a change feed. */
export function answerCache(changes: ChangeFeed | null, tables: readonly string[]) {
  return changes
    ? new ChangeAwareCache<Buffer>(changes, tables, { ...ANSWER_LIMITS, sizeOf: (body) => body.length })
    : null;
}

/** Holds back every writing call's answer until this server's caches have seen its changes. */
export function registerChangeBarrier(app: FastifyInstance, changes: ChangeFeed) {
  // A callback hook: reads, the most frequent calls, pass through without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READ_ONLY_METHODS.has(request.method)) return done(null, payload);
    changes.barrier().then(() => done(null, payload), done);
  });
}

/**
 * The route-level onRequest hook of a route answered by answerFromCache: a kept answer goes out before the
 * query is validated again (the most frequent call of all). Only a URL that passed validation can
 * have one, as the handler keeps them, and the query schemas read nothing but the URL: the check skipped
 * here could only pass. A route's own onRequest hooks run after every onRequest hook of the app and its
 * plugins, so the session and role checks have run; a GET has no body to parse, so nothing else is skipped.
 */
export function sendKeptAnswer(cache: ChangeAwareCache<Buffer> | null): onRequestHookHandler {
  return (request, reply, done) => {
    const kept = cache?.get(answerKey(callerOf(request).publisherId, reply));
    if (kept === undefined) return done();
    sendJson(reply, kept);
  };
}

/**
 * Sends the JSON kept for this publisher and request URL, or produces it, serializes it with the route's
 * response schema (the same check and bytes as an uncached answer) and keeps it. A kept answer is sent at
 * once, without a promise: the handler returns what this returns. Kept as bytes, so that sending one
 * encodes nothing.
 */
export function answerFromCache(
  reply: FastifyReply,
  cache: ChangeAwareCache<Buffer> | null,
  publisherId: number,
  produce: () => Promise<unknown>,
): Promise<void> | undefined {
  const key = answerKey(publisherId, reply);
  const kept = cache?.get(key);
  if (kept !== undefined) {
    sendJson(reply, kept);
    return undefined;
  }
  const generation = cache?.begin() ?? 0;
  return produce().then((answer) => {
    const body = Buffer.from(reply.serialize(answer) as string);
    cache?.set(key, body, generation);
    sendJson(reply, body);
  });
}

const answerKey = (publisherId: number, reply: FastifyReply) => `${publisherId} ${reply.request.url}`;

function sendJson(reply: FastifyReply, body: Buffer) {
  void reply.type('application/json; charset=utf-8').send(body);
}
