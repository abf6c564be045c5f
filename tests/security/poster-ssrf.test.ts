// item 6: the poster-URL check (a story video page's poster must load as an image, so
// the server fetches it) cannot be turned on the server's own network. Every internal address form —
// loopback in its integer, octal, hex and short spellings, [::1], IPv4-mapped IPv6, the metadata
// address, the private and unique-local ranges, this machine's own interface addresses —, a name the
// resolver maps there (the check's `resolve` seam, no /etc/hosts), a redirect there, a name that
// rebinds between hops, and other schemes are refused with the catalogue's message before any
// connection is opened. The witnesses: TCP listeners this test owns on every internal address it can
// listen on, which must see no connection, and Node's own `net.client.socket` diagnostics channel,
// which sees every outgoing connection attempt of this process (so addresses nothing listens on, like
// 10.0.0.1, are proven never dialled, and no packet leaves the machine). Non-images, endless or huge
// bodies and slow servers or resolvers end within their limits.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import {
  checkPosterUrl,
  isAllowedAddress,
  POSTER_CHECK_DEFAULTS,
  type PosterCheckOptions,
} from '../../apps/server/src/features/stories/poster-check.ts';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startImageHost, startStoryTestApp, PNG_1X1, type ImageHost } from '../support/story-app.ts';
import { buildUploadedObject } from '../support/story-factories.ts';

// ---------------------------------------------------------------- witnesses

/** Every outgoing TCP connection attempt of this process, as 'address:port'. */
const attempts: string[] = [];
const onClientSocket = (message: unknown) => {
  const { socket } = message as { socket: Socket };
  socket.on('connectionAttempt', (ip: string, port: number) => attempts.push(`${ip}:${port}`));
  // An IP literal dials without that event on some paths: record the socket's peer on connect too.
  socket.once('connect', () => {
    const peer = `${socket.remoteAddress}:${socket.remotePort}`;
    if (!attempts.includes(peer)) attempts.push(peer);
  });
};
/** The test's own services (PostgreSQL, Redis) are not what is being watched. */
const SERVICE_PORTS = new Set([5432, 6379]);
const dialled = () => attempts.filter((a) => !SERVICE_PORTS.has(Number(a.slice(a.lastIndexOf(':') + 1))));

interface Listener {
  address: string;
  port: number;
  connections: number;
  server: Server;
}

/** Internal addresses of this machine a listener can be bound to: loopback and its own interfaces. */
function internalLocalAddresses(): string[] {
  const found = new Set(['127.0.0.1', '::1']);
  for (const list of Object.values(networkInterfaces()))
    for (const info of list ?? []) {
      if (info.address.startsWith('fe80:')) continue; // link-local needs a zone to bind
      if (!isAllowedAddress(info.address, 80, [])) found.add(info.address);
    }
  return [...found];
}

async function listen(address: string): Promise<Listener> {
  const listener = { address, port: 0, connections: 0 } as Listener;
  listener.server = createServer((socket) => {
    listener.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    listener.server.once('error', reject);
    listener.server.listen(0, address, resolve);
  });
  listener.port = (listener.server.address() as AddressInfo).port;
  return listener;
}

let listeners: Listener[] = [];
const listenerOn = (address: string) => listeners.find((l) => l.address === address);
const loopback = () => listenerOn('127.0.0.1')!;
const connectionsSeen = () => listeners.reduce((n, l) => n + l.connections, 0);

// ---------------------------------------------------------------- hosts the check may reach

let images: ImageHost;

/** Bodies that must be cut off: endless, declared huge, never answered, answered a byte at a time. */
interface SlowHost {
  origin: string;
  port: number;
  endless: { written: number; closedAfterMs: number | null };
  close(): Promise<void>;
}
let slow: SlowHost;

async function startSlowHost(): Promise<SlowHost> {
  const host = { endless: { written: 0, closedAfterMs: null } } as SlowHost;
  const server: HttpServer = createHttpServer((request, response) => {
    const started = Date.now();
    switch (request.url) {
      case '/endless.png': {
        host.endless = { written: 0, closedAfterMs: null };
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024 - PNG_1X1.length)]);
        let open = true;
        response.on('close', () => {
          open = false;
          host.endless.closedAfterMs = Date.now() - started;
        });
        const pump = () => {
          while (open && response.write(chunk)) host.endless.written += chunk.length;
          if (open) response.once('drain', pump);
        };
        return pump();
      }
      case '/declared-huge.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 1024 ** 3 });
        return response.write(PNG_1X1);
      case '/stall.png':
        return; // never answers
      case '/trickle.png': {
        response.writeHead(200, { 'content-type': 'image/png' });
        let at = 0;
        const timer = setInterval(() => response.write(PNG_1X1.subarray(at, ++at)), 200);
        response.on('close', () => clearInterval(timer));
        return;
      }
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.port = (server.address() as AddressInfo).port;
  host.origin = `http://127.0.0.1:${host.port}`;
  host.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return host;
}

// ---------------------------------------------------------------- the check

/** Names the injected resolver knows; anything else is an unknown name (no system DNS is asked). */
const NAMES: Record<string, string[]> = {
  'loopback.test': ['127.0.0.1'],
  'loopback6.test': ['::1'],
  'mapped-loopback.test': ['::ffff:127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.1.2.3'],
  'ula.test': ['fd00::2'],
};
let resolutions: string[] = [];
const resolve = async (name: string) => {
  resolutions.push(name);
  const addresses = NAMES[name];
  if (!addresses) throw Object.assign(new Error(`no such name ${name}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const options = (overrides: Partial<PosterCheckOptions> = {}): PosterCheckOptions => ({
  ...POSTER_CHECK_DEFAULTS,
  timeoutMs: 1500,
  maxBytes: 64 * 1024,
  resolve,
  ...overrides,
});
/** With the test allow-list: only the image and slow hosts' ports open on loopback. */
const viaLocalHosts = (overrides: Partial<PosterCheckOptions> = {}) =>
  options({ allowLoopbackPorts: [images.port, slow.port], ...overrides });

beforeAll(async () => {
  subscribe('net.client.socket', onClientSocket);
  listeners = await Promise.all(internalLocalAddresses().map(listen));
  [images, slow] = await Promise.all([startImageHost(), startSlowHost()]);
});

afterAll(async () => {
  unsubscribe('net.client.socket', onClientSocket);
  await Promise.all(listeners.map((l) => new Promise((r) => l.server.close(r))));
  await images?.close();
  await slow?.close();
});

beforeEach(() => {
  attempts.length = 0;
  resolutions = [];
});

/** A check that must be refused with `message` and dial nothing but `allowedDials`. */
async function expectRefusedBeforeConnecting(
  url: string,
  opts: PosterCheckOptions,
  message: string = messages.posterUrlUnreachable,
  allowedDials: string[] = [],
) {
  const seen = connectionsSeen();
  expect(await checkPosterUrl(url, opts)).toBe(message);
  expect(dialled()).toEqual(allowedDials);
  expect(connectionsSeen()).toBe(seen);
}

// ---------------------------------------------------------------- the cases

describe('the witnesses work', () => {
  it('an allowed image loads, and both witnesses see that connection', async () => {
    const listener = loopback();
    expect(await checkPosterUrl(`${images.origin}/poster.png`, viaLocalHosts())).toBeNull();
    expect(dialled()).toEqual([`127.0.0.1:${images.port}`]);
    // A plain connection to an owned listener is counted.
    const before = listener.connections;
    await new Promise<void>((done) => {
      const socket = createConnection(listener.port, listener.address);
      socket.on('close', () => done());
      socket.on('error', () => undefined);
    });
    await expect.poll(() => listener.connections).toBe(before + 1);
  });

  it('listens on every internal address of this machine it can (loopback, ::1, interfaces)', () => {
    expect(listeners.map((l) => l.address)).toEqual(expect.arrayContaining(['127.0.0.1', '::1']));
  });
});

describe('internal addresses written in the URL (production allow-list: empty)', () => {
  const port = () => loopback().port;
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port()}/p.png`],
    ['127.1 (short form)', () => `http://127.1:${port()}/p.png`],
    ['0177.0.0.1 (octal)', () => `http://0177.0.0.1:${port()}/p.png`],
    ['0x7f000001 (hex integer)', () => `http://0x7f000001:${port()}/p.png`],
    ['2130706433 (decimal integer)', () => `http://2130706433:${port()}/p.png`],
    ['0x7f.1 (hex short form)', () => `http://0x7f.1:${port()}/p.png`],
    ['017700000001 (octal integer)', () => `http://017700000001:${port()}/p.png`],
    ['127.255.255.254 (the rest of 127/8)', () => `http://127.255.255.254:${port()}/p.png`],
    ['[::1]', () => `http://[::1]:${listenerOn('::1')!.port}/p.png`],
    ['[::ffff:127.0.0.1] (IPv4-mapped)', () => `http://[::ffff:127.0.0.1]:${port()}/p.png`],
    ['[::ffff:7f00:1] (IPv4-mapped, hex)', () => `http://[::ffff:7f00:1]:${port()}/p.png`],
    ['[::127.0.0.1] (IPv4-compatible)', () => `http://[::127.0.0.1]:${port()}/p.png`],
    ['[0:0:0:0:0:0:0:1]', () => `http://[0:0:0:0:0:0:0:1]:${listenerOn('::1')!.port}/p.png`],
    ['0.0.0.0 (reaches this host)', () => `http://0.0.0.0:${port()}/p.png`],
    ['localhost', () => `http://localhost:${port()}/p.png`],
    ['user@host confusion', () => `http://images.example.com@127.0.0.1:${port()}/p.png`],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/p.png'],
    ['[::ffff:169.254.169.254]', () => 'http://[::ffff:169.254.169.254]/p.png'],
    ['[fd00:ec2::254] (metadata, IPv6)', () => 'http://[fd00:ec2::254]/p.png'],
    ['10.0.0.1', () => 'http://10.0.0.1/p.png'],
    ['10.255.255.254', () => 'http://10.255.255.254/p.png'],
    ['172.16.0.1', () => 'http://172.16.0.1/p.png'],
    ['172.31.255.254', () => 'http://172.31.255.254/p.png'],
    ['192.168.0.1', () => 'http://192.168.0.1/p.png'],
    ['192.168.255.254', () => 'http://192.168.255.254/p.png'],
    ['100.64.0.1 (shared address space)', () => 'http://100.64.0.1/p.png'],
    ['[fc00::1] (unique-local)', () => 'http://[fc00::1]/p.png'],
    ['[fdff:ffff::1] (unique-local)', () => 'http://[fdff:ffff::1]/p.png'],
    ['[fe80::1] (link-local)', () => 'http://[fe80::1]/p.png'],
    ['[::ffff:10.0.0.1]', () => 'http://[::ffff:10.0.0.1]/p.png'],
    ['[64:ff9b::7f00:1] (NAT64 of loopback)', () => 'http://[64:ff9b::7f00:1]/p.png'],
  ])('refuses %s', async (_name, url) => {
    await expectRefusedBeforeConnecting(url(), options());
  });

  it.each(internalLocalAddresses().filter((a) => !['127.0.0.1', '::1'].includes(a)))(
    "refuses this machine's own interface address %s (its listener sees nothing)",
    async (address) => {
      const host = address.includes(':') ? `[${address}]` : address;
      await expectRefusedBeforeConnecting(`http://${host}:${listenerOn(address)!.port}/p.png`, options());
    },
  );

  it('refuses loopback on any port but the test allow-list, even with the list set', async () => {
    await expectRefusedBeforeConnecting(`http://127.0.0.1:${loopback().port}/p.png`, viaLocalHosts());
  });
});

describe('names the resolver maps inward', () => {
  // Each name is asked for on the port of an owned listener where one stands at its answer.
  it.each([
    ['loopback.test', '127.0.0.1', '127.0.0.1'],
    ['loopback6.test', '::1', '::1'],
    ['mapped-loopback.test', '::ffff:127.0.0.1', '127.0.0.1'],
    ['mixed.test', 'a public address and 127.0.0.1: every answer is vetted', '127.0.0.1'],
    ['metadata.test', '169.254.169.254', '127.0.0.1'],
    ['private.test', '10.1.2.3', '127.0.0.1'],
    ['ula.test', 'fd00::2', 'fd00::2'],
  ])('refuses %s (%s)', async (name, _answer, listenerAddress) => {
    const port = (listenerOn(listenerAddress) ?? loopback()).port;
    await expectRefusedBeforeConnecting(`http://${name}:${port}/p.png`, options());
    expect(resolutions).toEqual([name]);
  });

  it('connects to the vetted answer only: a name is resolved once per hop, never again by the socket', async () => {
    // The resolver answers the allowed image host first and an internal address from then on.
    let calls = 0;
    const rebinding = async () => {
      calls++;
      return [calls === 1 ? { address: '127.0.0.1', family: 4 } : { address: '10.0.0.1', family: 4 }];
    };
    const url = `http://rebind.test:${images.port}/poster.png`;
    expect(await checkPosterUrl(url, viaLocalHosts({ resolve: rebinding }))).toBeNull();
    expect(calls).toBe(1);
    expect(dialled()).toEqual([`127.0.0.1:${images.port}`]);
  });

  it('re-vets a rebinding name on a redirect: its second answer (internal) is refused', async () => {
    let calls = 0;
    const rebinding = async () => {
      calls++;
      return [calls === 1 ? { address: '127.0.0.1', family: 4 } : { address: '10.0.0.1', family: 4 }];
    };
    // The same name and port again: reusing the first answer would load the image.
    const next = `http://rebind.test:${images.port}/poster.png`;
    const url = `http://rebind.test:${images.port}/redirect.png?to=${encodeURIComponent(next)}`;
    await expectRefusedBeforeConnecting(url, viaLocalHosts({ resolve: rebinding }), undefined, [
      `127.0.0.1:${images.port}`,
    ]);
    expect(calls).toBe(2);
  });
});

describe('redirects inward (the first hop is the allowed local image host)', () => {
  const port = () => loopback().port;
  it.each([
    ['127.0.0.1 on another port', () => `http://127.0.0.1:${port()}/p.png`],
    ['0x7f000001', () => `http://0x7f000001:${port()}/p.png`],
    ['[::1]', () => `http://[::1]:${listenerOn('::1')!.port}/p.png`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port()}/p.png`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['10.0.0.1', () => 'http://10.0.0.1/p.png'],
    ['a name mapped to loopback', () => `http://loopback.test:${port()}/p.png`],
    ['file:', () => 'file:///etc/passwd'],
    ['gopher:', () => `gopher://127.0.0.1:${port()}/_GET%20/`],
    [
      'a relative path that leaves nothing to fetch (scheme-relative, inward)',
      () => `//127.0.0.1:${port()}/p.png`,
    ],
  ])('refuses a redirect to %s', async (_name, target) => {
    const url = `${images.origin}/redirect.png?to=${encodeURIComponent(target())}`;
    await expectRefusedBeforeConnecting(url, viaLocalHosts(), undefined, [`127.0.0.1:${images.port}`]);
  });
});

describe('other schemes', () => {
  it.each([
    'file:///etc/passwd.png',
    `gopher://127.0.0.1:70/_x.png`,
    'ftp://127.0.0.1/p.png',
    'dict://127.0.0.1:11211/p.png',
    'data:image/png;base64,iVBORw0KGgo=.png',
    'javascript:alert(1)//.png',
  ])('refuses %s by its form', async (url) => {
    await expectRefusedBeforeConnecting(url, options(), messages.posterUrlInvalid);
    expect(resolutions).toEqual([]);
  });
});

describe('what comes back', () => {
  it.each([
    ['an HTML page', () => `${images.origin}/page.png`],
    ['an image type over bytes that are no image', () => `${images.origin}/fake.png`],
    ['a 404', () => `${images.origin}/missing.png`],
  ])('refuses %s', async (_name, url) => {
    expect(await checkPosterUrl(url(), viaLocalHosts())).toBe(messages.posterUrlUnreachable);
  });

  it('stops reading an endless body at the byte limit (the server sees the close long before the time limit)', async () => {
    const started = Date.now();
    expect(await checkPosterUrl(`${slow.origin}/endless.png`, viaLocalHosts({ timeoutMs: 10_000 }))).toBe(
      messages.posterUrlUnreachable,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => slow.endless.closedAfterMs).not.toBeNull();
    expect(slow.endless.closedAfterMs!).toBeLessThan(5000);
    // What the server got out before the close: the 64 kB limit plus what the socket buffers held.
    expect(slow.endless.written).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a declared 1 GB body without reading it', async () => {
    const started = Date.now();
    expect(
      await checkPosterUrl(`${slow.origin}/declared-huge.png`, viaLocalHosts({ timeoutMs: 10_000 })),
    ).toBe(messages.posterUrlUnreachable);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([
    ['a server that never answers', '/stall.png'],
    ['a server that sends a byte every 200 ms', '/trickle.png'],
  ])('gives up on %s at the time limit', async (_name, pathname) => {
    const started = Date.now();
    expect(await checkPosterUrl(`${slow.origin}${pathname}`, viaLocalHosts({ timeoutMs: 800 }))).toBe(
      messages.posterUrlUnreachable,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(750);
    expect(elapsed).toBeLessThan(3000);
  });

  it('gives up on a resolver that never answers at the time limit, dialling nothing', async () => {
    const started = Date.now();
    const never = () => new Promise<{ address: string; family: number }[]>(() => undefined);
    await expectRefusedBeforeConnecting(
      'http://silent.test/p.png',
      options({ timeoutMs: 800, resolve: never }),
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('through the story page route (the app wires the same check)', () => {
  let t: TestApp;
  let video: Record<string, string>;
  let videoId: number;
  let storyId: number;

  beforeAll(async () => {
    t = await startStoryTestApp({ posterCheck: { resolve, timeoutMs: 1500 } });
    const publisherId = (await buildPublisher(t.ctx.db)).id;
    const user = await buildUser(t.ctx.db, {
      publisherId,
      roles: ['stamp_manager', 'create_new_video_page'],
    });
    video = authOf(await login(t.app, user.email, user.password));
    videoId = (await buildUploadedObject(t.ctx.db, publisherId, { kind: 'video' })).id;
    const story = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/stories/create',
      headers: video,
      payload: { title: 'Poster checks' },
    });
    storyId = story.json().data.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a name mapped to loopback', () => `http://loopback.test:${loopback().port}/p.png`],
    ['0x7f000001', () => `http://0x7f000001:${loopback().port}/p.png`],
    ['[::1]', () => `http://[::1]:${listenerOn('::1')!.port}/p.png`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/p.png'],
  ])('answers 422 with the catalogue message for %s, dialling nothing', async (_name, poster) => {
    const seen = connectionsSeen();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/stories/page/create',
      headers: video,
      payload: {
        story_id: storyId,
        index: 1,
        object_type: 'video',
        object_id: videoId,
        poster: poster(),
        metadata: {
          title: 'The winning run',
          home_or_away_team_playing: 'home',
          apv_batter_full_name: 'Sam Slugger',
          apv_story_inning: '9',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ success: false, errors: [messages.posterUrlUnreachable] });
    expect(dialled()).toEqual([]);
    expect(connectionsSeen()).toBe(seen);
  });
});
