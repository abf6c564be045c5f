// The server's poster URL check: images that load through a test-only allow-list of one
// loopback port, failures (404, not an image, slow, huge), and — with the allow-list empty as in
// production — refusals of loopback, private, link-local and metadata addresses, directly, by name and
// after a redirect, each before any connection to them is opened. No test sends traffic to an address
// off this machine: every refused address is refused before connecting, and the only connections are
// to the local image host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import {
  checkPosterUrl,
  isAllowedAddress,
  POSTER_CHECK_DEFAULTS,
  type PosterCheckOptions,
} from '../../apps/server/src/features/stories/poster-check.ts';
import { startImageHost, type ImageHost } from '../support/story-app.ts';

let host: ImageHost;
let connects: string[];

const options = (overrides: Partial<PosterCheckOptions> = {}): PosterCheckOptions => ({
  ...POSTER_CHECK_DEFAULTS,
  timeoutMs: 1000,
  maxBytes: 16 * 1024,
  onConnect: (address, port) => connects.push(`${address}:${port}`),
  ...overrides,
});
const allowed = (overrides: Partial<PosterCheckOptions> = {}) =>
  options({ allowLoopbackPorts: [host.port], ...overrides });

beforeAll(async () => {
  host = await startImageHost();
});
afterAll(async () => {
  await host?.close();
});

describe('through the test allow-list (one loopback port)', () => {
  it('accepts an image that loads', async () => {
    connects = [];
    expect(await checkPosterUrl(`${host.origin}/poster.png`, allowed())).toBeNull();
    expect(connects).toEqual([`127.0.0.1:${host.port}`]);
  });

  it('follows a redirect to an image on the allowed port', async () => {
    connects = [];
    const to = encodeURIComponent(`${host.origin}/poster.png`);
    expect(await checkPosterUrl(`${host.origin}/redirect.png?to=${to}`, allowed())).toBeNull();
    expect(connects).toHaveLength(2);
  });

  it.each([
    ['a 404', '/missing.png'],
    ['an HTML page', '/page.png'],
    ['an image type over bytes that are no image', '/fake.png'],
    ['a body over the byte limit (declared)', '/huge.png'],
    ['a body over the byte limit (chunked)', '/chunked-huge.png'],
  ])('refuses %s', async (_name, pathname) => {
    connects = [];
    expect(await checkPosterUrl(`${host.origin}${pathname}`, allowed())).toBe(messages.posterUrlUnreachable);
  });

  it('gives up on a slow host at the time limit', async () => {
    const started = Date.now();
    expect(await checkPosterUrl(`${host.origin}/slow.png`, allowed({ timeoutMs: 300 }))).toBe(
      messages.posterUrlUnreachable,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops after too many redirects', async () => {
    let url = `${host.origin}/poster.png`;
    for (let i = 0; i < 4; i++) url = `${host.origin}/redirect.png?to=${encodeURIComponent(url)}`;
    expect(await checkPosterUrl(url, allowed({ maxRedirects: 3 }))).toBe(messages.posterUrlUnreachable);
  });

  it('still refuses loopback on any other port, and private addresses', async () => {
    connects = [];
    for (const url of [`http://127.0.0.1:${host.port + 1}/poster.png`, 'http://10.0.0.1/poster.png']) {
      expect(await checkPosterUrl(url, allowed())).toBe(messages.posterUrlUnreachable);
    }
    expect(connects).toEqual([]);
  });

  it.each([
    ['10.0.0.1', 'http://10.0.0.1/poster.png'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/poster.png'],
    ['[::1]', 'http://[::1]/poster.png'],
    ['127.0.0.1 on another port', 'http://127.0.0.1:9/poster.png'],
  ])('refuses a redirect to %s before connecting to it', async (_name, target) => {
    connects = [];
    const hitsBefore = host.hits.length;
    const url = `${host.origin}/redirect.png?to=${encodeURIComponent(target)}`;
    expect(await checkPosterUrl(url, allowed())).toBe(messages.posterUrlUnreachable);
    // Only the first hop (to the local host) was connected.
    expect(connects).toEqual([`127.0.0.1:${host.port}`]);
    expect(host.hits.length).toBe(hitsBefore + 1);
  });
});

describe('with the allow-list empty, as in production', () => {
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${host.port}/poster.png`],
    ['10.0.0.1', () => 'http://10.0.0.1/poster.png'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/poster.png'],
    ['[::1]', () => `http://[::1]:${host.port}/poster.png`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${host.port}/poster.png`],
    ['0.0.0.0', () => `http://0.0.0.0:${host.port}/poster.png`],
    ['localhost by name', () => `http://localhost:${host.port}/poster.png`],
  ])('refuses %s before connecting', async (_name, url) => {
    connects = [];
    const hitsBefore = host.hits.length;
    expect(await checkPosterUrl(url(), options())).toBe(messages.posterUrlUnreachable);
    expect(connects).toEqual([]);
    expect(host.hits.length).toBe(hitsBefore);
  });

  it('refuses a name when any of its addresses is private (all are vetted, not just the first)', async () => {
    connects = [];
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await checkPosterUrl('https://images.test/poster.png', options({ resolve }))).toBe(
      messages.posterUrlUnreachable,
    );
    expect(connects).toEqual([]);
  });

  it('refuses a name that resolves to the metadata address', async () => {
    connects = [];
    const resolve = async () => [{ address: '169.254.169.254', family: 4 }];
    expect(await checkPosterUrl('http://metadata.test/x.jpg', options({ resolve }))).toBe(
      messages.posterUrlUnreachable,
    );
    expect(connects).toEqual([]);
  });

  it('checks the form before anything else', async () => {
    connects = [];
    expect(await checkPosterUrl('ftp://x.test/p.png', options())).toBe(messages.posterUrlInvalid);
    expect(await checkPosterUrl('https://x.test/p.bmp', options())).toBe(messages.posterUrlFormat);
    expect(connects).toEqual([]);
  });
});

describe('isAllowedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '::127.0.0.1',
    '0:0:0:0:0:0:0:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, 80, [])).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isAllowedAddress(address, 443, [])).toBe(true);
    },
  );

  it('opens loopback only on an allow-listed port', () => {
    expect(isAllowedAddress('127.0.0.1', 4000, [4000])).toBe(true);
    expect(isAllowedAddress('::1', 4000, [4000])).toBe(true);
    expect(isAllowedAddress('127.0.0.1', 4001, [4000])).toBe(false);
    expect(isAllowedAddress('10.0.0.1', 4000, [4000])).toBe(false);
  });
});
