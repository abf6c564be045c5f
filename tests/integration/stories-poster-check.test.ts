// The editor's poster URL check through the server: a valid poster on another site is accepted, a
// missing or malformed one gets the catalogue message, an address the guard refuses is refused, and a
// caller without the stories role learns nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hc/shared/messages';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startImageHost, startStoryTestApp, type ImageHost } from '../support/story-app.ts';

let t: TestApp;
let images: ImageHost;
let h: Record<string, string>;
let noRole: Record<string, string>;

const check = (poster: unknown, headers = h) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/stamp/stories/poster/check',
    headers,
    payload: { poster } as object,
  });

beforeAll(async () => {
  images = await startImageHost();
  t = await startStoryTestApp({ posterCheck: { allowLoopbackPorts: [images.port] } });
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  h = authOf(await login(t.app, user.email, user.password));
  const other = await buildUser(t.ctx.db, { publisherId, roles: [] });
  noRole = authOf(await login(t.app, other.email, other.password));
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

describe('POST stamp/stories/poster/check', () => {
  it('accepts a poster that loads from another site', async () => {
    const response = await check(`  ${images.origin}/poster.png `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { poster: `${images.origin}/poster.png` } });
  });

  it.each([
    ['a missing image', (): string => `${images.origin}/missing.png`, messages.posterUrlUnreachable],
    ['a page that is no image', (): string => `${images.origin}/page.png`, messages.posterUrlUnreachable],
    [
      'a loopback port outside the allow-list',
      (): string => 'http://127.0.0.1:9/poster.png',
      messages.posterUrlUnreachable,
    ],
    ['a URL of another format', (): string => `${images.origin}/poster.bmp`, messages.posterUrlFormat],
    ['something that is no URL', (): string => 'poster', messages.posterUrlInvalid],
  ])('refuses %s with the catalogue message', async (_name, url, message) => {
    const response = await check(url());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ success: false, errors: [message] });
  });

  it('refuses a body that is not a poster URL string with a 400', async () => {
    const response = await check(42);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('is closed to a user without the stories role', async () => {
    const response = await check(`${images.origin}/poster.png`, noRole);
    expect(response.statusCode).toBe(403);
  });
});
