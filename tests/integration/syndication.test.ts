// GET syndication: Active packages of the other publishers of the caller's group,
// read-only, for syndication_publisher (admin passes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { Package } from '@hc/shared/api/packages';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlights, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let syndicator: Record<string, string>;
let loner: Record<string, string>;
let editor: Record<string, string>;
let admin: Record<string, string>;
let peerId: number;

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });

const session = async (options: Parameters<typeof buildUser>[1]) => {
  const user = await buildUser(t.ctx.db, options);
  return authOf(await login(t.app, user.email, user.password));
};

beforeAll(async () => {
  t = await startTestApp();
  const [group] = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'Test Group' }).returning();
  const own = await buildPublisher(t.ctx.db, { groupId: group!.id });
  const peer = await buildPublisher(t.ctx.db, { groupId: group!.id });
  const outsider = await buildPublisher(t.ctx.db);
  peerId = peer.id;

  const pkg = async (
    publisherId: number,
    name: string,
    status: 'Active' | 'Draft' | 'Archive',
    clicks = 0,
  ) => {
    const ids = (await buildHighlights(t.ctx.db, publisherId, 3, { durationSeconds: 5 })).map((h) => h.id);
    await buildPackage(t.ctx.db, publisherId, { highlightIds: ids, name, status, packageClicks: clicks });
  };
  await pkg(own.id, 'Own active', 'Active');
  await pkg(peer.id, 'Peer active one', 'Active', 10);
  await pkg(peer.id, 'Peer active two', 'Active', 30);
  await pkg(peer.id, 'Peer draft', 'Draft');
  await pkg(peer.id, 'Peer archived', 'Archive');
  await pkg(outsider.id, 'Outsider active', 'Active');

  syndicator = await session({ publisherId: own.id, roles: ['syndication_publisher'] });
  editor = await session({ publisherId: own.id, roles: ['editorial_manager'] });
  admin = await session({ publisherId: own.id, isAdmin: true });
  loner = await session({ publisherId: outsider.id, roles: ['syndication_publisher'] });
});
afterAll(() => t.close());

describe('GET syndication', () => {
  it('lists only the Active packages of the other publishers of the group, in the Package shape', async () => {
    const response = await get('syndication', syndicator);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { packages: Package[]; count: number };
    expect(data.count).toBe(2);
    expect(data.packages.map((p) => p.name).sort()).toEqual(['Peer active one', 'Peer active two']);
    expect(data.packages[0]).toMatchObject({ status: 'Active', num_videos: 3, duration: 15 });
    expect(data.packages[0]!.highlights[0]!.video_url).toMatch(/^\/media\//);
  });

  it('sorts and pages on the server', async () => {
    const response = await get('syndication?order_by=package_clicks_desc&per=1&page=1', syndicator);
    const data = response.json().data as { packages: Package[]; count: number };
    expect(data.packages.map((p) => p.name)).toEqual(['Peer active two']);
    expect(data.count).toBe(2);
    expect((await get('syndication?order_by=bogus_asc', syndicator)).statusCode).toBe(400);
  });

  it('is empty for a publisher without a group', async () => {
    const response = await get('syndication', loner);
    expect(response.json().data).toEqual({ packages: [], count: 0 });
  });

  it('needs syndication_publisher (admin passes)', async () => {
    const refused = await get('syndication', editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([messages.forbidden]);
    expect((await get('syndication', admin)).json().data.count).toBe(2);
    expect((await get('syndication', {})).statusCode).toBe(401);
  });

  it('is read-only: the peer packages cannot be fetched or written through the packages calls', async () => {
    const [one] = (await get('syndication', syndicator)).json().data.packages as Package[];
    const asEditor = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/editor/packages/${one!.embed_id}`,
      headers: editor,
      payload: { status: 'Archive' },
    });
    expect(asEditor.statusCode).toBe(404);
    expect(peerId).toBeGreaterThan(0);
  });
});
