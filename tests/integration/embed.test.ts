// The public embed: showreel JSON of Active packages for any origin (CORS *, no cookies, short cache,
// absolute media URLs), and the player script.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbedPackage } from '@hc/shared/api/packages';
import { messages } from '@hc/shared/messages';
import { buildApp } from '../../apps/server/src/app.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlights, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';

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
  it('answers an Active package with absolute MP4 and thumbnail URLs, CORS * and a public 60 s cache', async () => {
    const response = await embed(activeId, `account=${publisherId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      embed_id: activeId,
      name: 'Showreel',
      highlights: ids.slice(0, 3).map((id, i) => ({
        id,
        title: ['First', 'Second', 'Third'][i]!,
        video_url: 'http://console.example:8443/media/test/clip.mp4',
        thumbnail: 'http://console.example:8443/media/test/clip.jpg',
      })),
    } satisfies EmbedPackage);
    expectPublicHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
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
