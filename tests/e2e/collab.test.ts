// Co-editing in Chromium with two browser contexts on publisher 406: editor@demo.example (A)
// and admin@demo.example (B) open the same package; B sees A's adds, removals, reorders and renames
// live, A's selection marked in A's colour and A's presence chip; A's undo takes back only A's edit; a
// save by A clears both unsaved flags; A leaves and B sees A gone. In the story editor
// stories@demo.example and admin open the same page and a title typed by one shows in the other's form.
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { schema } from '@hc/db/schema';
import { loginAs, snap } from './support/browser.ts';
import { PackageEditorPage } from './support/pages/package-editor-page.ts';

test.use({ e2e: { signedInAs: 'editor@demo.example' } });

const PUBLISHER = 406;
const A_EMAIL = 'editor@demo.example';
const B_EMAIL = 'admin@demo.example';

/** A second person: their own browser context, signed in through the login form. */
async function openSecondUser(
  browser: Browser,
  server: E2eServer,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await loginAs(page, server.baseUrl, email);
  return { context, page };
}

async function activeUserPackage(server: E2eServer): Promise<string> {
  const [row] = await server.database.handle.db
    .select({ embedId: schema.packages.embedId })
    .from(schema.packages)
    .where(
      and(
        eq(schema.packages.publisherId, PUBLISHER),
        eq(schema.packages.status, 'Active'),
        eq(schema.packages.packageType, 'user'),
      ),
    )
    .orderBy(asc(schema.packages.embedId))
    .limit(1);
  if (!row) throw new Error('the demo data has no active manual package for 406');
  return row.embedId;
}

/** Waits until the editor's document is synced with the server. */
async function live(page: Page, root: string) {
  await page.locator(`[data-testid="${root}"][data-collab="live"]`).waitFor();
}

const peerChip = (page: Page, bar: string, email: string) =>
  page.locator(`[data-testid="${bar}-peer"][data-email="${email}"]`);

test.describe('co-editing a package', () => {
  test('B sees A live: adds, removals, reorders, renames, selection, presence; undo is per user; a save clears both flags', async ({
    page,
    server,
    browser,
  }) => {
    const embedId = await activeUserPackage(server);
    const a = new PackageEditorPage(page, server.baseUrl);
    await a.gotoPackage(embedId);
    await live(page, 'package-editor');

    const second = await openSecondUser(browser, server, B_EMAIL);
    try {
      const bPage = second.page;
      const b = new PackageEditorPage(bPage, server.baseUrl);
      await b.gotoPackage(embedId);
      await live(bPage, 'package-editor');

      // Presence both ways.
      await peerChip(page, 'pe-collab', B_EMAIL).waitFor();
      await peerChip(bPage, 'pe-collab', A_EMAIL).waitFor();

      const start = await a.packageIds();
      expect(await b.packageIds()).toEqual(start);
      expect(start.length).toBeGreaterThanOrEqual(3);
      expect(start.length).toBeLessThan(5);

      // A adds a highlight: B sees it at the end and the unsaved flag.
      const [free] = await a.freeAvailableIds();
      if (free === undefined) throw new Error('no free highlight to add');
      await a.addButton(free).click();
      await expect.poll(() => b.packageIds()).toEqual([...start, free]);
      await bPage.getByTestId('pe-unsaved').waitFor();

      // A removes the first one.
      const [first, second_, ...rest] = start as [number, number, ...number[]];
      await a.removeButton(first).click();
      await expect.poll(() => b.packageIds()).toEqual([second_, ...rest, free]);

      // A moves the added one up by one.
      await a.moveUpButton(free).click();
      const moved = [second_, ...rest.slice(0, -1), free, ...rest.slice(-1)];
      await expect.poll(() => b.packageIds()).toEqual(moved);

      // A renames a row.
      await a.renameTitle(second_, 'Renamed by A', 'Enter');
      await expect.poll(() => b.title(second_).innerText()).toBe('Renamed by A');

      // A's selection (the row A clicked) is marked on B's screen in A's colour.
      await a.packageItem(free).click({ position: { x: 30, y: 10 } });
      const mark = bPage.getByTestId(`pe-item-peers-${free}`);
      await mark.waitFor();
      expect(await mark.locator(`[data-email="${A_EMAIL}"]`).count()).toBe(1);
      expect(await b.packageItem(free).getAttribute('class')).toContain('hc-peer-selected');
      await snap(bPage, 'collab-package-b-sees-a');

      // Per-user undo: B renames the package; A's Undo takes back A's rename only.
      await b.nameInput.fill('Name by B');
      await expect(a.nameInput).toHaveValue('Name by B');
      await page.getByTestId('pe-undo').click();
      await expect.poll(() => b.title(second_).innerText()).not.toBe('Renamed by A');
      expect(await a.nameInput.inputValue()).toBe('Name by B');
      expect(await b.packageIds()).toEqual(moved);

      // A saves: both unsaved flags clear, and the package is stored as the shared draft.
      await page.getByTestId('pe-save').click();
      await page.getByTestId('pe-unsaved').waitFor({ state: 'detached' });
      await bPage.getByTestId('pe-unsaved').waitFor({ state: 'detached' });
      const [row] = await server.database.handle.db
        .select({ name: schema.packages.name })
        .from(schema.packages)
        .where(eq(schema.packages.embedId, embedId));
      expect(row?.name).toBe('Name by B');

      // A leaves: B sees A gone within seconds.
      await page.close();
      await peerChip(bPage, 'pe-collab', A_EMAIL).waitFor({ state: 'detached', timeout: 10_000 });
      await snap(bPage, 'collab-package-a-gone');
    } finally {
      await second.context.close();
    }
  });
});

test.describe('co-editing a story', () => {
  test("a page title typed by one editor shows in the other's form, with the editor's marker on the page", async ({
    server,
    browser,
  }) => {
    const [story] = await server.database.handle.db
      .select({ id: schema.stories.id, pageId: schema.storyPages.id })
      .from(schema.stories)
      .innerJoin(schema.storyPages, eq(schema.storyPages.storyId, schema.stories.id))
      .where(and(eq(schema.stories.publisherId, PUBLISHER), eq(schema.storyPages.objectType, 'image')))
      .orderBy(asc(schema.stories.id), asc(schema.storyPages.id))
      .limit(1);
    if (!story) throw new Error('the demo data has no story with an image page for 406');

    const first = await openSecondUser(browser, server, 'stories@demo.example');
    const second = await openSecondUser(browser, server, B_EMAIL);
    try {
      const pages = [first.page, second.page];
      for (const page of pages) {
        await page.goto(`${server.baseUrl}/stamp/${story.id}`);
        await live(page, 'story-editor');
        await page.getByTestId(`se-page-edit-${story.pageId}`).click();
        await page.getByTestId('se-form').waitFor();
      }
      const [pa, pb] = pages as [Page, Page];
      await peerChip(pb, 'se-collab', 'stories@demo.example').waitFor();
      await pb.getByTestId(`se-page-peers-${story.pageId}`).waitFor();

      await pa.getByTestId('se-title').fill('Typed by the stories editor');
      await expect(pb.getByTestId('se-title')).toHaveValue('Typed by the stories editor');
      await pb.getByTestId('se-unsaved').waitFor();
      await snap(pb, 'collab-story-b-sees-a');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
