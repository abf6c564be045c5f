// Top Videos packages: list, one package, create, update, status changes and categories, with every
// server-side rule, the audit trail, the updated_at check and publisher scoping.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { Package, PackageStatus } from '@hc/shared/api/packages';
import { PACKAGE_STATUSES } from '@hc/shared/constants';
import { embedNameInUse, messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  buildHighlight,
  buildHighlights,
  buildPackage,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';

let t: TestApp;
let publisherId: number;
let otherPublisherId: number;
let editor: Record<string, string>;
let viewer: Record<string, string>;
let syndicator: Record<string, string>;
let admin: Record<string, string>;
let otherEditor: Record<string, string>;
/** Six sports highlights, two news highlights of the publisher; three of the other publisher. */
let sports: number[];
let news: number[];
let foreign: number[];

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, h: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/editor/${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

// Names are unique per publisher: every payload gets its own unless the test names it.
let written = 0;
const write = (ids: number[], extra: Record<string, unknown> = {}) => ({
  name: `Match of the day ${++written}`,
  highlights: ids.map((id) => ({ id, title: `Clip ${id}` })),
  ...extra,
});

const create = async (ids: number[], extra: Record<string, unknown> = {}) => {
  const response = await call('POST', 'packages', editor, write(ids, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Package;
};

const auditsOf = (objectId: string) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.objectType, 'package'), eq(schema.auditLog.objectId, objectId)))
    .orderBy(schema.auditLog.id);

const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  editor = await session({ publisherId, roles: ['editorial_manager'] });
  viewer = await session({ publisherId });
  syndicator = await session({ publisherId, roles: ['syndication_publisher'] });
  admin = await session({ publisherId, isAdmin: true });
  otherEditor = await session({ publisherId: otherPublisherId, roles: ['editorial_manager'] });

  sports = (
    await buildHighlights(t.ctx.db, publisherId, 6, { category: 'sports', durationSeconds: 6.5 })
  ).map((h) => h.id);
  news = (await buildHighlights(t.ctx.db, publisherId, 2, { category: 'news' })).map((h) => h.id);
  foreign = (await buildHighlights(t.ctx.db, otherPublisherId, 3, { category: 'sports' })).map((h) => h.id);
});
afterAll(() => t.close());

describe('POST packages', () => {
  it('creates a user package with the spec defaults, trimmed name and titles, inferred category and an audit row', async () => {
    const response = await call('POST', 'packages', editor, {
      name: '  Weekend goals  ',
      alias: 'weekend-goals',
      highlights: sports.slice(0, 3).map((id, i) => ({ id, title: ` Goal ${i} ` })),
      sequence: 'ignored on creation',
      category: 'client-sent categories are ignored',
    });
    expect(response.statusCode, response.body).toBe(201);
    const pkg = response.json().data as Package;
    expect(pkg.embed_id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(pkg).toMatchObject({
      name: 'Weekend goals',
      alias: 'weekend-goals',
      package_type: 'user',
      status: 'Active',
      category: 'sports',
      sequence: '',
      max_ads: 100,
      tvInvalidHlts: [],
      num_videos: 3,
      duration: 19.5,
      package_clicks: 0,
    });
    expect(pkg.highlights.map((h) => [h.id, h.title])).toEqual(
      sports.slice(0, 3).map((id, i) => [id, `Goal ${i}`]),
    );
    expect(pkg.highlights[0]).toMatchObject({
      original_title: `Highlight ${sports[0]}`,
      video_url: '/media/test/clip',
      thumbnail: '/media/test/clip.jpg',
      duration: 6.5,
      category: 'sports',
    });
    expect(pkg.created_at).toBe(pkg.updated_at);

    const audits = await auditsOf(pkg.embed_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actionName: 'create', publisherId });
    expect(audits[0]!.payload).toMatchObject({
      after: { name: 'Weekend goals', highlights: sports.slice(0, 3) },
    });
  });

  it('sets no category when the highlights do not all share one', async () => {
    expect((await create([sports[0]!, sports[1]!, news[0]!])).category).toBeNull();
    expect((await create(news.concat(sports[0]!))).category).toBeNull();
  });

  it('saves a Draft when asked to, and refuses other statuses for a new package', async () => {
    expect((await create(sports.slice(0, 3), { status: 'Draft' })).status).toBe('Draft');
    for (const status of ['Archive', 'Rejected']) {
      const response = await call('POST', 'packages', editor, write(sports.slice(0, 3), { status }));
      expect(response.statusCode, status).toBe(400);
    }
  });

  it('refuses a missing or blank name with the catalogue message', async () => {
    const missing = await call('POST', 'packages', editor, {
      highlights: write(sports.slice(0, 3)).highlights,
    });
    expect(missing.statusCode).toBe(400);
    for (const name of ['', '   ']) {
      const response = await call('POST', 'packages', editor, write(sports.slice(0, 3), { name }));
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual([messages.packageNameInvalid]);
    }
  });

  it('needs 3 to 5 highlights, each once', async () => {
    const two = await call('POST', 'packages', editor, write(sports.slice(0, 2)));
    expect(two.statusCode).toBe(400);
    expect(errorsOf(two)).toEqual([messages.packageTooFewVideos]);
    const six = await call('POST', 'packages', editor, write(sports.slice(0, 6)));
    expect(six.statusCode).toBe(400);
    expect(errorsOf(six)).toEqual([messages.packageTooManyVideos]);
    const none = await call('POST', 'packages', editor, write([]));
    expect(errorsOf(none)).toEqual([messages.packageTooFewVideos]);
    const twice = await call('POST', 'packages', editor, write([sports[0]!, sports[0]!, sports[1]!]));
    expect(twice.statusCode).toBe(400);
    expect((await create(sports.slice(0, 5))).num_videos).toBe(5);
  });

  it('refuses wrong types and huge strings', async () => {
    const bodies = [
      { ...write(sports.slice(0, 3)), name: 5 },
      { ...write(sports.slice(0, 3)), highlights: 'all of them' },
      {
        ...write(sports.slice(0, 3)),
        highlights: [{ id: 'abc', title: 'x' }, ...write(sports.slice(1, 3)).highlights],
      },
      {
        ...write(sports.slice(0, 3)),
        highlights: [{ id: -1, title: 'x' }, ...write(sports.slice(1, 3)).highlights],
      },
      { ...write(sports.slice(0, 3)), name: 'n'.repeat(10_000) },
      { ...write(sports.slice(0, 3)), alias: 'a'.repeat(1000) },
      {
        ...write(sports.slice(0, 3)),
        highlights: [{ id: sports[0], title: 't'.repeat(10_000) }, ...write(sports.slice(1, 3)).highlights],
      },
      {
        ...write(sports.slice(0, 3)),
        highlights: [{ id: sports[0], title: '  ' }, ...write(sports.slice(1, 3)).highlights],
      },
      { ...write(sports.slice(0, 3)), package_type: 'robot' },
      { ...write(sports.slice(0, 3)), tvInvalidHlts: 'x' },
    ];
    for (const body of bodies) {
      const response = await call('POST', 'packages', editor, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/packages',
      headers: { ...editor, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses aliases that break the rule with "Invalid Embed Name"', async () => {
    for (const alias of ['1abc', '-abc', 'abc-', 'abc_', 'ab c', 'abc!', 'é-abc', 'a'.repeat(31)]) {
      const response = await call('POST', 'packages', editor, write(sports.slice(0, 3), { alias }));
      expect(response.statusCode, alias).toBe(400);
      if (alias.length <= 30) expect(errorsOf(response), alias).toEqual([messages.invalidEmbedName]);
    }
    expect((await create(sports.slice(0, 3), { alias: 'a' })).alias).toBe('a');
    expect((await create(sports.slice(0, 3), { alias: `A${'b_-9'.repeat(7)}z` })).alias).toHaveLength(30);
    expect((await create(sports.slice(0, 3), { alias: '   ' })).alias).toBeNull();
  });

  it('keeps embed names unique per publisher (409 with the catalogue message)', async () => {
    await create(sports.slice(0, 3), { alias: 'only-once' });
    const again = await call('POST', 'packages', editor, write(sports.slice(1, 4), { alias: 'only-once' }));
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([embedNameInUse('only-once')]);
    // Another publisher may use the same embed name.
    const elsewhere = await call('POST', 'packages', otherEditor, write(foreign, { alias: 'only-once' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("refuses another publisher's or unknown highlights with a 404 and creates nothing", async () => {
    const before = (await t.ctx.db.select().from(schema.packages)).length;
    for (const ids of [
      [sports[0]!, sports[1]!, foreign[0]!],
      [sports[0]!, sports[1]!, 999_999_999],
    ]) {
      const response = await call('POST', 'packages', editor, write(ids));
      expect(response.statusCode).toBe(404);
      expect(errorsOf(response)).toEqual([messages.notFound]);
    }
    expect((await t.ctx.db.select().from(schema.packages)).length).toBe(before);
  });

  it('refuses auto packages (only the system makes them)', async () => {
    const response = await call(
      'POST',
      'packages',
      editor,
      write(sports.slice(0, 3), { package_type: 'auto' }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses highlights no longer valid for Top Videos', async () => {
    const invalid = await buildHighlight(t.ctx.db, publisherId, { tvValid: false });
    const response = await call('POST', 'packages', editor, write([sports[0]!, sports[1]!, invalid.id]));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]).toContain(String(invalid.id));
  });
});

describe('GET packages', () => {
  let listPublisher: number;
  let h: Headers;
  const list = async (query: string) => {
    const response = await call('GET', `packages?${query}`, h);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { packages: Package[]; count: number };
  };

  beforeAll(async () => {
    listPublisher = (await buildPublisher(t.ctx.db)).id;
    const user = await buildUser(t.ctx.db, { publisherId: listPublisher, roles: ['editorial_manager'] });
    h = authOf(await login(t.app, user.email, user.password));
    const ids = (await buildHighlights(t.ctx.db, listPublisher, 3)).map((x) => x.id);
    const day = 86_400_000;
    const plans: [string, string | null, 'auto' | 'user', PackageStatus, number][] = [
      ['Top News Today', null, 'auto', 'Active', 100],
      ['Sports Daily', 'sports-daily', 'auto', 'Draft', 50],
      ['Election Special', 'election-special', 'user', 'Active', 700],
      ['Weekend Fun', 'weekend-fun', 'user', 'Active', 20],
      ['Old Archived Reel', 'old-reel', 'user', 'Archive', 5],
      ['Rejected Suggestion', null, 'user', 'Rejected', 1],
    ];
    for (const [i, [name, alias, packageType, status, clicks]] of plans.entries()) {
      await buildPackage(t.ctx.db, listPublisher, {
        highlightIds: ids,
        name,
        alias,
        packageType,
        status,
        packageClicks: clicks,
        updatedAt: new Date(Date.now() - i * day),
        createdAt: new Date(Date.now() - (10 - i) * day),
      });
    }
  });

  it('lists Active and Draft packages of the caller publisher only, newest update first, with highlights', async () => {
    const data = await list('');
    expect(data.count).toBe(4);
    expect(data.packages.map((p) => p.name)).toEqual([
      'Top News Today',
      'Sports Daily',
      'Election Special',
      'Weekend Fun',
    ]);
    for (const p of data.packages) {
      expect(p.num_videos).toBe(3);
      expect(p.highlights).toHaveLength(3);
      expect(p.duration).toBe(18);
    }
  });

  it('filters by type', async () => {
    expect((await list('type=auto')).packages.map((p) => p.name)).toEqual(['Top News Today', 'Sports Daily']);
    expect((await list('type=user')).count).toBe(2);
    expect((await list('type=all')).count).toBe(4);
  });

  it('filters by words of the name or embed name, as prefixes, and by embed id', async () => {
    expect((await list('q=elect')).packages.map((p) => p.name)).toEqual(['Election Special']);
    expect((await list('q=WEEKEND%20fu')).packages.map((p) => p.name)).toEqual(['Weekend Fun']);
    expect((await list('q=sports-dai')).packages.map((p) => p.name)).toEqual(['Sports Daily']);
    expect((await list('q=archived')).count).toBe(0);
    expect((await list('q=%27%3A*%26%7C!(')).count).toBe(0);
    const [one] = (await list('q=top')).packages;
    expect((await list(`q=${one!.embed_id}`)).packages.map((p) => p.embed_id)).toEqual([one!.embed_id]);
  });

  it('sorts on the server by every column in both directions, and pages', async () => {
    expect((await list('order_by=name_asc')).packages.map((p) => p.name)).toEqual([
      'Election Special',
      'Sports Daily',
      'Top News Today',
      'Weekend Fun',
    ]);
    expect((await list('order_by=package_clicks_desc')).packages.map((p) => p.package_clicks)).toEqual([
      700, 100, 50, 20,
    ]);
    expect((await list('order_by=created_at_asc')).packages.map((p) => p.name)).toEqual([
      'Top News Today',
      'Sports Daily',
      'Election Special',
      'Weekend Fun',
    ]);
    expect((await list('order_by=updated_at_asc')).packages.map((p) => p.name)[0]).toBe('Weekend Fun');
    const page1 = await list('per=3&page=1&order_by=name_desc');
    const page2 = await list('per=3&page=2&order_by=name_desc');
    expect(page1.packages).toHaveLength(3);
    expect(page2.packages.map((p) => p.name)).toEqual(['Election Special']);
    expect(page2.count).toBe(4);
  });

  it('sorts and pages the matches of a search as it sorts the whole list', async () => {
    const matched = new Set((await list('q=s')).packages.map((p) => p.embed_id));
    expect(matched.size).toBeGreaterThan(1);
    for (const order of ['package_clicks_desc', 'package_clicks_asc', 'name_asc', 'created_at_desc']) {
      const whole = (await list(`order_by=${order}`)).packages.filter((p) => matched.has(p.embed_id));
      const searched = await list(`q=s&order_by=${order}`);
      expect(searched.packages.map((p) => p.embed_id)).toEqual(whole.map((p) => p.embed_id));
      const second = await list(`q=s&order_by=${order}&per=1&page=2`);
      expect(second.packages.map((p) => p.embed_id)).toEqual([whole[1]!.embed_id]);
      expect(second.count).toBe(matched.size);
    }
  });

  it('refuses bad list parameters', async () => {
    for (const query of [
      'type=robot',
      'order_by=alias_asc',
      'order_by=name',
      'per=1000',
      'page=0',
      `q=${'x'.repeat(500)}`,
    ]) {
      expect((await call('GET', `packages?${query}`, h)).statusCode, query).toBe(400);
    }
  });
});

describe('GET packages/{id}', () => {
  it('returns the caller publisher package and 404 for another publisher or an unknown id', async () => {
    const pkg = await create(sports.slice(0, 3));
    const response = await call('GET', `packages/${pkg.embed_id}`, editor);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(pkg);
    expect((await call('GET', `packages/${pkg.embed_id}`, otherEditor)).statusCode).toBe(404);
    expect((await call('GET', 'packages/nope1234', editor)).statusCode).toBe(404);
    expect((await call('GET', `packages/${'x'.repeat(10)}`, editor)).statusCode).toBe(400);
  });

  it('fetches a draft with status=Draft and publisherId: the caller own, or any for an admin', async () => {
    const draft = await buildPackage(t.ctx.db, otherPublisherId, { highlightIds: foreign, status: 'Draft' });
    const url = `packages/${draft.embedId}?status=Draft&publisherId=${otherPublisherId}`;
    expect((await call('GET', url, admin)).json().data.status).toBe('Draft');
    expect((await call('GET', url, otherEditor)).statusCode).toBe(200);
    expect((await call('GET', url, editor)).statusCode).toBe(404);
    expect(
      (await call('GET', `packages/${draft.embedId}?status=Active&publisherId=${otherPublisherId}`, admin))
        .statusCode,
    ).toBe(404);
    // Without publisherId the admin acts for the session's publisher, where the draft is not.
    expect((await call('GET', `packages/${draft.embedId}?status=Draft`, admin)).statusCode).toBe(404);
  });
});

describe('PUT packages/{id} (full payload)', () => {
  it('updates name, order, titles and highlights, re-infers the category, bumps updated_at and records before/after', async () => {
    const pkg = await create(sports.slice(0, 3), { alias: 'reorder-me' });
    const ids = [sports[2]!, news[0]!, sports[0]!, sports[3]!];
    const response = await call('PUT', `packages/${pkg.embed_id}`, editor, {
      name: ' Renamed ',
      alias: 'reorder-me',
      highlights: ids.map((id) => ({ id, title: `New ${id}` })),
      sequence: '2,0,1',
      updated_at: pkg.updated_at,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data as Package;
    expect(updated).toMatchObject({
      name: 'Renamed',
      alias: 'reorder-me',
      category: null,
      sequence: '2,0,1',
    });
    expect(updated.highlights.map((h) => [h.id, h.title])).toEqual(ids.map((id) => [id, `New ${id}`]));
    expect(updated.updated_at).toBeGreaterThan(pkg.updated_at);

    const audits = await auditsOf(pkg.embed_id);
    expect(audits.map((a) => a.actionName)).toEqual(['create', 'update']);
    expect(audits[1]!.payload).toMatchObject({
      before: { name: pkg.name, highlights: sports.slice(0, 3), category: 'sports' },
      after: { name: 'Renamed', highlights: ids, category: null },
    });
  });

  it('keeps the embed name: a different alias is a 400 with a clear message', async () => {
    const pkg = await create(sports.slice(0, 3), { alias: 'fixed-name' });
    for (const alias of ['other-name', null]) {
      const response = await call(
        'PUT',
        `packages/${pkg.embed_id}`,
        editor,
        write(sports.slice(0, 3), { alias }),
      );
      expect(response.statusCode, String(alias)).toBe(400);
      expect(errorsOf(response)[0]).toMatch(/embed name cannot be changed/i);
    }
    const omitted = await call('PUT', `packages/${pkg.embed_id}`, editor, write(sports.slice(0, 3)));
    expect(omitted.statusCode).toBe(200);
    expect(omitted.json().data.alias).toBe('fixed-name');
  });

  it('applies the same rules as creation', async () => {
    const pkg = await create(sports.slice(0, 3));
    const cases: [unknown, number, string?][] = [
      [write(sports.slice(0, 3), { name: ' ' }), 400, messages.packageNameInvalid],
      [write(sports.slice(0, 2)), 400, messages.packageTooFewVideos],
      [write(sports.slice(0, 6)), 400, messages.packageTooManyVideos],
      [write([sports[0]!, sports[1]!, foreign[0]!]), 404, messages.notFound],
      [{ name: 'only a name' }, 400],
      [{ status: 'Active', name: 'x' }, 400],
      [{ status: 'Paused' }, 400],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('PUT', `packages/${pkg.embed_id}`, editor, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(errorsOf(response)).toEqual([message]);
    }
  });

  it('refuses a save over a newer version with 409, even within the same second', async () => {
    const pkg = await create(sports.slice(0, 3));
    const first = await call(
      'PUT',
      `packages/${pkg.embed_id}`,
      editor,
      write(sports.slice(0, 4), { updated_at: pkg.updated_at }),
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      `packages/${pkg.embed_id}`,
      editor,
      write(sports.slice(1, 4), { updated_at: pkg.updated_at }),
    );
    expect(second.statusCode).toBe(409);
    expect(errorsOf(second)).toEqual([messages.packageStale]);
    const status = await call('PUT', `packages/${pkg.embed_id}`, editor, {
      status: 'Draft',
      updated_at: pkg.updated_at,
    });
    expect(status.statusCode).toBe(409);
    expect(errorsOf(status)).toEqual([messages.packageStale]);
    // Nothing of the refused saves was written.
    const current = (await call('GET', `packages/${pkg.embed_id}`, editor)).json().data as Package;
    expect(current.highlights.map((h) => h.id)).toEqual(sports.slice(0, 4));
    expect(current.status).toBe('Active');
    const fresh = await call(
      'PUT',
      `packages/${pkg.embed_id}`,
      editor,
      write(sports.slice(1, 4), { updated_at: current.updated_at }),
    );
    expect(fresh.statusCode).toBe(200);
  });

  it("404s for another publisher's package and changes nothing there", async () => {
    const theirs = await buildPackage(t.ctx.db, otherPublisherId, { highlightIds: foreign, name: 'Theirs' });
    const response = await call('PUT', `packages/${theirs.embedId}`, editor, write(sports.slice(0, 3)));
    expect(response.statusCode).toBe(404);
    expect((await call('PUT', `packages/${theirs.embedId}`, editor, { status: 'Archive' })).statusCode).toBe(
      404,
    );
    const [row] = await t.ctx.db
      .select()
      .from(schema.packages)
      .where(eq(schema.packages.embedId, theirs.embedId));
    expect(row).toMatchObject({ name: 'Theirs', status: 'Active' });
  });

  it('publishes a suggestion: a Draft saved with status Active; an admin may do it for another publisher', async () => {
    const draft = await create(sports.slice(0, 3), { status: 'Draft' });
    const response = await call(
      'PUT',
      `packages/${draft.embed_id}`,
      editor,
      write(sports.slice(0, 3), { status: 'Active' }),
    );
    expect(response.json().data.status).toBe('Active');

    const theirs = await buildPackage(t.ctx.db, otherPublisherId, { highlightIds: foreign, status: 'Draft' });
    const url = `packages/${theirs.embedId}?publisherId=${otherPublisherId}`;
    const body = {
      name: 'Suggested',
      highlights: foreign.map((id) => ({ id, title: 'x' })),
      status: 'Active',
    };
    expect((await call('PUT', url, editor, body)).statusCode).toBe(404);
    const published = await call('PUT', url, admin, body);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'Active', name: 'Suggested' });
  });

  it('refuses full saves of archived or rejected packages', async () => {
    for (const status of ['Archive', 'Rejected'] as const) {
      const pkg = await buildPackage(t.ctx.db, publisherId, { highlightIds: sports.slice(0, 3), status });
      const response = await call('PUT', `packages/${pkg.embedId}`, editor, write(sports.slice(0, 3)));
      expect(response.statusCode, status).toBe(409);
    }
  });
});

describe('auto packages: removed highlights (tvInvalidHlts)', () => {
  it('keeps the confirmed removed ids and makes those highlights invalid for Top Videos', async () => {
    const [a, b, c, d, e] = (await buildHighlights(t.ctx.db, publisherId, 5, { category: 'weather' })).map(
      (x) => x.id,
    ) as [number, number, number, number, number];
    const auto = await buildPackage(t.ctx.db, publisherId, {
      highlightIds: [a, b, c, d],
      packageType: 'auto',
    });
    // d removed and confirmed; e listed but never in the package; a listed but kept: only d counts.
    const response = await call('PUT', `packages/${auto.embedId}`, editor, {
      ...write([a, b, c]),
      package_type: 'auto',
      tvInvalidHlts: [d, e, a],
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Package;
    expect(data.package_type).toBe('auto');
    expect(data.tvInvalidHlts).toEqual([d]);
    const valid = async (id: number) =>
      (await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, id)))[0]!.tvValid;
    expect(await valid(d)).toBe(false);
    expect(await valid(e)).toBe(true);
    expect(await valid(a)).toBe(true);
    expect((await auditsOf(auto.embedId))[0]!.payload).toMatchObject({ tv_invalidated: [d] });

    // The list only grows, and a removed highlight cannot come back.
    const again = await call(
      'PUT',
      `packages/${auto.embedId}`,
      editor,
      write([a, b, c], { tvInvalidHlts: [] }),
    );
    expect(again.json().data.tvInvalidHlts).toEqual([d]);
    expect((await call('PUT', `packages/${auto.embedId}`, editor, write([a, b, c, d]))).statusCode).toBe(400);
  });

  it("removed without the confirmation (the dialog's No), a highlight stays valid", async () => {
    const ids = (await buildHighlights(t.ctx.db, publisherId, 4)).map((x) => x.id);
    const auto = await buildPackage(t.ctx.db, publisherId, { highlightIds: ids, packageType: 'auto' });
    const response = await call('PUT', `packages/${auto.embedId}`, editor, write(ids.slice(0, 3)));
    expect(response.json().data.tvInvalidHlts).toEqual([]);
    const [row] = await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, ids[3]!));
    expect(row!.tvValid).toBe(true);
  });

  it('ignores tvInvalidHlts on user packages', async () => {
    const pkg = await create(sports.slice(0, 4));
    const response = await call(
      'PUT',
      `packages/${pkg.embed_id}`,
      editor,
      write(sports.slice(0, 3), { tvInvalidHlts: [sports[3]] }),
    );
    expect(response.json().data.tvInvalidHlts).toEqual([]);
    const [row] = await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, sports[3]!));
    expect(row!.tvValid).toBe(true);
  });
});

describe('PUT packages/{id} (status only)', () => {
  const legal: Record<PackageStatus, PackageStatus[]> = {
    Draft: ['Active', 'Archive', 'Rejected'],
    Active: ['Draft', 'Archive'],
    Archive: [],
    Rejected: [],
  };
  const actions: Partial<Record<PackageStatus, string>> = { Archive: 'archive', Rejected: 'reject' };

  it('allows exactly the legal transitions, records each, and refuses the rest with 409', async () => {
    for (const from of PACKAGE_STATUSES) {
      for (const to of PACKAGE_STATUSES) {
        if (from === to) continue;
        const pkg = await buildPackage(t.ctx.db, publisherId, {
          highlightIds: sports.slice(0, 3),
          status: from,
        });
        const response = await call('PUT', `packages/${pkg.embedId}`, editor, { status: to });
        const audits = await auditsOf(pkg.embedId);
        if (legal[from].includes(to)) {
          expect(response.statusCode, `${from} -> ${to}`).toBe(200);
          expect(response.json().data.status).toBe(to);
          expect(audits.map((a) => a.actionName)).toEqual([actions[to] ?? 'status']);
          expect(audits[0]!.payload).toEqual({ before: { status: from }, after: { status: to } });
        } else {
          expect(response.statusCode, `${from} -> ${to}`).toBe(409);
          expect(errorsOf(response)).toEqual([`A package cannot go from ${from} to ${to}.`]);
          expect(audits).toHaveLength(0);
        }
      }
    }
  });

  it('treats the current status as no change', async () => {
    const pkg = await buildPackage(t.ctx.db, publisherId, {
      highlightIds: sports.slice(0, 3),
      status: 'Archive',
    });
    const response = await call('PUT', `packages/${pkg.embedId}`, editor, { status: 'Archive' });
    expect(response.statusCode).toBe(200);
    expect(await auditsOf(pkg.embedId)).toHaveLength(0);
  });

  it('takes an archived package out of the list', async () => {
    const pkg = await create(sports.slice(0, 3), { name: 'Soon archived zebra' });
    expect((await call('GET', 'packages?q=zebra', editor)).json().data.count).toBe(1);
    expect(
      (
        await call('PUT', `packages/${pkg.embed_id}`, editor, {
          status: 'Archive',
          updated_at: pkg.updated_at,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', 'packages?q=zebra', editor)).json().data.count).toBe(0);
  });
});

describe('roles', () => {
  it('needs editorial_manager (admin passes) for every packages call', async () => {
    const pkg = await create(sports.slice(0, 3));
    for (const h of [viewer, syndicator]) {
      const responses = await Promise.all([
        call('GET', 'packages', h),
        call('GET', `packages/${pkg.embed_id}`, h),
        call('POST', 'packages', h, write(sports.slice(0, 3))),
        call('POST', 'packages', h, { bad: 'input' }),
        call('PUT', `packages/${pkg.embed_id}`, h, { status: 'Archive' }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
      expect(errorsOf(responses[0]!)).toEqual([messages.forbidden]);
    }
    expect((await call('GET', 'packages', admin)).statusCode).toBe(200);
    expect((await call('POST', 'packages', admin, write(sports.slice(0, 3)))).statusCode).toBe(201);
    expect((await call('GET', 'packages', {})).statusCode).toBe(401);
  });
});

describe('GET categories', () => {
  it('lists the publisher categories table, or else the distinct categories of its highlights', async () => {
    await t.ctx.db.insert(schema.categories).values([
      { publisherId: otherPublisherId, name: 'tennis' },
      { publisherId: otherPublisherId, name: 'football' },
    ]);
    const table = await call('GET', 'categories', otherEditor);
    expect(table.statusCode).toBe(200);
    expect((table.json().data as { name: string }[]).map((c) => c.name)).toEqual(['football', 'tennis']);

    const fallback = await call('GET', 'categories', viewer);
    expect(fallback.statusCode).toBe(200);
    const names = (fallback.json().data as { id: number; name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['news', 'sports', 'weather']));
    expect(names).toEqual([...names].sort());
    expect((await call('GET', 'categories', {})).statusCode).toBe(401);
  });
});
