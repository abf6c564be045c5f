// The one way this console talks to the upstream editor API in proxy mode (EDITOR_API_UPSTREAM): plain
// node:http(s) requests on a keep-alive agent, bodies streamed both ways. A socket silent for longer than
// EDITOR_API_TIMEOUT_MS (no answer, a stalled upload or download) is a timeout; a refused or broken
// connection is "unreachable". Both become an UpstreamError the callers turn into 504 / 502.
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import { messages } from '@hc/shared/messages';
import { HttpError } from '../../plugins/errors.ts';

export type UpstreamFailure = 'timeout' | 'unreachable';

export class UpstreamError extends Error {
  /** A reused keep-alive socket was reset before any answer (the upstream closed it as we sent). */
  staleSocket = false;

  constructor(
    readonly failure: UpstreamFailure,
    cause?: unknown,
  ) {
    super(`editor API upstream ${failure}`, { cause });
  }

  /** The envelope error a caller of the console sees. */
  toHttpError(): HttpError {
    return this.failure === 'timeout'
      ? new HttpError(504, [messages.editorApiTimeout])
      : new HttpError(502, [messages.editorApiUnreachable]);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface UpstreamRequest {
  method: string;
  /** Path and query string, as the console received them. */
  path: string;
  headers: OutgoingHttpHeaders;
  /** Streamed to the upstream as it arrives (never buffered here). */
  body?: Readable | undefined;
  /** Ends the upstream call when the caller goes away. */
  signal?: AbortSignal | undefined;
}

/** The caller's credentials, sent as the upstream's own auth headers. */
export interface UpstreamCredentials {
  email: string;
  token: string;
}

export class EditorApiUpstream {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(
    upstreamUrl: string,
    readonly timeoutMs: number,
  ) {
    this.base = new URL(upstreamUrl);
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 256 });
  }

  /** The upstream's host header value (what a direct caller would send). */
  get host(): string {
    return this.base.host;
  }

  /**
   * Sends a request and resolves with the upstream's response (headers read, body not yet): the caller
   * streams or reads it. Rejects with UpstreamError when there is no answer.
   */
  async request(call: UpstreamRequest): Promise<IncomingMessage> {
    try {
      return await this.send(call);
    } catch (error) {
      // A kept-alive socket the upstream closed just as we reused it fails before any answer: a call
      // without a body that changes nothing is safe to send once more, on a fresh connection.
      const retry =
        error instanceof UpstreamError && error.staleSocket && !call.body && SAFE_METHODS.has(call.method);
      if (!retry) throw error;
      return this.send(call);
    }
  }

  private send({ method, path, headers, body, signal }: UpstreamRequest): Promise<IncomingMessage> {
    // The upstream may live under a path of its own (https://host/editor-api): keep it in front.
    const basePath = this.base.pathname.replace(/\/$/, '');
    const send = this.base.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const outgoing = send({
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        port: this.base.port || undefined,
        method,
        path: `${basePath}${path}`,
        headers: { ...headers, host: this.base.host },
        agent: this.agent,
        signal,
      });
      let answered = false;
      // Socket inactivity, not total time: a long download that keeps flowing is fine, silence is not.
      outgoing.setTimeout(this.timeoutMs, () => outgoing.destroy(new UpstreamError('timeout')));
      outgoing.on('error', (error) => {
        if (answered) return; // the response stream reports it to whoever reads it
        if (error instanceof UpstreamError) return reject(error);
        const failure = new UpstreamError('unreachable', error);
        failure.staleSocket = outgoing.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
        reject(failure);
      });
      outgoing.on('response', (response) => {
        answered = true;
        resolve(response);
      });
      if (body) {
        pipeline(body, outgoing).catch((error: unknown) => {
          if (!outgoing.destroyed) outgoing.destroy(error as Error);
        });
      } else {
        outgoing.end();
      }
    });
  }

  /** A small JSON call in the caller's name (session checks, counts, access): the status and parsed body. */
  async json(
    method: string,
    path: string,
    credentials: UpstreamCredentials,
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.request({
      method,
      path,
      headers: {
        accept: 'application/json',
        [AUTH_HEADERS.email]: credentials.email,
        [AUTH_HEADERS.token]: credentials.token,
      },
    });
    const text = await readLimited(response, JSON_ANSWER_LIMIT);
    return { status: response.statusCode ?? 502, body: parseJson(text) };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What a JSON answer of a helper call may weigh; a longer one is cut and fails to parse. */
const JSON_ANSWER_LIMIT = 4 * 1024 * 1024;

/** Reads a response body up to `limit` bytes (the rest is drained and dropped). */
export async function readLimited(response: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (size < limit) chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    throw error instanceof UpstreamError ? error : new UpstreamError('unreachable', error);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isJsonResponse = (headers: IncomingHttpHeaders) =>
  /^application\/([\w.+-]*\+)?json\b/i.test(headers['content-type'] ?? '');
