// Every query parameter, path parameter and JSON body field is text PostgreSQL must be able to store and
// compare: a NUL character makes the driver's query fail (a 500), and bytes that are not valid UTF-8 arrive
// decoded as U+FFFD or as lone surrogates, which would be stored as something other than what was sent. One
// hook, ahead of every route's own validation, refuses both with a 400 naming the field.
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { invalidTextField } from '@hc/shared/messages';
import { HttpError } from './errors.ts';

// NUL, the replacement character (what a decoder makes of invalid UTF-8, in the query string or the body),
// and a UTF-16 surrogate without its partner (what a JSON "\ud800" escape makes).
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const BAD_TEXT = /[\u0000\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
// Deep bodies are refused by their own schemas; this bound only keeps the walk itself cheap.
const MAX_DEPTH = 32;

/** The dotted path of the first string (or object key) holding bad text, or null when all is clean. */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Not a stream: a raw body kept as a stream (proxy mode forwards it) is a large graph
  // of shared objects whose walk would never end.
  if (Buffer.isBuffer(value) || value instanceof EventEmitter) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (BAD_TEXT.test(key)) return itemPath;
    const found = findBadText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The name of the first query parameter whose percent-escapes do not decode as UTF-8 (`%FF`), or null. The
 * query parser keeps such a value as its literal escapes, which is not what the caller sent.
 */
export function findUndecodableQuery(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const part of url.slice(start + 1).split('&')) {
    const [rawKey = '', rawValue = ''] = part.split('=', 2);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch {
      return key || 'query';
    }
  }
  return null;
}

/** Refuses bad text in the path, the query and a parsed body of every route, before its schema runs. */
export function registerCleanText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findUndecodableQuery(request.url) ??
      findBadText(request.params) ??
      findBadText(request.query) ??
      findBadText(request.body);
    if (field) throw new HttpError(400, [invalidTextField(field)]);
  });
}
