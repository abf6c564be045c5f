// The Top Videos embed on a publisher's page: a plain HTML page on another site (localhost, while the
// console is 127.0.0.1) carrying the snippet of an Active demo package of Daily Planet (406). The player
// script comes from the console, plays the package in order and loops, sends no cookies, and plays a
// package's new highlights on the next page load after a save through the API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import type { Locator, Page, Request } from '@playwright/test';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import type { EmbedPackage, Package } from '@hc/shared/api/packages';
import type { HighlightList } from '@hc/shared/api/highlights';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { snap } from './support/browser.ts';

test.use({ e2e: {} });

const EDITOR = 'editor@demo.example';
const UNKNOWN_EMBED_ID = 'nope12345';

interface Session {
  headers: Record<string, string>;
  publisherId: number;
}
let session: Session;
let pkg: Package;
let host: Server;
let hostUrl: string;

async function api<T>(server: E2eServer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/v1/editor/${path}`, {
    method,
    headers: { ...session.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { success: boolean; data: T; errors?: string[] };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.errors?.join(', ')}`);
  return json.data;
}

/**
 * What the public endpoint serves for the package right now (the expected playlist), its media URLs as
 * the player plays them: without PUBLIC_BASE_URL they are relative, resolved against the data's address.
 */
async function embedData(server: E2eServer): Promise<EmbedPackage> {
  const url = `${server.baseUrl}/embed/v1/packages/${pkg.embed_id}?account=${session.publisherId}`;
  const response = await fetch(url, { cache: 'no-store' });
  expect(response.status).toBe(200);
  const data = (await response.json()) as EmbedPackage;
  return {
    ...data,
    highlights: data.highlights.map((h) => ({
      ...h,
      video_url: new URL(h.video_url, url).href,
      thumbnail: new URL(h.thumbnail, url).href,
    })),
  };
}

/** The publisher's page: the snippet as "get embed code" copies it, twice included, plus a bad id. */
function hostPage(consoleOrigin: string, account: number, embedId: string): string {
  const snippet = (id: string) =>
    `<script async src="${consoleOrigin}/embed/player.js" data-account-id="${account}"></script>\n` +
    `<div class="hc-top-videos" data-embed-id="${id}"></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Daily Planet</title>
<style>
  body { margin: 40px; font: 17px/1.7 Georgia, serif; color: #333; background: #f7f4ee; }
  main { max-width: 960px; }
  /* A host page's blunt rules must not reach inside the widget. */
  img { border: 6px solid red; } video { filter: grayscale(1); } button { all: unset; }
</style></head>
<body><main>
  <h1>The Daily Planet</h1>
  <p>Our editors' pick of today's videos.</p>
  ${snippet(embedId)}
  <p>Another, retired, package:</p>
  ${snippet(UNKNOWN_EMBED_ID)}
</main></body></html>`;
}

/** The showreel of one wrapper on the host page (Playwright's CSS pierces its open shadow root). */
class EmbedOnPage {
  readonly wrapper: Locator;
  readonly video: Locator;
  readonly items: Locator;
  constructor(
    readonly page: Page,
    embedId: string,
  ) {
    this.wrapper = page.locator(`.hc-top-videos[data-embed-id="${embedId}"]`);
    this.video = this.wrapper.locator('video');
    this.items = this.wrapper.locator('.item');
  }
  async goto() {
    await this.page.goto(hostUrl);
    await this.video.waitFor();
  }
  currentTime() {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentTime);
  }
  currentSrc() {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src);
  }
  activeTitle() {
    return this.wrapper.locator('.item[aria-current="true"]').getAttribute('title');
  }
  /** Playback has begun: the clip's time moves on. */
  async waitUntilPlaying() {
    await expect.poll(() => this.currentTime(), { timeout: 10_000 }).toBeGreaterThan(0.2);
  }
  /** Jumps to just before the clip's end so 'ended' comes quickly (the clips last seconds). */
  async skipToEnd() {
    await this.video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 0.25);
    });
  }
}

test.beforeAll(async ({ server }) => {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EDITOR, password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { email: string; token: string; publisher_id: number } };
  session = {
    headers: { [AUTH_HEADERS.email]: data.email, [AUTH_HEADERS.token]: data.token },
    publisherId: data.publisher_id,
  };
  const { packages } = await api<{ packages: Package[] }>(server, 'GET', 'packages?type=user&per=100');
  const active = packages.find((p) => p.status === 'Active');
  if (!active) throw new Error('the demo data has no Active manual package for publisher 406');
  pkg = await api<Package>(server, 'GET', `packages/${active.embed_id}`);

  // Another origin and site: the console listens on 127.0.0.1, this page is served as localhost.
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(server.baseUrl, session.publisherId, pkg.embed_id));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  // No host when the suite's setup failed: nothing to close (and no close callback to wait for).
  if (host) await new Promise((resolve) => host.close(resolve));
});

test.describe('Top Videos embed on a publisher page', () => {
  test('loads the player from the console and plays the package highlights in order, looping', async ({
    page,
    server,
  }) => {
    const expected = await embedData(server);
    expect(expected.highlights.length).toBeGreaterThanOrEqual(3);
    const embed = new EmbedOnPage(page, pkg.embed_id);
    await embed.goto();

    expect(await embed.items.evaluateAll((items) => items.map((i) => i.getAttribute('title')))).toEqual(
      expected.highlights.map((h) => h.title),
    );
    await embed.waitUntilPlaying();
    expect(await embed.currentSrc()).toBe(expected.highlights[0]!.video_url);
    expect(await embed.activeTitle()).toBe(expected.highlights[0]!.title);
    expect(await embed.video.evaluate((v: HTMLVideoElement) => v.muted && v.playsInline)).toBe(true);

    // Size facts: at least 300 px wide and a video no taller than 450 px, here in a
    // 960 px column where a full-width 16:9 video would be 540 px tall.
    const box = (await embed.wrapper.locator('.reel').boundingBox())!;
    const stage = (await embed.wrapper.locator('.stage').boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(stage.height).toBeLessThanOrEqual(450);
    expect(stage.width / stage.height).toBeCloseTo(16 / 9, 1);
    await snap(page, 'embed-host-page');

    // Through every clip and back to the first: each 'ended' moves to the next highlight.
    const order = [...expected.highlights.slice(1), expected.highlights[0]!];
    for (const next of order) {
      await embed.skipToEnd();
      await expect.poll(() => embed.currentSrc()).toBe(next.video_url);
      expect(await embed.activeTitle()).toBe(next.title);
      await embed.waitUntilPlaying();
    }

    // A click on a thumbnail jumps to that highlight.
    const last = expected.highlights.at(-1)!;
    await embed.items.last().click();
    await expect.poll(() => embed.currentSrc()).toBe(last.video_url);
  });

  test('sends no cookies, stores nothing, renders once for two script includes and stays quiet on a bad id', async ({
    page,
    context,
    server,
  }) => {
    // A cookie of the console's site, which a careless player (or credentials: include) would carry.
    await context.addCookies([{ name: 'hc_probe', value: 'leak', url: server.baseUrl }]);
    const toConsole: Request[] = [];
    const setCookies: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.baseUrl)) toConsole.push(request);
    });
    page.on('response', async (response) => {
      const value = await response.headerValue('set-cookie');
      if (value && response.url().startsWith(server.baseUrl)) setCookies.push(value);
    });
    page.on('pageerror', (error) => errors.push(error.message));

    const embed = new EmbedOnPage(page, pkg.embed_id);
    await embed.goto();
    await embed.waitUntilPlaying();
    const bad = new EmbedOnPage(page, UNKNOWN_EMBED_ID);
    await expect(bad.wrapper).toHaveAttribute('data-hc-state', 'error');
    expect(await bad.wrapper.locator('.note').innerText()).toBe('Videos are unavailable right now.');
    expect(await bad.video.count()).toBe(0);

    const paths = toConsole.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => p === '/embed/player.js').length).toBeGreaterThanOrEqual(1);
    expect(paths).toContain(`/embed/v1/packages/${pkg.embed_id}`);
    expect(paths.some((p) => p.startsWith('/media/'))).toBe(true);
    for (const request of toConsole) {
      const headers = await request.allHeaders();
      expect(headers.cookie, `${request.method()} ${request.url()}`).toBeUndefined();
    }
    expect(setCookies).toEqual([]);
    // Two copies of the script, one showreel and one data call per wrapper.
    expect(await embed.wrapper.locator('.reel').count()).toBe(1);
    expect(paths.filter((p) => p === `/embed/v1/packages/${pkg.embed_id}`)).toHaveLength(1);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
      0,
      0,
      '',
    ]);
    expect(errors).toEqual([]);
  });

  test('plays the new highlights on the next page load after the package is saved', async ({
    page,
    server,
  }) => {
    const embed = new EmbedOnPage(page, pkg.embed_id);
    await embed.goto();
    await embed.waitUntilPlaying();

    // Three other highlights still valid for Top Videos, with titles of our own, in a chosen order.
    const inPackage = new Set(pkg.highlights.map((h) => h.id));
    const { highlights } = await api<HighlightList>(
      server,
      'GET',
      'highlights/index?page=1&per=25&tv_status=valid',
    );
    const fresh = highlights.filter((h) => !inPackage.has(h.highlight_id)).slice(0, 3);
    expect(fresh).toHaveLength(3);
    const titles = ['Reel one: the new opener', 'Reel two', 'Reel three'];
    await api<Package>(server, 'PUT', `packages/${pkg.embed_id}`, {
      name: pkg.name,
      alias: pkg.alias,
      highlights: fresh.map((h, i) => ({ id: h.highlight_id, title: titles[i] })),
      sequence: pkg.sequence,
      tvInvalidHlts: pkg.tvInvalidHlts,
      package_type: pkg.package_type,
      category: pkg.category,
      updated_at: pkg.updated_at,
    });

    await page.reload();
    await embed.video.waitFor();
    await expect
      .poll(() => embed.items.evaluateAll((items) => items.map((i) => i.getAttribute('title'))))
      .toEqual(titles);
    await embed.waitUntilPlaying();
    const expected = await embedData(server);
    expect(expected.highlights.map((h) => h.id)).toEqual(fresh.map((h) => h.highlight_id));
    expect(await embed.currentSrc()).toBe(expected.highlights[0]!.video_url);
    await embed.skipToEnd();
    await expect.poll(() => embed.currentSrc()).toBe(expected.highlights[1]!.video_url);
    await snap(page, 'embed-host-page-after-save');
  });
});
