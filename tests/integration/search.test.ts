// GET search (the quick search behind Ctrl+K): packages, stories, programs and vertical tasks of the
// caller's publisher only, each kind only for the roles that open its screen, by name words (prefixes)
// or id, ranked (an exact id first), at most `limit` of each; every input bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@hc/shared/api/search';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPackage, buildProgram, buildPublisher, buildUser } from '../support/factories.ts';
import { buildStory } from '../support/story-factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

let t: TestApp;
let admin: Record<string, string>;
let storiesOnly: Record<string, string>;
let viewer: Record<string, string>;
let outsider: Record<string, string>;
let storyId: number;
let programId: number;
let taskId: number;

/** GET search?q=`query` (URL-encoded by the caller; `&limit=` may follow). */
const search = async (query: string, headers = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/editor/search?q=${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as SearchResult[];
};

beforeAll(async () => {
  t = await startTestApp();
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const otherId = (await buildPublisher(t.ctx.db)).id;
  await buildPackage(t.ctx.db, publisherId, {
    highlightIds: [],
    name: 'Zephyr Cup Finals',
    embedId: 'zeph0001',
  });
  await buildPackage(t.ctx.db, otherId, { highlightIds: [], name: 'Zephyr Elsewhere' });
  storyId = (await buildStory(t.ctx.db, publisherId, { title: 'Zephyr Winter Story' })).id;
  programId = (await buildProgram(t.ctx.db, publisherId, { programName: 'Zephyr Live Show' })).id;
  taskId = (await buildVerticalTask(t.ctx.db, { publisherId, title: 'Zephyr vertical cut' })).videoId;
  const user = async (options: Parameters<typeof buildUser>[1]) => {
    const u = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, u.email, u.password));
  };
  admin = await user({ publisherId, isAdmin: true });
  storiesOnly = await user({ publisherId, roles: ['stamp_manager'] });
  viewer = await user({ publisherId, roles: [] });
  outsider = await user({ publisherId: otherId, roles: ['stamp_manager', 'editorial_manager'] });
});
afterAll(() => t?.close());

describe('quick search', () => {
  it('finds every kind by word prefixes, in the caller’s publisher only, with the path that opens it', async () => {
    const found = await search('zeph');
    expect(found.map((r) => [r.kind, r.title]).sort()).toEqual([
      ['package', 'Zephyr Cup Finals'],
      ['program', 'Zephyr Live Show'],
      ['story', 'Zephyr Winter Story'],
      ['vertical_task', 'Zephyr vertical cut'],
    ]);
    const byKind = Object.fromEntries(found.map((r) => [r.kind, r]));
    expect(byKind.package!.path).toMatch(/^\/packages\/editor\/zeph0001\/\d+$/);
    expect(byKind.story!.path).toBe(`/stamp/${storyId}`);
    expect(byKind.program!.path).toBe(`/highlights/live/stream/program/${programId}`);
    expect(byKind.vertical_task!.path).toMatch(/^\/highlights\/live\/vertical\/(review|view)$/);
    // Two words: both must start a word of the name.
    expect((await search('zeph%20cup')).map((r) => r.title)).toEqual(['Zephyr Cup Finals']);
    // Another publisher's package of the same words is not found.
    expect(found.some((r) => r.title === 'Zephyr Elsewhere')).toBe(false);
    expect((await search('zeph', outsider)).map((r) => r.title)).toEqual(['Zephyr Elsewhere']);
  });

  it('finds by id, an exact id ranked first', async () => {
    // Ids of different kinds may be equal (story 1, program 1): each is an exact match, ranked first.
    const byId = await search(String(storyId));
    expect(byId.find((r) => r.kind === 'story')).toMatchObject({ id: String(storyId) });
    expect(byId.filter((r) => r.score >= 10).map((r) => r.kind)).toContain('story');
    expect(byId[0]!.score).toBeGreaterThanOrEqual(10);
    expect((await search('zeph0001'))[0]).toMatchObject({ kind: 'package', id: 'zeph0001' });
    expect((await search(String(taskId))).some((r) => r.kind === 'vertical_task')).toBe(true);
  });

  it('searches only the kinds the caller’s roles open', async () => {
    expect(new Set((await search('zeph', storiesOnly)).map((r) => r.kind))).toEqual(
      new Set(['story', 'vertical_task']),
    );
    expect((await search('zeph', viewer)).map((r) => r.kind)).toEqual(['vertical_task']);
  });

  it('bounds every input and the result count', async () => {
    for (const query of ['', 'q=', `q=${'a'.repeat(101)}`, 'q=x&limit=0', 'q=x&limit=11', 'q=x&limit=a'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/editor/search?${query}`, headers: admin }))
          .statusCode,
        query,
      ).toBe(400);
    expect((await search('zeph&limit=1')).length).toBe(4);
    // Syntax of a text query is never passed through: these are only words.
    expect(await search('%27%7C%26!(:*')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/editor/search?q=zeph' })).statusCode).toBe(401);
  });
});
