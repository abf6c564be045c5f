// The public embed: showreel JSON of Active packages for any origin (CORS *, no cookies, short cache,
// media URLs from PUBLIC_BASE_URL or relative, never from the request's Host), and the player script.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbedPackage } from '@hc/shared/api/packages';
import { messages } from '@hc/shared/messages';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { authOf, login, startPeerApp, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlights, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import { buildStory, buildStoryPage, buildUploadedObject } from '../support/story-factories.ts';

let t: TestApp;
let publisherId: number;
let otherPublisherId: number;
let ids: number[];
let activeId: string;
let scriptDir: string;
let withScript: FastifyInstance;

const embed = (embedId: string, query: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/embed/v1/packages/${embedId}?${query}`,
    headers: { host: 'console.example:8443', origin: 'https://publisher.example', ...headers },
  });

const expectPublicHeaders = (headers: Record<string, unknown>) => {
  expect(headers['access-control-allow-origin']).toBe('*');
  expect(headers['access-control-allow-credentials']).toBeUndefined();
  expect(headers['set-cookie']).toBeUndefined();
};

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  ids = (await buildHighlights(t.ctx.db, publisherId, 4)).map((h) => h.id);
  activeId = (
    await buildPackage(t.ctx.db, publisherId, {
      highlightIds: ids.slice(0, 3),
      titles: ['First', 'Second', 'Third'],
      name: 'Showreel',
      status: 'Active',
    })
  ).embedId;
  scriptDir = mkdtempSync(path.join(tmpdir(), 'hc-embed-'));
  withScript = await buildApp(t.ctx, { logger: false, embedScriptDir: scriptDir });
  await withScript.ready();
});
afterAll(async () => {
  await withScript.close();
  await t.close();
});

describe('GET /embed/v1/packages/{embed_id}', () => {
  it('answers an Active package with relative MP4 and thumbnail URLs (no PUBLIC_BASE_URL), CORS * and a public 60 s cache', async () => {
    const response = await embed(activeId, `account=${publisherId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      embed_id: activeId,
      name: 'Showreel',
      highlights: ids.slice(0, 3).map((id, i) => ({
        id,
        title: ['First', 'Second', 'Third'][i]!,
        video_url: '/media/test/clip.mp4',
        thumbnail: '/media/test/clip.jpg',
      })),
    } satisfies EmbedPackage);
    expectPublicHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('builds absolute URLs from PUBLIC_BASE_URL only: a hostile Host or X-Forwarded-Host leaves no trace', async () => {
    const hostile = {
      host: 'evil.example',
      'x-forwarded-host': 'evil-forwarded.example',
      'x-forwarded-proto': 'http',
    };
    // Behind a trusted proxy too (where X-Forwarded-* are believed for addresses and protocol).
    const envs: Record<string, string>[] = [
      { PUBLIC_BASE_URL: 'https://console.example.com/' },
      { PUBLIC_BASE_URL: 'https://console.example.com', TRUST_PROXY: 'true' },
    ];
    for (const env of envs) {
      const peer = await startPeerApp(t, env);
      try {
        const response = await peer.app.inject({
          method: 'GET',
          url: `/embed/v1/packages/${activeId}?account=${publisherId}`,
          headers: hostile,
        });
        expect(response.statusCode, response.body).toBe(200);
        const { highlights } = response.json() as EmbedPackage;
        expect(highlights.map((h) => [h.video_url, h.thumbnail])).toEqual(
          ids
            .slice(0, 3)
            .map(() => [
              'https://console.example.com/media/test/clip.mp4',
              'https://console.example.com/media/test/clip.jpg',
            ]),
        );
        expect(response.body).not.toContain('evil');
        expect(JSON.stringify(response.headers)).not.toContain('evil');
      } finally {
        await peer.close();
      }
    }
    // Without it, the answer is relative: still nothing of the Host.
    const relative = await embed(activeId, `account=${publisherId}`, hostile);
    expect(relative.statusCode).toBe(200);
    expect(relative.body).not.toContain('evil');
  });

  it('the public page of a story rendered on request takes its links from PUBLIC_BASE_URL, not the Host', async () => {
    const image = await buildUploadedObject(t.ctx.db, publisherId);
    const story = await buildStory(t.ctx.db, publisherId, { state: 'published', thumbnailPath: image.path });
    await buildStoryPage(t.ctx.db, story.id, { objectType: 'image', objectId: image.id, image: image.path });
    const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil-forwarded.example' };
    const peer = await startPeerApp(t, {
      PUBLIC_BASE_URL: 'https://console.example.com',
      TRUST_PROXY: 'true',
    });
    try {
      const page = await peer.app.inject({
        method: 'GET',
        url: `/stories/${story.id}.html`,
        headers: hostile,
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain(
        `<link rel="canonical" href="https://console.example.com/stories/${story.id}.html">`,
      );
      expect(page.body).not.toContain('evil');
    } finally {
      await peer.close();
    }
    const relative = await t.app.inject({
      method: 'GET',
      url: `/stories/${story.id}.html`,
      headers: hostile,
    });
    expect(relative.statusCode).toBe(200);
    expect(relative.body).toContain(`<link rel="canonical" href="/stories/${story.id}.html">`);
    expect(relative.body).not.toContain('evil');
  });

  it('refuses a PUBLIC_BASE_URL that is not a plain http(s) address, saying so at start', () => {
    for (const bad of [
      'console.example.com',
      'ftp://console.example.com',
      'https://console.example.com/?a=1',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).toThrow(/PUBLIC_BASE_URL: /);
    }
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://console.example.com/hc/' }).publicBaseUrl).toBe(
      'https://console.example.com/hc',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: '' }).publicBaseUrl).toBeUndefined();
  });

  it('needs no session and sets no cookie even when auth headers are sent', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = authOf(await login(t.app, user.email, user.password));
    const response = await embed(activeId, `account=${publisherId}`, { ...session, cookie: 'a=b' });
    expect(response.statusCode).toBe(200);
    expectPublicHeaders(response.headers);
  });

  it('404s (JSON, CORS *, not cached) for drafts, archived and rejected packages, another account and unknown ids', async () => {
    const cases: [string, string][] = [];
    for (const status of ['Draft', 'Archive', 'Rejected'] as const) {
      const pkg = await buildPackage(t.ctx.db, publisherId, { highlightIds: ids.slice(0, 3), status });
      cases.push([pkg.embedId, `account=${publisherId}`]);
    }
    cases.push([activeId, `account=${otherPublisherId}`], ['unknown1', `account=${publisherId}`]);
    for (const [embedId, query] of cases) {
      const response = await embed(embedId, query);
      expect(response.statusCode, `${embedId} ${query}`).toBe(404);
      expect(response.json()).toEqual({ success: false, errors: [messages.notFound] });
      expectPublicHeaders(response.headers);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a missing or bad account and a malformed embed id with 400', async () => {
    for (const [embedId, query] of [
      [activeId, ''],
      [activeId, 'account=abc'],
      [activeId, 'account=-4'],
      ['x'.repeat(12), `account=${publisherId}`],
      ['bad%20id', `account=${publisherId}`],
    ] as const) {
      const response = await embed(embedId, query);
      expect(response.statusCode, `${embedId} ${query}`).toBe(400);
      expectPublicHeaders(response.headers);
    }
  });

  it('follows edits: a saved package shows its new highlights, a deactivated one disappears', async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    const headers = authOf(await login(t.app, user.email, user.password));
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/editor/packages/${activeId}`, headers, payload });
    const edited = await put({
      name: 'Showreel 2',
      highlights: [ids[3]!, ids[0]!, ids[1]!].map((id) => ({ id, title: `T${id}` })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const data = (await embed(activeId, `account=${publisherId}`)).json() as EmbedPackage;
    expect(data.name).toBe('Showreel 2');
    expect(data.highlights.map((h) => h.id)).toEqual([ids[3], ids[0], ids[1]]);
    expect((await put({ status: 'Draft' })).statusCode).toBe(200);
    expect((await embed(activeId, `account=${publisherId}`)).statusCode).toBe(404);
  });
});

describe('GET /embed/player.js', () => {
  it('404s while the player is not built', async () => {
    const empty = await buildApp(t.ctx, {
      logger: false,
      embedScriptDir: mkdtempSync(path.join(tmpdir(), 'hc-no-embed-')),
    });
    const response = await empty.inject({ method: 'GET', url: '/embed/player.js' });
    expect(response.statusCode).toBe(404);
    expectPublicHeaders(response.headers);
    await empty.close();
  });

  it('serves the built script as JavaScript, CORS *, with a short public cache and revalidation', async () => {
    writeFileSync(path.join(scriptDir, 'player.js'), 'console.log("player");\n');
    const response = await withScript.inject({ method: 'GET', url: '/embed/player.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("player");\n');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expectPublicHeaders(response.headers);
    const etag = response.headers.etag as string;
    const again = await withScript.inject({
      method: 'GET',
      url: '/embed/player.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
