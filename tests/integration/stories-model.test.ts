// Two editors of one story, against the real server, driven by random command sequences (fast-check's
// model-based testing): page additions, renames (through the editor's own rename body), deletions and
// publishes, some of them sent at the same moment by both editors. After every step: the story has
// exactly the pages and titles of every acknowledged write (none lost), the public AMP story is the
// last successful publish, and has_unpublished_changes says whether anything was written since.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, StoryPage } from '@hc/shared/api/stories';
import { orderedPages, renameWrite } from '../../apps/web/src/features/stories/editor/storyEditorState.ts';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { startImageHost, startStoryTestApp, type ImageHost } from '../support/story-app.ts';
import { buildUploadedObject } from '../support/story-factories.ts';

type Headers = Record<string, string>;
let t: TestApp;
let images: ImageHost;
let poster: string;
let clients: [Headers, Headers];
let imageId: number;
let videoId: number;

interface Model {
  /** Page id → title, as every acknowledged write left it. */
  pages: Map<number, { title: string; index: number }>;
  /** The titles the last successful publish made public, in order; null before any. */
  published: string[] | null;
  /** A write was acknowledged since the last successful publish. */
  changed: boolean;
  nextIndex: number;
}
interface Real {
  storyId: number;
}

/** Titles are unique within a run, so which of two racing writes won is always visible. */
let counter = 0;
const uniqueTitle = (base: string) => `${base}${++counter}`;

const call = (h: Headers, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const getStory = async (h: Headers, id: number) => {
  const response = await call(h, 'GET', `stamp/stories/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Story }).data;
};
const titlesOf = (html: string) =>
  [...html.matchAll(/<h1 class="hc-title">([^<]*)<\/h1>/g)].map((m) => m[1] ?? '');
const modelTitlesInOrder = (m: Model) =>
  [...m.pages.values()].sort((a, b) => a.index - b.index).map((p) => p.title);
const pickPage = (m: Model, pick: number) => [...m.pages.keys()].sort((a, b) => a - b)[pick % m.pages.size]!;

/** Renames as the editor's 'Change title' dialog does: the page as read, with the new title. */
async function rename(h: Headers, storyId: number, pageId: number, title: string) {
  const story = await getStory(h, storyId);
  const page = story.pages.find((p) => p.id === pageId)!;
  return call(
    h,
    'POST',
    `stamp/stories/page/update/${pageId}`,
    renameWrite(page, title, story.form_fields, storyId),
  );
}

/** Publishes as the editor does: fetch the story, then save it with its pages in index order. */
async function publish(h: Headers, storyId: number) {
  const story = await getStory(h, storyId);
  return call(h, 'POST', 'stamp/stories/save', {
    story: { id: story.id, updated_at: story.updated_at },
    pages: orderedPages(story.pages).map((p) => ({ id: p.id })),
  });
}

/** What the story, its public link and its flag must be after every step. */
async function checkInvariants(m: Model, r: Real) {
  const story = await getStory(clients[0], r.storyId);
  expect(new Map(story.pages.map((p: StoryPage) => [p.id, p.title]))).toEqual(
    new Map([...m.pages].map(([id, p]) => [id, p.title])),
  );
  const response = await t.app.inject({ method: 'GET', url: `/stories/${r.storyId}.html` });
  if (m.published === null) {
    expect(response.statusCode).toBe(404);
  } else {
    expect(response.statusCode).toBe(200);
    expect(titlesOf(response.body)).toEqual(m.published);
  }
  expect(story.has_unpublished_changes).toBe(m.published !== null && m.changed);
}

class AddPage implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: 0 | 1,
    readonly kind: 'image' | 'video',
    readonly base: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const title = uniqueTitle(this.base);
    const index = m.nextIndex++;
    const body =
      this.kind === 'image'
        ? { story_id: r.storyId, index, object_type: 'image', object_id: imageId, title }
        : {
            story_id: r.storyId,
            index,
            object_type: 'video',
            object_id: videoId,
            poster,
            metadata: { title, home_or_away_team_playing: 'away' },
          };
    const response = await call(clients[this.client], 'POST', 'stamp/stories/page/create', body);
    expect(response.statusCode, response.body).toBe(201);
    m.pages.set((response.json() as { data: StoryPage }).data.id, { title, index });
    m.changed = true;
    await checkInvariants(m, r);
  }
  toString = () => `add(${this.client}, ${this.kind})`;
}

class Rename implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: 0 | 1,
    readonly pick: number,
    readonly base: string,
  ) {}
  check = (m: Readonly<Model>) => m.pages.size > 0;
  async run(m: Model, r: Real) {
    const id = pickPage(m, this.pick);
    const title = uniqueTitle(this.base);
    const response = await rename(clients[this.client], r.storyId, id, title);
    expect(response.statusCode, response.body).toBe(200);
    m.pages.get(id)!.title = title;
    m.changed = true;
    await checkInvariants(m, r);
  }
  toString = () => `rename(${this.client}, #${this.pick})`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly client: 0 | 1,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.pages.size > 0;
  async run(m: Model, r: Real) {
    const id = pickPage(m, this.pick);
    const response = await call(clients[this.client], 'POST', `stamp/stories/page/remove/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    m.pages.delete(id);
    m.changed = true;
    await checkInvariants(m, r);
  }
  toString = () => `delete(${this.client}, #${this.pick})`;
}

class Publish implements fc.AsyncCommand<Model, Real> {
  constructor(readonly client: 0 | 1) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const response = await publish(clients[this.client], r.storyId);
    if (m.pages.size === 0) {
      // An empty story cannot be published: the public story stays what it was.
      expect(response.statusCode).toBe(422);
    } else {
      expect(response.statusCode, response.body).toBe(200);
      m.published = modelTitlesInOrder(m);
      m.changed = false;
    }
    await checkInvariants(m, r);
  }
  toString = () => `publish(${this.client})`;
}

/** Both editors rename at the same moment; on one page, one of the two titles wins. */
class RacingRenames implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pickA: number,
    readonly pickB: number,
  ) {}
  check = (m: Readonly<Model>) => m.pages.size > 0;
  async run(m: Model, r: Real) {
    const [idA, idB] = [pickPage(m, this.pickA), pickPage(m, this.pickB)];
    const [titleA, titleB] = [uniqueTitle('RaceA'), uniqueTitle('RaceB')];
    const [a, b] = await Promise.all([
      rename(clients[0], r.storyId, idA, titleA),
      rename(clients[1], r.storyId, idB, titleB),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    if (idA !== idB) {
      m.pages.get(idA)!.title = titleA;
      m.pages.get(idB)!.title = titleB;
    } else {
      const stored = (await getStory(clients[0], r.storyId)).pages.find((p) => p.id === idA)!.title;
      expect([titleA, titleB]).toContain(stored);
      m.pages.get(idA)!.title = stored;
    }
    m.changed = true;
    await checkInvariants(m, r);
  }
  toString = () => `racingRenames(#${this.pickA}, #${this.pickB})`;
}

/**
 * One editor renames while the other publishes. The publish either went first (the rename is then an
 * unpublished change), saw the rename (it is public), or lost the race with a 409 (nothing public moved).
 */
class RenameWhilePublishing implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly renamer: 0 | 1,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.pages.size > 0;
  async run(m: Model, r: Real) {
    const id = pickPage(m, this.pick);
    const title = uniqueTitle('Racing');
    const before = modelTitlesInOrder(m);
    const [renamed, published] = await Promise.all([
      rename(clients[this.renamer], r.storyId, id, title),
      publish(clients[this.renamer === 0 ? 1 : 0], r.storyId),
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    m.pages.get(id)!.title = title;
    const after = modelTitlesInOrder(m);
    expect([200, 409], published.body).toContain(published.statusCode);
    if (published.statusCode === 200) {
      const html = await t.app.inject({ method: 'GET', url: `/stories/${r.storyId}.html` });
      const shown = titlesOf(html.body);
      expect([before, after]).toContainEqual(shown);
      m.published = shown;
      m.changed = shown.join('\n') !== after.join('\n');
    } else {
      m.changed = true;
    }
    await checkInvariants(m, r);
  }
  toString = () => `renameWhilePublishing(${this.renamer}, #${this.pick})`;
}

beforeAll(async () => {
  images = await startImageHost();
  poster = `${images.origin}/poster.png`;
  t = await startStoryTestApp({ posterCheck: { allowLoopbackPorts: [images.port], timeoutMs: 2000 } });
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async () => {
    const user = await buildUser(t.ctx.db, {
      publisherId,
      roles: ['stamp_manager', 'create_new_video_page'],
    });
    return authOf(await login(t.app, user.email, user.password));
  };
  clients = [await session(), await session()];
  imageId = (await buildUploadedObject(t.ctx.db, publisherId)).id;
  videoId = (await buildUploadedObject(t.ctx.db, publisherId, { kind: 'video' })).id;
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

describe('two editors interleaving page writes and publishes', () => {
  it('loses no acknowledged write, and the public story is always the last publish', async () => {
    const client = fc.constantFrom<0 | 1>(0, 1);
    const base = fc.constantFrom('Kick', 'Goal', 'Save', 'Run');
    const pick = fc.nat({ max: 20 });
    const commands = [
      fc
        .tuple(client, fc.constantFrom<'image' | 'video'>('image', 'video'), base)
        .map(([c, k, b]) => new AddPage(c, k, b)),
      fc.tuple(client, pick, base).map(([c, p, b]) => new Rename(c, p, b)),
      fc.tuple(client, pick).map(([c, p]) => new Delete(c, p)),
      client.map((c) => new Publish(c)),
      fc.tuple(pick, pick).map(([a, b]) => new RacingRenames(a, b)),
      fc.tuple(client, pick).map(([c, p]) => new RenameWhilePublishing(c, p)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        const created = await call(clients[0], 'POST', 'stamp/stories/create', { title: 'Model story' });
        expect(created.statusCode, created.body).toBe(201);
        const storyId = (created.json() as { data: Story }).data.id;
        await fc.asyncModelRun(
          () => ({
            model: { pages: new Map(), published: null, changed: false, nextIndex: 0 },
            real: { storyId },
          }),
          cmds,
        );
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
