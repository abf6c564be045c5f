// AMP stories API (the spec's Stories calls): list, one story with form_fields, create,
// page create/update/get/remove with the form rules, publish with the updated_at check, previews,
// mock_story, the public AMP link, roles, publisher scoping and the audit trail.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { Story, StoryPage } from '@hc/shared/api/stories';
import { mandatoryFieldsNotFilled, messages } from '@hc/shared/messages';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { PNG_1X1, startImageHost, startStoryTestApp, type ImageHost } from '../support/story-app.ts';
import { buildStory, buildStoryPage, buildUploadedObject } from '../support/story-factories.ts';

type Headers = Record<string, string>;
let t: TestApp;
/** Poster URLs point here: the poster check may reach only this loopback port. */
let images: ImageHost;
let poster: string;
let publisherId: number;
let otherPublisherId: number;
let stamp: Headers;
let video: Headers;
let admin: Headers;
let viewer: Headers;
let otherStamp: Headers;
let imageId: number;
let videoId: number;
let foreignImageId: number;

const call = (method: 'GET' | 'POST', url: string, h: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;

const createStory = async (title = 'Game night', h = stamp) => {
  const response = await call('POST', 'stamp/stories/create', h, { title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Story;
};
const getStory = async (id: number, h = stamp) =>
  (await call('GET', `stamp/stories/${id}`, h)).json().data as Story;

const imagePage = (storyId: number, extra: Record<string, unknown> = {}) => ({
  story_id: storyId,
  index: 0,
  object_type: 'image',
  object_id: imageId,
  title: 'Kick-off',
  subtitle: 'Under the lights',
  metadata: { duration: 10, template_options: { layout: 1, blurb: 0 } },
  ...extra,
});
const videoFields = {
  title: 'The winning run',
  home_or_away_team_playing: 'home',
  apv_batter_full_name: 'Sam Slugger',
  apv_story_inning: '9',
};
const videoPage = (storyId: number, extra: Record<string, unknown> = {}) => ({
  story_id: storyId,
  index: 1,
  object_type: 'video',
  object_id: videoId,
  poster,
  metadata: { ...videoFields },
  ...extra,
});
const addPage = async (body: unknown, h = stamp) => {
  const response = await call('POST', 'stamp/stories/page/create', h, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as StoryPage;
};

const auditsOf = (objectType: string, objectId: number) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.objectType, objectType), eq(schema.auditLog.objectId, String(objectId))))
    .orderBy(schema.auditLog.id);

beforeAll(async () => {
  images = await startImageHost();
  poster = `${images.origin}/poster.png`;
  t = await startStoryTestApp({ posterCheck: { allowLoopbackPorts: [images.port], timeoutMs: 2000 } });
  publisherId = (await buildPublisher(t.ctx.db, { name: 'Daily Planet' })).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  stamp = await session({ publisherId, roles: ['stamp_manager'] });
  video = await session({ publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  admin = await session({ publisherId, isAdmin: true });
  viewer = await session({ publisherId });
  otherStamp = await session({ publisherId: otherPublisherId, roles: ['stamp_manager'] });
  imageId = (await buildUploadedObject(t.ctx.db, publisherId)).id;
  videoId = (await buildUploadedObject(t.ctx.db, publisherId, { kind: 'video' })).id;
  foreignImageId = (await buildUploadedObject(t.ctx.db, otherPublisherId)).id;
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

describe('roles and scope', () => {
  it('refuses every stories call to a user without stamp_manager, before looking at the input', async () => {
    for (const [method, url] of [
      ['GET', 'stamp/stories'],
      ['GET', 'stamp/stories/1'],
      ['POST', 'stamp/stories/create'],
      ['POST', 'stamp/stories/save'],
      ['POST', 'stamp/stories/page/create'],
      ['GET', 'stamp/mock_story/1'],
    ] as const) {
      const response = await call(method, url, viewer, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(403);
      expect(errorsOf(response)).toEqual([messages.forbidden]);
    }
  });

  it('needs a session', async () => {
    expect((await call('GET', 'stamp/stories', {})).statusCode).toBe(401);
  });

  it("answers 404 for another publisher's story, page and preview", async () => {
    const foreign = await buildStory(t.ctx.db, otherPublisherId);
    const page = await buildStoryPage(t.ctx.db, foreign.id);
    expect((await call('GET', `stamp/stories/${foreign.id}`, stamp)).statusCode).toBe(404);
    expect((await call('GET', `stamp/stories/page/${page.id}`, stamp)).statusCode).toBe(404);
    expect((await call('POST', `stamp/stories/page/remove/${page.id}`, stamp)).statusCode).toBe(404);
    expect((await call('GET', `stamp/stories/preview/${foreign.id}`, stamp)).statusCode).toBe(404);
    expect((await call('GET', `stamp/mock_story/${foreign.id}`, stamp)).statusCode).toBe(404);
    const save = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: foreign.id, updated_at: 0 },
      pages: [],
    });
    expect(save.statusCode).toBe(404);
    expect((await call('POST', 'stamp/stories/page/create', stamp, imagePage(foreign.id))).statusCode).toBe(
      404,
    );
    expect((await call('GET', `stamp/stories/${foreign.id}`, otherStamp)).statusCode).toBe(200);
  });

  it('lets an admin through', async () => {
    expect((await call('GET', 'stamp/stories', admin)).statusCode).toBe(200);
  });
});

describe('list, one story, create', () => {
  it('creates a draft story and records it', async () => {
    const story = await createStory('  Opening day  ');
    expect(story).toMatchObject({
      title: 'Opening day',
      state: 'draft',
      link: null,
      thumbnail: null,
      pages: [],
    });
    expect(story.updated_at).toBeGreaterThan(0);
    const [audit] = await auditsOf('story', story.id);
    expect(audit).toMatchObject({
      actionName: 'create',
      publisherId,
      payload: { after: { title: 'Opening day' } },
    });
  });

  it('refuses a blank title', async () => {
    expect((await call('POST', 'stamp/stories/create', stamp, { title: '   ' })).statusCode).toBe(400);
  });

  it('lists the publisher stories by updated_at, newest first, with count and a title search', async () => {
    const publisher = (await buildPublisher(t.ctx.db)).id;
    const user = await buildUser(t.ctx.db, { publisherId: publisher, roles: ['stamp_manager'] });
    const h = authOf(await login(t.app, user.email, user.password));
    const now = Date.now();
    const old = await buildStory(t.ctx.db, publisher, {
      title: 'Old 50% story',
      updatedAt: new Date(now - 60_000),
    });
    const newest = await buildStory(t.ctx.db, publisher, { title: 'Newest', updatedAt: new Date(now) });
    const middle = await buildStory(t.ctx.db, publisher, {
      title: 'Middle',
      updatedAt: new Date(now - 30_000),
    });
    await buildStory(t.ctx.db, otherPublisherId, { title: 'Not ours' });
    const response = await call('GET', 'stamp/stories?page=1&per=25', h);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { stories: Story[]; count: number };
    expect(data.stories.map((s) => s.id)).toEqual([newest.id, middle.id, old.id]);
    expect(data.count).toBe(3);
    const paged = (await call('GET', 'stamp/stories?page=2&per=2', h)).json().data;
    expect(paged.stories.map((s: Story) => s.id)).toEqual([old.id]);
    const found = (await call('GET', `stamp/stories?q=${encodeURIComponent('50%')}`, h)).json().data;
    expect(found.stories.map((s: Story) => s.id)).toEqual([old.id]);
  });

  it('gives form_fields only to users with create_new_video_page', async () => {
    const story = await createStory();
    expect((await getStory(story.id, stamp)).form_fields).toEqual([]);
    const fields = (await getStory(story.id, video)).form_fields;
    expect(fields.map((f) => f.name).sort()).toEqual(
      [
        'apv_batter_full_name',
        'apv_pitcher_full_name',
        'apv_story_half_inning',
        'apv_story_inning',
        'apv_story_score_after_away',
        'apv_story_score_after_home',
        'home_or_away_team_playing',
        'title',
      ].sort(),
    );
    expect(fields.find((f) => f.name === 'home_or_away_team_playing')).toMatchObject({
      input_type: 'dropdown',
      options: ['home', 'away'],
      is_mandatory: true,
    });
    for (const f of fields) expect(f.max_chars).toBeGreaterThan(0);
  });
});

describe('pages', () => {
  it('creates, reads, updates and removes an image page, each change audited', async () => {
    const story = await createStory();
    const page = await addPage(imagePage(story.id));
    expect(page).toMatchObject({
      story_id: story.id,
      apv_story_id: story.id,
      object_type: 'image',
      object_id: imageId,
      title: 'Kick-off',
      layout: 1,
      blurb: 0,
      duration: 10,
      metadata: { duration: 10, template_options: { layout: 1, blurb: 0 } },
    });
    expect(page.image).toMatch(/^\/media\/uploads\//);
    expect((await call('GET', `stamp/stories/page/${page.id}`, stamp)).json().data).toEqual(page);

    const updated = await call('POST', `stamp/stories/page/update/${page.id}`, stamp, {
      ...imagePage(story.id),
      title: 'Renamed',
      metadata: {},
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Renamed', duration: 15, layout: 0, blurb: 1 });

    const removed = await call('POST', `stamp/stories/page/remove/${page.id}`, stamp);
    expect(removed.json()).toEqual({ success: true, data: { message: messages.storyPageDeleted } });
    expect((await call('GET', `stamp/stories/page/${page.id}`, stamp)).statusCode).toBe(404);
    expect((await auditsOf('story_page', page.id)).map((a) => a.actionName)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('counts a page change as a change of the story (updated_at moves on)', async () => {
    const story = await createStory();
    await addPage(imagePage(story.id));
    expect((await getStory(story.id)).updated_at).toBeGreaterThan(story.updated_at);
  });

  it('refuses an image page without an image of the publisher, and a duration outside 4 to 15', async () => {
    const story = await createStory();
    for (const objectId of [null, foreignImageId, videoId]) {
      const response = await call(
        'POST',
        'stamp/stories/page/create',
        stamp,
        imagePage(story.id, { object_id: objectId }),
      );
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)).toEqual([messages.imageFileRequired]);
    }
    const long = await call(
      'POST',
      'stamp/stories/page/create',
      stamp,
      imagePage(story.id, { metadata: { duration: 16 } }),
    );
    expect(long.statusCode).toBe(422);
  });

  it('keeps video pages to create_new_video_page', async () => {
    const story = await createStory();
    const response = await call('POST', 'stamp/stories/page/create', stamp, videoPage(story.id));
    expect(response.statusCode).toBe(403);
  });

  it('creates a video page with its server-defined fields, default duration 6', async () => {
    const story = await createStory('Video story', video);
    const page = await addPage(videoPage(story.id), video);
    expect(page).toMatchObject({
      object_type: 'video',
      title: 'The winning run',
      poster,
      duration: 6,
      metadata: { ...videoFields, apv_pitcher_full_name: '', duration: 6 },
    });
    expect(page.video_url).toMatch(/^\/media\/uploads\/.+\.mp4$/);
  });

  it('checks the video page form: file, mandatory fields, lengths, choices, poster URL', async () => {
    const story = await createStory('Video rules', video);
    const refused = async (extra: Record<string, unknown>, message: string) => {
      const response = await call('POST', 'stamp/stories/page/create', video, videoPage(story.id, extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(errorsOf(response)).toEqual([message]);
    };
    await refused({ object_id: null }, messages.videoFileRequired);
    await refused({ object_id: imageId }, messages.videoFileRequired);
    await refused(
      { metadata: { apv_story_inning: '3' } },
      mandatoryFieldsNotFilled(['Title', 'Team playing']),
    );
    await refused({ metadata: { ...videoFields, title: '   ' } }, mandatoryFieldsNotFilled(['Title']));
    await refused(
      { metadata: { ...videoFields, apv_story_inning: '123' } },
      'Inning must be at most 2 characters.',
    );
    await refused(
      { metadata: { ...videoFields, home_or_away_team_playing: 'both' } },
      'Team playing is not one of the offered choices.',
    );
    await refused({ poster: 'ftp://img.example/p.jpg' }, messages.posterUrlInvalid);
    await refused({ poster: 'https://img.example/p.bmp' }, messages.posterUrlFormat);
    await refused({ poster: `${images.origin}/missing.png` }, messages.posterUrlUnreachable);
    await refused({ poster: `${images.origin}/page.png` }, messages.posterUrlUnreachable);
  });
});

describe("posters on the console's own media store", () => {
  it('checks them on disk, never fetching (port 80 of localhost is not allow-listed)', async () => {
    const folder = path.join(t.ctx.config.mediaDir, 'uploads', 'own');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'poster.png'), PNG_1X1);
    await writeFile(path.join(folder, 'text.png'), 'not an image');
    const story = await createStory('Own poster', video);
    const own = 'http://localhost:80/media/uploads/own/poster.png';
    const page = await addPage(videoPage(story.id, { poster: own }), video);
    expect(page.poster).toBe(own);
    for (const bad of ['text.png', 'missing.png', '..%2F..%2Fetc%2Fpasswd.png']) {
      const response = await call(
        'POST',
        'stamp/stories/page/create',
        video,
        videoPage(story.id, { poster: `http://localhost:80/media/uploads/own/${bad}` }),
      );
      expect(response.statusCode, bad).toBe(422);
      expect(errorsOf(response)).toEqual([messages.posterUrlUnreachable]);
    }
  });
});

describe('publish, previews and the public link', () => {
  it('publishes: html and the story with its new updated_at, link and thumbnail; pages in the given order', async () => {
    const story = await createStory('Derby day');
    const first = await addPage(imagePage(story.id, { title: 'First' }));
    const second = await addPage(imagePage(story.id, { title: 'Second' }));
    const loaded = await getStory(story.id);
    const response = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: story.id, updated_at: loaded.updated_at, title: 'Derby day, final' },
      pages: [second, first],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { html: string; story: Story };
    expect(data.html).toContain('<amp-story standalone title="Derby day, final"');
    expect(data.html.indexOf('Second')).toBeLessThan(data.html.indexOf('First'));
    expect(data.story).toMatchObject({ state: 'published', title: 'Derby day, final' });
    expect(data.story.updated_at).toBeGreaterThan(loaded.updated_at);
    expect(data.story.link).toBe(`http://localhost:80/stories/${story.id}.html`);
    expect(data.story.thumbnail).toMatch(/^http:\/\/localhost:80\/media\/uploads\//);
    expect(data.story.pages.map((p) => p.id)).toEqual([second.id, first.id]);
    const [audit] = (await auditsOf('story', story.id)).filter((a) => a.actionName === 'publish');
    expect(audit?.payload).toMatchObject({ after: { state: 'published', pages: [second.id, first.id] } });

    const page = await t.app.inject({ method: 'GET', url: `/stories/${story.id}.html` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(data.html);
    expect(page.headers['content-security-policy']).toContain('script-src https://cdn.ampproject.org');
  });

  it("answers 409 when the story changed since the client loaded it ('newer version')", async () => {
    const story = await createStory();
    await addPage(imagePage(story.id));
    const stale = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: story.id, updated_at: story.updated_at },
      pages: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)[0]).toMatch(/newer version/);
    expect((await getStory(story.id)).state).toBe('draft');
  });

  it('refuses to publish a story without pages or with a page of another story', async () => {
    const story = await createStory();
    const empty = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: story.id, updated_at: story.updated_at },
      pages: [],
    });
    expect(empty.statusCode).toBe(422);
    const other = await createStory();
    const page = await addPage(imagePage(other.id));
    const loaded = await getStory(story.id);
    const foreign = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: story.id, updated_at: loaded.updated_at },
      pages: [{ id: page.id }],
    });
    expect(foreign.statusCode).toBe(422);
    const own = await addPage(imagePage(story.id));
    const twice = await call('POST', 'stamp/stories/save', stamp, {
      story: { id: story.id, updated_at: (await getStory(story.id)).updated_at },
      pages: [{ id: own.id }, { id: own.id }],
    });
    expect(twice.statusCode).toBe(422);
  });

  it('keeps drafts off the public link', async () => {
    const story = await createStory();
    expect((await t.app.inject({ method: 'GET', url: `/stories/${story.id}.html` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/stories/999999.html' })).statusCode).toBe(404);
  });

  it('previews a draft with an unsaved page, storing nothing', async () => {
    const story = await createStory('Preview me', video);
    const response = await call('POST', 'stamp/stories/preview', video, {
      story: { id: story.id, title: 'Preview title' },
      pages: [
        {
          index: 1,
          object_type: 'video',
          object_id: videoId,
          poster: 'https://img.example/p.jpg',
          metadata: videoFields,
        },
        { index: 0, object_type: 'image', object_id: imageId, title: 'Unsaved cover' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const html = response.json().data.html as string;
    expect(html).toContain('title="Preview title"');
    expect(html.indexOf('Unsaved cover')).toBeLessThan(html.indexOf('The winning run'));
    expect(html).toContain('<amp-video');
    expect((await getStory(story.id)).pages).toEqual([]);
  });

  it('refuses a video page in a preview from a user without the video role', async () => {
    const story = await createStory();
    const response = await call('POST', 'stamp/stories/preview', stamp, {
      story: { id: story.id },
      pages: [{ object_type: 'video', object_id: videoId }],
    });
    expect(response.statusCode).toBe(403);
  });

  it('previews the stored story by id', async () => {
    const story = await createStory('Stored preview');
    await addPage(imagePage(story.id, { title: 'Stored page' }));
    const response = await call('GET', `stamp/stories/preview/${story.id}`, stamp);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.html).toContain('Stored page');
  });

  it('answers a mock story: the story, with a cover page while it has none', async () => {
    const story = await createStory('Mock');
    const mock = (await call('GET', `stamp/mock_story/${story.id}`, stamp)).json().data as Story;
    expect(mock.pages).toHaveLength(1);
    expect(mock.pages[0]).toMatchObject({ object_type: 'cover', title: 'Mock' });
    const page = await addPage(imagePage(story.id));
    const withPages = (await call('GET', `stamp/mock_story/${story.id}`, stamp)).json().data as Story;
    expect(withPages.pages.map((p) => p.id)).toEqual([page.id]);
  });
});
