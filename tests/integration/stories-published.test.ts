// What a published story shows, and renames that stick: every page kind is renamed through the body
// the editor's rename dialog sends and read back; the public AMP link shows the last publish only
// (edits, deletions and reorders wait for the next publish); the story GET and the list say
// has_unpublished_changes from the first change after a publish until the next publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryPage } from '@hc/shared/api/stories';
import { messages } from '@hc/shared/messages';
import { orderedPages, renameWrite } from '../../apps/web/src/features/stories/editor/storyEditorState.ts';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startImageHost, startStoryTestApp, type ImageHost } from '../support/story-app.ts';
import { buildStory, buildStoryPage, buildUploadedObject } from '../support/story-factories.ts';

type Headers = Record<string, string>;
let t: TestApp;
let images: ImageHost;
let poster: string;
let publisherId: number;
let h: Headers;
let imageId: number;
let videoId: number;

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;
const ok = <T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { data: T }).data;
};

const createStory = async (title: string) =>
  ok<Story>(await call('POST', 'stamp/stories/create', { title }), 201);
const getStory = async (id: number) => ok<Story>(await call('GET', `stamp/stories/${id}`));
const getPage = async (id: number) => ok<StoryPage>(await call('GET', `stamp/stories/page/${id}`));
const listed = async (id: number) => {
  const list = ok<{ stories: Story[] }>(await call('GET', 'stamp/stories?per=100'));
  return list.stories.find((s) => s.id === id);
};
const publicHtml = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/stories/${id}.html` });
  return { status: response.statusCode, body: response.body };
};
/** The page titles of an AMP document, in the order it plays them. */
const titlesOf = (html: string) =>
  [...html.matchAll(/<h1 class="hc-title">([^<]*)<\/h1>/g)].map((m) => m[1] ?? '');

const addImage = async (storyId: number, title: string, index = 0) =>
  ok<StoryPage>(
    await call('POST', 'stamp/stories/page/create', {
      story_id: storyId,
      index,
      object_type: 'image',
      object_id: imageId,
      title,
    }),
    201,
  );
const addVideo = async (storyId: number, title: string, index = 0) =>
  ok<StoryPage>(
    await call('POST', 'stamp/stories/page/create', {
      story_id: storyId,
      index,
      object_type: 'video',
      object_id: videoId,
      poster,
      metadata: { title, home_or_away_team_playing: 'home' },
    }),
    201,
  );
const publish = async (id: number) => {
  const story = await getStory(id);
  return ok<{ html: string; story: Story }>(
    await call('POST', 'stamp/stories/save', {
      story: { id, updated_at: story.updated_at },
      // In the order the editor sends them: by index.
      pages: orderedPages(story.pages).map((p) => ({ id: p.id })),
    }),
  );
};

beforeAll(async () => {
  images = await startImageHost();
  poster = `${images.origin}/poster.png`;
  t = await startStoryTestApp({ posterCheck: { allowLoopbackPorts: [images.port], timeoutMs: 2000 } });
  publisherId = (await buildPublisher(t.ctx.db, { name: 'Daily Planet' })).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  h = authOf(await login(t.app, user.email, user.password));
  imageId = (await buildUploadedObject(t.ctx.db, publisherId)).id;
  videoId = (await buildUploadedObject(t.ctx.db, publisherId, { kind: 'video' })).id;
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

describe('renaming a page keeps the new title, for every page kind', () => {
  /** Renames as the editor's 'Change title' dialog does, then reads the page and the story back. */
  const renameAsEditor = async (story: Story, page: StoryPage, title: string) => {
    const body = renameWrite(page, title, story.form_fields, story.id);
    const updated = ok<StoryPage>(await call('POST', `stamp/stories/page/update/${page.id}`, body));
    expect(updated.title).toBe(title);
    expect((await getPage(page.id)).title).toBe(title);
    expect((await getStory(story.id)).pages.find((p) => p.id === page.id)?.title).toBe(title);
  };

  it('renames an image page', async () => {
    const story = await createStory('Rename image');
    const page = await addImage(story.id, 'Before');
    await renameAsEditor(await getStory(story.id), page, 'After');
    expect((await getPage(page.id)).object_id).toBe(imageId);
  });

  it('renames a video page (its title is metadata.title), keeping its other fields', async () => {
    const story = await createStory('Rename video');
    const page = await addVideo(story.id, 'The winning run');
    await renameAsEditor(await getStory(story.id), page, 'The walk-off');
    const read = await getPage(page.id);
    expect(read.metadata).toMatchObject({ title: 'The walk-off', home_or_away_team_playing: 'home' });
    expect(read.object_id).toBe(videoId);
  });

  it('takes a top-level title on a video page, and refuses two different titles with a 422', async () => {
    const story = await createStory('Video title sources');
    const page = await addVideo(story.id, 'First');
    const base = {
      story_id: story.id,
      object_type: 'video',
      object_id: videoId,
      poster,
      metadata: { home_or_away_team_playing: 'home' },
    };
    ok(await call('POST', `stamp/stories/page/update/${page.id}`, { ...base, title: 'Top level' }));
    expect((await getPage(page.id)).title).toBe('Top level');
    expect((await getPage(page.id)).metadata.title).toBe('Top level');

    const both = await call('POST', `stamp/stories/page/update/${page.id}`, {
      ...base,
      title: 'One',
      metadata: { ...base.metadata, title: 'Another' },
    });
    expect(both.statusCode).toBe(422);
    expect(errorsOf(both)).toEqual([messages.storyVideoTitleMismatch]);
    expect((await getPage(page.id)).title).toBe('Top level');
  });

  it('renames a cover page, which stays a cover; a cover is never created nor made from another kind', async () => {
    const row = await buildStory(t.ctx.db, publisherId, { title: 'Rename cover' });
    const cover = await buildStoryPage(t.ctx.db, row.id, { objectType: 'cover', title: 'Cover title' });
    const image = await addImage(row.id, 'Inside');
    const story = await getStory(row.id);
    const stored = story.pages.find((p) => p.id === cover.id)!;
    await renameAsEditor(story, stored, 'New cover title');
    const read = await getPage(cover.id);
    expect(read).toMatchObject({ object_type: 'cover', image: stored.image });

    const create = await call('POST', 'stamp/stories/page/create', {
      story_id: row.id,
      object_type: 'cover',
      title: 'Made up',
    });
    expect(create.statusCode).toBe(422);
    expect(errorsOf(create)).toEqual([messages.storyCoverPageOnly]);
    const intoCover = await call('POST', `stamp/stories/page/update/${image.id}`, {
      story_id: row.id,
      object_type: 'cover',
      title: 'Not a cover',
    });
    expect(intoCover.statusCode).toBe(422);
    const outOfCover = await call('POST', `stamp/stories/page/update/${cover.id}`, {
      story_id: row.id,
      object_type: 'image',
      object_id: imageId,
      title: 'Not an image',
    });
    expect(outOfCover.statusCode).toBe(422);
    expect(await getPage(cover.id)).toMatchObject({ object_type: 'cover', title: 'New cover title' });
  });
});

describe('the public story is the last publish', () => {
  it('keeps edits, deletions, additions and reorders private until the next publish, and says so', async () => {
    const story = await createStory('Snapshot');
    const a = await addImage(story.id, 'A', 0);
    const b = await addImage(story.id, 'B', 1);
    await addVideo(story.id, 'V', 2);
    const first = await publish(story.id);
    expect(first.story).toMatchObject({ state: 'published', has_unpublished_changes: false });
    expect((await listed(story.id))?.has_unpublished_changes).toBe(false);
    const published = await publicHtml(story.id);
    expect(published.status).toBe(200);
    expect(titlesOf(published.body)).toEqual(['A', 'B', 'V']);

    // Rename A, move it last, delete B, add C.
    ok(
      await call('POST', `stamp/stories/page/update/${a.id}`, {
        story_id: story.id,
        index: 9,
        object_type: 'image',
        object_id: imageId,
        title: 'A renamed',
      }),
    );
    ok(await call('POST', `stamp/stories/page/remove/${b.id}`));
    await addImage(story.id, 'C', 5);

    expect(await publicHtml(story.id)).toEqual(published);
    const edited = await getStory(story.id);
    expect(edited).toMatchObject({ state: 'published', has_unpublished_changes: true });
    expect(await listed(story.id)).toMatchObject({ state: 'published', has_unpublished_changes: true });
    // The editor's own preview is the story as it now stands.
    const preview = ok<{ html: string }>(await call('GET', `stamp/stories/preview/${story.id}`));
    expect(titlesOf(preview.html).sort()).toEqual(['A renamed', 'C', 'V']);

    const second = await publish(story.id);
    expect(second.story.has_unpublished_changes).toBe(false);
    expect((await getStory(story.id)).has_unpublished_changes).toBe(false);
    expect((await listed(story.id))?.has_unpublished_changes).toBe(false);
    const republished = await publicHtml(story.id);
    expect(titlesOf(republished.body)).toEqual(['V', 'C', 'A renamed']);
    expect(republished.body).toBe(second.html);
  });

  it('counts an edit that restores the old value as a change until the next publish', async () => {
    const story = await createStory('Undo');
    const page = await addImage(story.id, 'Same');
    await publish(story.id);
    const write = (title: string) =>
      call('POST', `stamp/stories/page/update/${page.id}`, {
        story_id: story.id,
        object_type: 'image',
        object_id: imageId,
        title,
      });
    ok(await write('Different'));
    ok(await write('Same'));
    expect((await getStory(story.id)).has_unpublished_changes).toBe(true);
    await publish(story.id);
    expect((await getStory(story.id)).has_unpublished_changes).toBe(false);
  });

  it('never flags a draft, and a refused publish (stale version) changes nothing public', async () => {
    const story = await createStory('Draft');
    await addImage(story.id, 'Only');
    expect((await getStory(story.id)).has_unpublished_changes).toBe(false);
    await publish(story.id);
    const before = await publicHtml(story.id);
    const loaded = await getStory(story.id);
    await addImage(story.id, 'Later', 3);
    const stale = await call('POST', 'stamp/stories/save', {
      story: { id: story.id, updated_at: loaded.updated_at },
      pages: loaded.pages.map((p) => ({ id: p.id })),
    });
    expect(stale.statusCode).toBe(409);
    expect(await publicHtml(story.id)).toEqual(before);
    expect((await getStory(story.id)).has_unpublished_changes).toBe(true);
  });

  it('freezes a story published before snapshots existed at its first change', async () => {
    const image = await buildUploadedObject(t.ctx.db, publisherId);
    const row = await buildStory(t.ctx.db, publisherId, {
      title: 'Seeded published',
      state: 'published',
      link: 'https://stories.example/seeded',
      thumbnailPath: image.path,
    });
    const kept = await buildStoryPage(t.ctx.db, row.id, {
      title: 'Kept',
      objectId: image.id,
      image: image.path,
    });
    const dropped = await buildStoryPage(t.ctx.db, row.id, {
      title: 'Dropped',
      objectId: image.id,
      image: image.path,
    });
    expect((await getStory(row.id)).has_unpublished_changes).toBe(false);
    expect(titlesOf((await publicHtml(row.id)).body)).toEqual(['Kept', 'Dropped']);

    ok(await call('POST', `stamp/stories/page/remove/${dropped.id}`));
    expect(titlesOf((await publicHtml(row.id)).body)).toEqual(['Kept', 'Dropped']);
    expect((await getStory(row.id)).has_unpublished_changes).toBe(true);

    await publish(row.id);
    expect(titlesOf((await publicHtml(row.id)).body)).toEqual(['Kept']);
    expect((await getStory(row.id)).pages.map((p) => p.id)).toEqual([kept.id]);
    expect((await getStory(row.id)).has_unpublished_changes).toBe(false);
  });

  it('has no unpublish: a published story stays public, even with every page deleted, until a publish replaces it', async () => {
    const story = await createStory('Stays public');
    const page = await addImage(story.id, 'Only page');
    await publish(story.id);
    const before = await publicHtml(story.id);

    ok(await call('POST', `stamp/stories/page/remove/${page.id}`));
    expect(await getStory(story.id)).toMatchObject({
      state: 'published',
      has_unpublished_changes: true,
      pages: [],
    });
    expect(await publicHtml(story.id)).toEqual(before);
    // An empty story cannot be published, so the public story is still the last one published.
    const empty = await call('POST', 'stamp/stories/save', {
      story: { id: story.id, updated_at: (await getStory(story.id)).updated_at },
      pages: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(await publicHtml(story.id)).toEqual(before);
    expect((await call('POST', `stamp/stories/unpublish/${story.id}`)).statusCode).toBe(404);
  });
});
