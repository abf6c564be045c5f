// Publisher lists, products, placements and console configuration, scoped to what the caller may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let mine: number;
let foreign: number;
let editor: Record<string, string>;
let admin: Record<string, string>;

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });

beforeAll(async () => {
  t = await startTestApp();
  const [group] = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'Test Group' }).returning();
  mine = (await buildPublisher(t.ctx.db, { groupId: group!.id })).id;
  foreign = (await buildPublisher(t.ctx.db)).id;
  await t.ctx.db.insert(schema.consoleConfigs).values([
    {
      publisherId: mine,
      consoleDisplayIabMetrics: 'false',
      consoleDisplayGenericMetrics: 'true',
      numberOfAlgoSuggestions: 3,
    },
    {
      publisherId: foreign,
      consoleDisplayIabMetrics: 'true',
      consoleDisplayGenericMetrics: 'true',
      numberOfAlgoSuggestions: 4,
    },
  ]);
  const [, tested] = await t.ctx.db
    .insert(schema.placements)
    .values([
      { publisherId: mine, name: 'Homepage', platform: 'web' },
      { publisherId: mine, name: 'Sports', platform: 'web' },
      { publisherId: foreign, name: 'Secret placement', platform: 'web' },
    ])
    .returning();
  await t.ctx.db.insert(schema.abTests).values({ placementId: tested!.id, monetization: true });
  const [product] = await t.ctx.db
    .insert(schema.products)
    .values({ key: `apv-${mine}`, name: 'APV' })
    .returning();
  await t.ctx.db
    .insert(schema.publisherProducts)
    .values({ publisherId: mine, productId: product!.id, status: 'active' });
  const editorUser = await buildUser(t.ctx.db, { publisherId: mine, roles: ['editorial_manager'] });
  const adminUser = await buildUser(t.ctx.db, { publisherId: mine, isAdmin: true });
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
});
afterAll(() => t.close());

describe('publisher calls', () => {
  it('console_config gives the flags of the caller publisher and 404 for a foreign one', async () => {
    expect((await get('publisher_configuration/console_config', editor)).json().data).toEqual({
      consoleDisplayIabMetrics: 'false',
      consoleDisplayGenericMetrics: 'true',
      numberOfAlgoSuggestions: 3,
    });
    expect(
      (await get(`publisher_configuration/console_config?publisher_id=${mine}`, editor)).statusCode,
    ).toBe(200);
    const foreignResponse = await get(
      `publisher_configuration/console_config?publisher_id=${foreign}`,
      editor,
    );
    expect(foreignResponse.statusCode).toBe(404);
    expect(foreignResponse.json()).toEqual({ success: false, errors: [messages.notFound] });
    expect(
      (await get(`publisher_configuration/console_config?publisher_id=${foreign}`, admin)).json().data
        .numberOfAlgoSuggestions,
    ).toBe(4);
  });

  it('publisher_info, products and placements are those of the session publisher', async () => {
    const info = (await get('publisher_info/', editor)).json().data;
    expect(info).toMatchObject({ id: mine, publisher_id: mine, group_name: 'Test Group' });
    expect((await get('publisher_products', editor)).json().data).toEqual([
      expect.objectContaining({ name: 'APV', status: 'active' }),
    ]);
    // Each placement says whether it runs an A/B test, and whether that test is about monetization.
    expect((await get('placements/', editor)).json().data).toEqual([
      expect.objectContaining({ name: 'Homepage', abTest: null }),
      expect.objectContaining({ name: 'Sports', abTest: { monetization: true } }),
    ]);
    expect((await get(`auth/placements/publisher/${foreign}`, editor)).statusCode).toBe(404);
    expect((await get(`auth/placements/publisher/${foreign}`, admin)).json().data[0].name).toBe(
      'Secret placement',
    );
  });

  it('publishers and groups list what the caller may see; publishers_with_config is for admins', async () => {
    expect((await get('publishers', editor)).json().data.map((p: { id: number }) => p.id)).toEqual([mine]);
    expect((await get('publishers', admin)).json().data.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([mine, foreign]),
    );
    expect((await get('publishers/groups', editor)).json().data).toEqual([
      expect.objectContaining({ name: 'Test Group' }),
    ]);
    const refused = await get('publishers_with_config/', editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, errors: [messages.forbidden] });
    const allowed = (await get('publishers_with_config/', admin)).json().data;
    expect(allowed.find((p: { id: number }) => p.id === mine)).toMatchObject({
      apv: true,
      editor: true,
      key: `key-${mine}`,
    });
  });

  it('every editor call answers 401 without a session', async () => {
    for (const url of [
      'publisher_info/',
      'publisher_products',
      'placements/',
      'publishers',
      'publishers/groups',
      'publisher_configuration/console_config',
      'highlights/index',
      'user_info/show',
    ]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });
});
