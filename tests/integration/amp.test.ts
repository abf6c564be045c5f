// The published AMP document through the API: its required structure, and markup
// injected in a story title, page text and a video form field arriving inert at the public link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { Story } from '@hc/shared/api/stories';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startImageHost, startStoryTestApp, type ImageHost } from '../support/story-app.ts';
import { buildUploadedObject } from '../support/story-factories.ts';

let t: TestApp;
let images: ImageHost;
let h: Record<string, string>;
let publisherId: number;

const EVIL_TITLE = '</title><script>alert("title")</script>';
const EVIL_FIELD = '"><img src=x onerror=alert(1)></amp-story>';
const EVIL_SUBTITLE = "<script src='https://evil.example/x.js'></script>";

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  images = await startImageHost();
  t = await startStoryTestApp({ posterCheck: { allowLoopbackPorts: [images.port] } });
  publisherId = (await buildPublisher(t.ctx.db, { name: 'Planet <b>Media</b>' })).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  h = authOf(await login(t.app, user.email, user.password));
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

describe('the public AMP document', () => {
  it("serves a seeded published story (no stored html) at the console's own link", async () => {
    const image = await buildUploadedObject(t.ctx.db, publisherId);
    const [story] = await t.ctx.db
      .insert(schema.stories)
      .values({
        publisherId,
        title: 'Seeded',
        state: 'published',
        link: 'https://stories.example/seeded-1',
        thumbnailPath: image.path,
      })
      .returning();
    await t.ctx.db.insert(schema.storyPages).values({
      storyId: story!.id,
      objectType: 'image',
      objectId: image.id,
      title: 'Seeded page',
      image: image.path,
    });
    const loaded = (await call('GET', `stamp/stories/${story!.id}`)).json().data as Story;
    expect(loaded.link).toBe(`http://localhost:80/stories/${story!.id}.html`);
    const response = await t.app.inject({ method: 'GET', url: `/stories/${story!.id}.html` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 class="hc-title">Seeded page</h1>');
  });

  it('has the AMP story structure and keeps injected markup inert', async () => {
    const image = await buildUploadedObject(t.ctx.db, publisherId);
    const video = await buildUploadedObject(t.ctx.db, publisherId, { kind: 'video' });
    const created = (await call('POST', 'stamp/stories/create', { title: EVIL_TITLE })).json().data as Story;
    const imagePage = await call('POST', 'stamp/stories/page/create', {
      story_id: created.id,
      object_type: 'image',
      object_id: image.id,
      title: EVIL_TITLE,
      subtitle: EVIL_SUBTITLE,
    });
    expect(imagePage.statusCode, imagePage.body).toBe(201);
    const videoPage = await call('POST', 'stamp/stories/page/create', {
      story_id: created.id,
      index: 1,
      object_type: 'video',
      object_id: video.id,
      poster: `${images.origin}/poster.png`,
      metadata: {
        title: 'Walk-off',
        home_or_away_team_playing: 'away',
        apv_batter_full_name: EVIL_FIELD.slice(0, 60),
      },
    });
    expect(videoPage.statusCode, videoPage.body).toBe(201);
    const loaded = (await call('GET', `stamp/stories/${created.id}`)).json().data as Story;
    const published = await call('POST', 'stamp/stories/save', {
      story: { id: created.id, updated_at: loaded.updated_at },
      pages: loaded.pages,
    });
    expect(published.statusCode, published.body).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: `/stories/${created.id}.html` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.startsWith('<!doctype html>\n<html ⚡ lang="en">')).toBe(true);
    // Without PUBLIC_BASE_URL the public answer never trusts the Host header: its URLs are root-relative.
    expect(html).toContain(`<link rel="canonical" href="/stories/${created.id}.html">`);
    expect(html).toContain('<style amp-boilerplate>');
    expect(html).toContain('custom-element="amp-story"');
    expect(html).toContain('custom-element="amp-video"');
    expect(html.match(/<amp-story-page /g)).toHaveLength(2);
    expect(html).toMatch(/<amp-img layout="fill"[^>]* src="\/media\/uploads\//);
    expect(html).toContain(`poster="${images.origin}/poster.png"`);
    expect(html).toContain('auto-advance-after="15s"');
    // The video page plays its clip to the end instead of being cut at the 6 s default.
    expect(html).toContain('<amp-story-page id="page-2" auto-advance-after="page-2-video">');
    expect(html).toContain('<amp-video id="page-2-video" autoplay layout="fill"');
    expect(html).not.toContain('auto-advance-after="6s"');
    expect(html).not.toMatch(/<amp-video[^>]*\sloop[\s>=]/);

    // Inert: exactly the three AMP scripts, one amp-story, one title element, no injected tags.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/amp-story>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(html).toContain('Planet &lt;b&gt;Media&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });
});
