// Proxy mode (EDITOR_API_UPSTREAM, docs/decisions.md, "Proxy mode"): every editor call is forwarded to the
// upstream editor API instead of being answered here. Method, path, query string and body go as they came
// (bodies streamed both ways, never buffered: uploads up, media, zips and workbooks down); the caller's
// headers go too, less the hop-by-hop ones, plus X-Forwarded-For/Proto. The upstream's answer comes back with
// its status; an error answer that is not the envelope (an HTML 502 page, an empty body) becomes one. Silence
// past EDITOR_API_TIMEOUT_MS is a 504, a refused connection a 502, both with catalogue messages.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@hc/shared/api/envelope';
import { messages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import { credentialsOf } from '../../plugins/auth.ts';
import { effectOf, freedLeaseOf, lockChangeOf, needsAnswer, type ForwardEffect } from './effects.ts';
import { proxySessionId } from './callers.ts';
import { isJsonResponse, parseJson, readLimited, UpstreamError, type EditorApiUpstream } from './upstream.ts';

/**
 * What is forwarded: the editor API's three prefixes, and what serves the upstream's data by path: its
 * media, report workbooks, the public embed (publishers' pages) and public story pages. In proxy mode
 * this console's database and media folder hold none of it.
 */
export const FORWARDED_PREFIXES = [
  '/api/v1/auth/editor',
  '/api/v1/editor',
  '/api/v2/dashboard',
  '/media',
  '/files/workbooks',
  '/embed',
  '/stories',
] as const;

/**
 * Headers the upstream sets for what it serves (an AMP page's policy, the embed's CORS, caching) that
 * this app's own hooks would otherwise overwrite: the upstream's value wins when it sent one.
 */
const UPSTREAM_WINS = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cache-control',
  'cross-origin-resource-policy',
  'access-control-allow-origin',
] as const;

// RFC 9110's connection-specific headers (section 7.6.1), and what this hop sets itself.
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  // The console's own cookie (job dashboard) is no business of the editor API, which reads headers.
  'cookie',
  // Error answers are read here to check their envelope: keep them uncompressed.
  'accept-encoding',
]);

/** The headers named by a Connection header are hop-by-hop too. */
function connectionTokens(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  return new Set(
    (typeof value === 'string' ? value : '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

function requestHeadersFor(request: FastifyRequest): OutgoingHttpHeaders {
  const named = connectionTokens(request.headers);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name) || named.has(name)) continue;
    headers[name] = value;
  }
  const prior = request.headers['x-forwarded-for'];
  const chain = typeof prior === 'string' && prior.length > 0 ? `${prior}, ` : '';
  headers['x-forwarded-for'] = `${chain}${request.socket.remoteAddress ?? request.ip}`;
  headers['x-forwarded-proto'] = request.protocol;
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  // One id for the call in both servers' logs (the caller's own x-request-id when it sent one).
  headers['x-request-id'] = String(request.id);
  return headers;
}

function responseHeadersOf(response: IncomingMessage): OutgoingHttpHeaders {
  const named = connectionTokens(response.headers);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name) || named.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/** An error answer up to this size is read to check it is the envelope; error bodies are small. */
const ERROR_BODY_LIMIT = 256 * 1024;
/** The answers effects read (locks, approve/reject/submit) are small JSON. */
const EFFECT_BODY_LIMIT = 1024 * 1024;

export interface ProxyOptions {
  /**
   * How often the pending counts of the sessions in use here are asked again (default 30 s). Changes made
   * upstream by anyone else (other consoles, the ingest pipeline) are not announced to this console; the
   * browsers' own poll is off while their live channel is up, so this is what brings those changes.
   */
  countsRefreshMs?: number | undefined;
}

const failed = (message: string) => ({ success: false as const, errors: [message] });

export async function editorApiProxyRoutes(
  app: FastifyInstance,
  { ctx, upstream, options = {} }: { ctx: AppContext; upstream: EditorApiUpstream; options?: ProxyOptions },
) {
  // Bodies are not parsed here: the stream goes to the upstream as it arrives, so the app's 1 MiB JSON
  // limit does not cut uploads (the upstream applies its own limits).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const refreshMs = options.countsRefreshMs ?? 30_000;
  const countsRefresh = setInterval(() => {
    // Sessions checked recently (the live channel re-checks its sockets every 15 s) are the ones in use.
    const publisherIds = ctx.callers.recentPublisherIds?.(Math.max(refreshMs * 2, 60_000)) ?? [];
    ctx.live.countsChanged(publisherIds);
  }, refreshMs);
  countsRefresh.unref();
  app.addHook('onClose', async () => {
    clearInterval(countsRefresh);
    upstream.close();
  });

  // Runs after the app-wide security headers hook (a child context's hooks come after its parent's).
  const passedThrough = new WeakMap<FastifyRequest, OutgoingHttpHeaders>();
  app.addHook('onSend', async (request, reply) => {
    const headers = passedThrough.get(request);
    if (!headers) return;
    for (const name of UPSTREAM_WINS) {
      const value = headers[name];
      if (value !== undefined) reply.header(name, value);
    }
  });

  /** After a forwarded call succeeded: what this console's live channel must tell its browsers. */
  async function applyEffect(request: FastifyRequest, effect: ForwardEffect, answer: unknown) {
    const credentials = credentialsOf(request);
    if (effect.kind === 'session-ended') {
      ctx.live.endSession(proxySessionId(credentials), effect.reason);
      await ctx.callers.forget?.(credentials);
      return;
    }
    const caller = await ctx.callers.resolve(credentials.email, credentials.token, { touch: false });
    if (!caller) return;
    if (effect.kind === 'lock') {
      const change = lockChangeOf(answer);
      if (change) ctx.live.lockChanged(caller.publisherId, change);
      return;
    }
    if (effect.kind === 'counts-and-freed-lease') {
      const freed = freedLeaseOf(answer);
      if (freed) ctx.live.lockChanged(freed.publisherId ?? caller.publisherId, freed.event);
    }
    ctx.live.countsChanged([caller.publisherId]);
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?', 1)[0] ?? request.url;
    const effect = effectOf(request.method, pathname, request.headers);
    // The caller hung up: stop the upstream call (and its upload or download) too.
    const abort = new AbortController();
    let response: IncomingMessage | undefined;
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished && response?.complete !== true) abort.abort();
    });

    try {
      response = await upstream.request({
        method: request.method,
        path: request.url,
        headers: requestHeadersFor(request),
        body: request.body as Readable | undefined,
        signal: abort.signal,
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      request.log.warn({ err: error.cause ?? error, failure: error.failure }, 'editor API upstream failed');
      throw error.toHttpError();
    }

    const status = response.statusCode ?? 502;
    const headers = responseHeadersOf(response);
    passedThrough.set(request, headers);
    if (status >= 400) {
      const text = await readLimited(response, ERROR_BODY_LIMIT);
      const body = isJsonResponse(response.headers) ? parseJson(text) : undefined;
      const envelope = errorEnvelopeSchema.safeParse(body);
      if (!envelope.success) {
        request.log.warn({ status }, 'editor API upstream answered an error without the envelope');
      }
      // Its headers still count (Retry-After of a 429, caching); the body is the one sent from here.
      const {
        'content-length': _length,
        'content-type': _type,
        'content-encoding': _encoding,
        ...kept
      } = headers;
      return reply
        .status(status)
        .headers(kept)
        .send(envelope.success ? envelope.data : failed(messages.editorApiFailed));
    }

    if (effect && status >= 200 && status < 300) {
      if (needsAnswer(effect)) {
        const text = await readLimited(response, EFFECT_BODY_LIMIT);
        await applyEffect(request, effect, parseJson(text)).catch((error: unknown) =>
          request.log.warn({ err: error }, 'announcing a forwarded change failed'),
        );
        delete headers['content-length'];
        return reply.status(status).headers(headers).send(text);
      }
      // The upstream committed before it answered: announce now, while the answer streams.
      void applyEffect(request, effect, undefined).catch((error: unknown) =>
        request.log.warn({ err: error }, 'announcing a forwarded change failed'),
      );
    }
    if (status === 204 || status === 304) {
      // Nothing to send on: free the upstream connection (a late abort must not throw unheard).
      response.on('error', () => undefined).resume();
      return reply.status(status).headers(headers).send();
    }
    return reply.status(status).headers(headers).send(response);
  }

  for (const prefix of FORWARDED_PREFIXES) {
    app.route({
      method: ['DELETE', 'GET', 'PATCH', 'POST', 'PUT', 'OPTIONS'],
      url: `${prefix}/*`,
      handler: forward,
    });
  }
}
