// "The image must load" for a video page's poster URL, checked by the server with
// protection against server-side request forgery: the host name is resolved here, every resolved
// address is vetted (no loopback, private, shared, link-local — cloud metadata included —, unique-local,
// multicast or reserved ranges), the connection goes to the vetted address only, and all of this is
// repeated for every redirect. Size and time are bounded; the answer must be an image by content type
// and by its first bytes. A test-only allow-list may open loopback on given ports (empty in production).
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { messages } from '@hc/shared/messages';
import { validatePosterUrl } from '@hc/shared/validation';
import { MEDIA_URL_PREFIX, type MediaStore } from '../media/store.ts';

export interface PosterCheckOptions {
  /** Loopback ports that may be fetched (tests only; empty in production). */
  allowLoopbackPorts: readonly number[];
  /** For the whole check, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Resolves a host name to its addresses (default: the system resolver). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /** Called just before a connection is opened (observation for tests). */
  onConnect?: (address: string, port: number) => void;
}

export const POSTER_CHECK_DEFAULTS: PosterCheckOptions = {
  allowLoopbackPorts: [],
  timeoutMs: 5000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
};

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 and ::ffff:0:0/96 (IPv4-compatible and -mapped) are checked as their IPv4 address: a
  // BlockList rule for them would also match every plain IPv4 address.
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 space)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds IPv4)
  ['fc00::', 7], // unique-local (fd00:ec2::254 metadata included)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string | undefined) => (h ? h.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(fill, 0)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** An IPv4-mapped or IPv4-compatible IPv6 address (::ffff:a.b.c.d, ::a.b.c.d, any spelling) as IPv4. */
function unmapped(address: string): string {
  if (isIP(address) !== 6) return address;
  const g = ipv6Groups(address);
  if (!g || g.slice(0, 5).some((x) => x !== 0) || (g[5] !== 0 && g[5] !== 0xffff)) return address;
  if (g[5] === 0 && g[6] === 0 && (g[7] ?? 0) <= 1) return address; // :: and ::1 themselves
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

function isLoopback(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  const g = ipv6Groups(address);
  return g !== null && g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
}

/** Whether an address may be connected to (on this port). */
export function isAllowedAddress(
  address: string,
  port: number,
  allowLoopbackPorts: readonly number[],
): boolean {
  const a = unmapped(address);
  const family = isIP(a);
  if (family === 0) return false;
  if (isLoopback(a)) return allowLoopbackPorts.includes(port);
  return !blocked.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

class Refused extends Error {}

function isImageBytes(b: Buffer): boolean {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return true;
  const gif = b.subarray(0, 6).toString('latin1');
  return gif === 'GIF87a' || gif === 'GIF89a';
}

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif'];

/** `promise`, or the signal's reason once it aborts (a resolver that never answers is bounded too). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}

/** The addresses a URL's host stands for, every one vetted; the first is the one to connect to. */
async function vettedAddress(url: URL, port: number, options: PosterCheckOptions, signal: AbortSignal) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const resolve =
    options.resolve ??
    ((name: string) =>
      dnsLookup(name, { all: true, verbatim: true }) as Promise<{ address: string; family: number }[]>);
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await untilAborted(resolve(host), signal);
  if (addresses.length === 0) throw new Refused('no address');
  for (const a of addresses)
    if (!isAllowedAddress(a.address, port, options.allowLoopbackPorts))
      throw new Refused(`address ${a.address}`);
  return addresses[0]!;
}

function get(url: URL, address: { address: string; family: number }, port: number, signal: AbortSignal) {
  // The connection goes to the vetted address: no second resolution can swap it (DNS rebinding).
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { accept: 'image/*', 'user-agent': 'HighlightsConsole-PosterCheck/1' },
        lookup,
        agent: false,
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new Refused('too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new Refused('too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks a poster URL: its form (validatePosterUrl), then that it loads as a JPEG, PNG or GIF image
 * within the limits. Returns null when it does, else the catalogue message.
 */
export async function checkPosterUrl(
  raw: string,
  options: PosterCheckOptions = POSTER_CHECK_DEFAULTS,
): Promise<string | null> {
  const formError = validatePosterUrl(raw);
  if (formError) return formError;
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(/^www\./i.test(text) ? `https://${text}` : text);
  } catch {
    return messages.posterUrlInvalid;
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let hop = 0; hop <= options.maxRedirects; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('protocol');
      if (url.username || url.password) throw new Refused('credentials');
      const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
      const address = await vettedAddress(url, port, options, signal);
      signal.throwIfAborted();
      options.onConnect?.(address.address, port);
      const response = await get(url, address, port, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new Refused(`status ${status}`);
      }
      const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!IMAGE_TYPES.includes(type)) {
        response.destroy();
        throw new Refused(`type ${type}`);
      }
      const body = await readBody(response, options.maxBytes);
      if (!isImageBytes(body)) throw new Refused('not an image');
      return null;
    }
    throw new Refused('too many redirects');
  } catch {
    // Refusals, DNS failures, timeouts and network errors all read the same to the user.
    return messages.posterUrlUnreachable;
  }
}

/**
 * A poster on this console's own media store (an uploaded image's URL on the request's origin) is
 * checked on disk, never fetched: undefined when the URL is not ours, else null or the message.
 */
export async function checkOwnMediaPoster(
  raw: string,
  origin: string,
  media: MediaStore,
  maxBytes = POSTER_CHECK_DEFAULTS.maxBytes,
): Promise<string | null | undefined> {
  let url: URL;
  let ours: string;
  try {
    url = new URL(raw.trim());
    ours = new URL(origin).origin; // 'http://host:80' and 'http://host' are one origin
  } catch {
    return undefined;
  }
  if (url.origin !== ours || !url.pathname.startsWith(MEDIA_URL_PREFIX)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname.slice(MEDIA_URL_PREFIX.length));
  } catch {
    return messages.posterUrlUnreachable;
  }
  const file = await media.open(relative);
  if (!file) return messages.posterUrlUnreachable;
  const head: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    head.push(chunk);
    size += chunk.length;
    if (size >= 16) break;
  }
  file.stream.destroy();
  return file.size <= maxBytes && isImageBytes(Buffer.concat(head)) ? null : messages.posterUrlUnreachable;
}
