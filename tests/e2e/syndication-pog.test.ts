// Syndication as syndication@demo.example (publisher 406, whose group holds Metro Sports 407) and the
// post-on-google view as editor@demo.example, each checked against the demo data in the database.
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { loginAs, snap } from './support/browser.ts';
import { PostOnGooglePage } from './support/pages/post-on-google-page.ts';
import { SideMenu } from './support/pages/side-menu.ts';
import { SyndicationPage } from './support/pages/syndication-page.ts';

test.use({ e2e: {} });

const DAILY_PLANET = 406;
const METRO_SPORTS = 407;

/** Daily Planet's highlights still holding post-on-google resources, in the view's order. */
async function highlightsWithPog(server: E2eServer) {
  const { highlights } = schema;
  const rows = await server.database.handle.db
    .select({ id: highlights.id, resources: highlights.resources })
    .from(highlights)
    .where(
      and(
        eq(highlights.publisherId, DAILY_PLANET),
        sql`${highlights.resources} @> ${JSON.stringify([{ type: 'pog' }])}::jsonb`,
      ),
    )
    .orderBy(desc(highlights.publishedAt), desc(highlights.id));
  return rows.map((r) => ({
    id: r.id,
    resourceIds: r.resources.filter((x) => x.type === 'pog').map((x) => x.id),
  }));
}

async function resourcesOf(server: E2eServer, highlightId: number): Promise<string[]> {
  const [row] = await server.database.handle.db
    .select({ resources: schema.highlights.resources })
    .from(schema.highlights)
    .where(eq(schema.highlights.id, highlightId));
  return (row?.resources ?? []).map((r) => r.id);
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

test.describe('syndication', () => {
  test("lists Metro Sports' Active packages, read-only, with the spec's columns; the menu has no Top Videos", async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'syndication@demo.example');
    const syndication = new SyndicationPage(page, server.baseUrl);
    await syndication.goto();

    // Daily Planet's console flags are both 'true': the total and the IAB figures show.
    expect(await syndication.headers()).toEqual([
      'Type',
      'Id',
      'Title',
      'Category',
      'Date Updated',
      'Clicks',
      'Impressions',
      'CTR',
      'IAB Impressions',
      'IAB CTR',
    ]);

    const { packages } = schema;
    const shared = await server.database.handle.db
      .select({ embedId: packages.embedId, name: packages.name, type: packages.packageType })
      .from(packages)
      .where(and(eq(packages.publisherId, METRO_SPORTS), eq(packages.status, 'Active')))
      .orderBy(desc(packages.updatedAt));
    expect(shared.map((p) => p.name).sort()).toEqual(['Metro Matchday', 'Metro Sports Auto']);
    // Newest change first; nothing of Daily Planet's own, no Metro draft.
    expect(await syndication.rowIds()).toEqual(shared.map((p) => p.embedId));
    expect(await syndication.titles()).toEqual(shared.map((p) => p.name));
    expect(await syndication.columnTexts('Type')).toEqual(
      shared.map((p) => (p.type === 'auto' ? 'Auto' : 'Manual')),
    );
    expect(await syndication.count.innerText()).toBe('2 packages');
    // Read-only: no checkbox, link or button in the rows.
    expect(await syndication.rows.locator('button, input, a').count()).toBe(0);
    await snap(page, 'syndication-table');

    const menu = new SideMenu(page);
    await menu.open();
    const entries = await menu.topLevelLabels();
    expect(entries).toContain('Syndication');
    expect(entries).not.toContain('Top Videos');
  });
});

test.describe('post-on-google', () => {
  test('lists the highlights with resources; publishing one resource removes it', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const pog = new PostOnGooglePage(page, server.baseUrl);
    await pog.goto();

    const expected = await highlightsWithPog(server);
    expect(expected.length).toBeGreaterThan(1);
    const resourceCount = expected.reduce((n, h) => n + h.resourceIds.length, 0);
    expect(await pog.count.innerText()).toBe(
      `${plural(expected.length, 'highlight')} · ${plural(resourceCount, 'resource')}`,
    );
    const shown = await pog.rowIds();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(expected.slice(0, shown.length).map((h) => h.id));
    for (const h of expected.slice(0, shown.length))
      expect(await pog.resourceIds(h.id)).toEqual(h.resourceIds);
    await snap(page, 'post-on-google-list');

    // A highlight with two resources if the first page has one: publishing one keeps the row.
    const onPage = expected.slice(0, shown.length);
    const target = onPage.find((h) => h.resourceIds.length > 1) ?? onPage[0]!;
    const [published, ...rest] = target.resourceIds as [string, ...string[]];
    const response = await pog.publish(published);
    expect(response.status()).toBe(200);
    await pog.resource(published).waitFor({ state: 'detached' });
    if (rest.length > 0) expect(await pog.resourceIds(target.id)).toEqual(rest);
    else await page.getByTestId(`pog-title-${target.id}`).waitFor({ state: 'detached' });
    expect(await resourcesOf(server, target.id)).toEqual(rest);
    expect(await pog.count.innerText()).toBe(
      `${plural(expected.length - (rest.length > 0 ? 0 : 1), 'highlight')} · ${plural(resourceCount - 1, 'resource')}`,
    );
  });

  test('?hlts= of a highlight with one resource: publishing it goes to /post-on-google', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const single = (await highlightsWithPog(server)).find((h) => h.resourceIds.length === 1);
    if (!single) throw new Error('the demo data has no highlight with exactly one resource');
    const pog = new PostOnGooglePage(page, server.baseUrl);
    await pog.goto([single.id]);

    expect(await pog.rowIds()).toEqual([single.id]);
    expect(await pog.hltsBar.innerText()).toContain('Showing 1 selected highlight');
    await snap(page, 'post-on-google-hlts');

    const response = await pog.publish(single.resourceIds[0]!);
    expect(response.status()).toBe(200);
    await page.waitForURL(`${server.baseUrl}/post-on-google`);
    await pog.waitForRows();
    expect(await pog.hltsBar.count()).toBe(0);
    expect(await pog.rowIds()).not.toContain(single.id);
    expect(await resourcesOf(server, single.id)).toEqual([]);
  });
});
