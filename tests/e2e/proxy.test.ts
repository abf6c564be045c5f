// Proxy mode in a browser (EDITOR_API_UPSTREAM): the upstream is a full console with the demo data; the
// console under test starts with an empty database and EDITOR_API_UPSTREAM pointing at it. Logging in,
// the highlights list (with its thumbnails, the upstream's media) and the packages list all show the
// upstream's data, live: a title changed in the upstream's database shows after a reload.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect, test } from './support/fixtures.ts';
import { schema } from '@hc/db/schema';
import { loginAs, snap } from './support/browser.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';
import { PackagesListPage } from './support/pages/packages-list-page.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';

// The file's server is the upstream; the console under test is started here, pointing at it.
test.use({ e2e: {} });
let upstream: E2eServer;
let proxy: E2eServer;
const marker = `Proxied ${randomBytes(3).toString('hex')}`;
/** Only what the page threw counts here (a proxied call may log a console error on purpose). */
const thrown = (errors: string[]) => errors.filter((e) => e.startsWith('pageerror:'));

test.beforeAll(async ({ server }) => {
  upstream = server;
  proxy = await startE2eServer({ env: { EDITOR_API_UPSTREAM: upstream.baseUrl }, seedDemo: false });
});
test.afterAll(async () => {
  await proxy?.close();
});

test('logs in through the console and shows the upstream’s highlights, thumbnails and changes', async ({
  page,
  browserErrors,
}) => {
  const { db } = proxy.database.handle;
  expect((await db.select({ n: count() }).from(schema.users))[0]?.n).toBe(0);

  await loginAs(page, proxy.baseUrl, 'editor@demo.example');
  const highlights = new HighlightsPage(page, proxy.baseUrl);
  await highlights.goto('/highlights/web');
  expect(await highlights.rows.count()).toBe(10);
  // Thumbnails are the upstream's media, forwarded.
  await expect.poll(() => highlights.thumbnailsLoaded()).toEqual(Array(10).fill(true));

  // A change made upstream shows here after a reload: the list is the upstream's, not a copy.
  const [firstId] = await highlights.rowIds();
  const upstreamDb = upstream.database.handle.db;
  await upstreamDb
    .update(schema.highlights)
    .set({ title: `${marker} highlight` })
    .where(eq(schema.highlights.id, Number(firstId)));
  await highlights.goto('/highlights/web');
  await expect.poll(() => highlights.titles()).toContain(`${marker} highlight`);
  await snap(page, 'proxy-highlights');
  expect(thrown(browserErrors)).toEqual([]);
});

test('shows the upstream’s packages, and keeps nothing of the session here', async ({
  page,
  browserErrors,
}) => {
  await loginAs(page, proxy.baseUrl, 'editor@demo.example');
  const upstreamDb = upstream.database.handle.db;
  const packages = new PackagesListPage(page, proxy.baseUrl);
  await packages.goto();
  const [embedId] = await packages.rowIds();
  await upstreamDb
    .update(schema.packages)
    .set({ name: `${marker} package` })
    .where(eq(schema.packages.embedId, embedId!.trim()));
  await packages.goto();
  await expect(packages.titleButton(embedId!.trim()).innerText()).resolves.toBe(`${marker} package`);
  await snap(page, 'proxy-packages');

  // Nothing of it was written here.
  const { db } = proxy.database.handle;
  expect((await db.select({ n: count() }).from(schema.sessions))[0]?.n).toBe(0);
  expect(thrown(browserErrors)).toEqual([]);
});
