// Top Videos packages as editor@demo.example (publisher 406 Daily Planet): building a package in the editor
// by native drag and drop (Playwright's dragTo, real mouse moves that Chromium turns into HTML5 drag
// events), the editor's rules and messages, the package in the list (status, embed code, drawer preview,
// delete), an auto package's 'Highlight removed' dialog, the leave-page prompt and the mobile refusal.
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page, Request } from '@playwright/test';
import { schema } from '@hc/db/schema';
import type { Package } from '@hc/shared/api/packages';
import { snap } from './support/browser.ts';
import { PackageEditorPage } from './support/pages/package-editor-page.ts';
import { PackagesListPage } from './support/pages/packages-list-page.ts';
import { Shell } from './support/pages/shell.ts';
import { SideMenu } from './support/pages/side-menu.ts';

test.use({ e2e: { signedInAs: 'editor@demo.example' } });

const PUBLISHER = 406;
/** A suffix so the names and the embed name are this run's own. */
const RUN = Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x');
const NAME = `E2E Showreel ${RUN}`;
const ALIAS = `e2e-reel-${RUN}`;

/** The package the first test builds; the list tests work on it. */
let built: { embedId: string; ids: number[]; titles: string[] } | undefined;
function builtPackage() {
  if (!built) throw new Error('the package of the first test was not saved');
  return built;
}

/** POST/PUT calls to the packages API the page sends from now on (to prove a refused save sends none). */
function recordSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/editor\/packages/.test(r.url()) && ['POST', 'PUT'].includes(r.method())) saves.push(r);
  });
  return saves;
}

async function packageRow(server: E2eServer, embedId: string) {
  const [row] = await server.database.handle.db
    .select()
    .from(schema.packages)
    .where(eq(schema.packages.embedId, embedId));
  return row;
}

test.describe('package editor: building a package', () => {
  test('drags five highlights in, refuses a sixth, reorders, renames, validates the name and saves', async ({
    page,
    server,
  }) => {
    const shell = new Shell(page);
    const list = new PackagesListPage(page, server.baseUrl);
    const editor = new PackageEditorPage(page, server.baseUrl);
    await list.goto();
    await list.newButton.click();
    await page.waitForURL(/\/packages\/editor\/new\/\d+$/);
    await editor.waitForAvailable();
    expect(await editor.detail('status').innerText()).toBe('New');
    expect(await editor.packageRows.count()).toBe(0);

    const ids = (await editor.freeAvailableIds()).slice(0, 6);
    expect(ids).toHaveLength(6);
    const originalTitle = async (id: number) =>
      (await editor.availableItem(id).locator('.hc-pe-card__title').innerText()).trim();

    // Five drags from the left list into the package column, each landing at the end.
    for (const [i, id] of ids.slice(0, 5).entries()) {
      await editor.dragIntoPackage(id);
      await expect.poll(() => editor.packageIds()).toEqual(ids.slice(0, i + 1));
      expect(await editor.availableItem(id).getAttribute('data-in-package')).toBe('true');
    }
    expect(await editor.packageCount.innerText()).toBe('5 / 5');
    await editor.unsavedTag.waitFor();

    // A sixth is refused with the catalogue message and the package keeps five.
    await editor.dragIntoPackage(ids[5]!);
    await shell.toast('A package cannot contain more than 5 videos.').waitFor();
    expect(await editor.packageIds()).toEqual(ids.slice(0, 5));
    expect(await editor.availableItem(ids[5]!).getAttribute('data-in-package')).toBe('false');
    await snap(page, 'package-editor-five-dragged');

    // Reorder: the fifth dragged above the first, then the (new) third moved up with its button.
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    await editor.dragBefore(e, a);
    await expect.poll(() => editor.packageIds()).toEqual([e, a, b, c, d]);
    await editor.moveUpButton(b).click();
    await expect.poll(() => editor.packageIds()).toEqual([e, b, a, c, d]);

    // Rename: Enter submits a trimmed title, Esc cancels.
    const eTitle = await originalTitle(e);
    const bTitle = await originalTitle(b);
    await editor.renameTitle(e, '  Our opener tonight  ', 'Enter');
    expect(await editor.title(e).innerText()).toBe('Our opener tonight');
    expect(await editor.packageItem(e).getByText(`Original: ${eTitle}`).count()).toBe(1);
    await editor.renameTitle(b, 'This edit is cancelled', 'Escape');
    expect(await editor.title(b).innerText()).toBe(bTitle);

    // Without a name the save is refused in the browser: the message, and no call.
    const saves = recordSaves(page);
    await editor.saveButton.click();
    await shell.toast('Please enter a valid package name').waitFor();
    expect(await editor.nameError.innerText()).toBe('Please enter a valid package name');
    expect(saves).toEqual([]);

    await editor.nameInput.fill(NAME);
    await editor.aliasInput.fill(ALIAS);
    await expect(editor.nameError).toHaveCount(0);
    const response = await editor.saveAndWait();
    expect(response.request().method()).toBe('POST');
    expect(response.status()).toBe(201);
    const saved = ((await response.json()) as { data: Package }).data;
    const savedToast = shell.toast('Package was successfully saved');
    await savedToast.waitFor();
    await page.waitForURL(new RegExp(`/packages/editor/${saved.embed_id}/\\d+$`));
    // The toast covers none of the editor's fields or buttons, nor the account menu.
    await snap(page, 'package-editor-saved-toast');
    expect(await shell.controlsUnder(savedToast)).toEqual([]);
    expect(saved.name).toBe(NAME);
    expect(saved.alias).toBe(ALIAS);
    expect(saved.highlights.map((h) => h.id)).toEqual([e, b, a, c, d]);
    expect(saved.highlights[0]!.title).toBe('Our opener tonight');
    expect(saved.highlights[1]!.title).toBe(bTitle);

    // The reloaded editor (its ID detail no longer '--') shows the saved package, in order, renamed,
    // with nothing unsaved.
    await editor.detail('id').filter({ hasText: saved.embed_id }).waitFor();
    await expect.poll(() => editor.packageIds()).toEqual([e, b, a, c, d]);
    expect((await editor.packageTitles())[0]).toBe('Our opener tonight');
    expect(await editor.detail('id').innerText()).toBe(saved.embed_id);
    expect(await editor.aliasInput.isDisabled()).toBe(true);
    expect(await editor.unsavedTag.count()).toBe(0);
    await snap(page, 'package-editor-saved');
    built = { embedId: saved.embed_id, ids: [e, b, a, c, d], titles: await editor.packageTitles() };
  });

  test('refuses an embed name already in use and a package of fewer than 3 highlights', async ({
    page,
    server,
  }) => {
    builtPackage();
    const shell = new Shell(page);
    const editor = new PackageEditorPage(page, server.baseUrl);
    await editor.gotoNew();
    const ids = (await editor.freeAvailableIds()).slice(0, 3);
    for (const id of ids) await editor.dragIntoPackage(id);
    await expect.poll(() => editor.packageIds()).toEqual(ids);

    await editor.nameInput.fill(`${NAME} again`);
    await editor.aliasInput.fill(ALIAS);
    const response = await editor.saveAndWait();
    expect(response.status()).toBe(409);
    await shell.toast(`The Embed name "${ALIAS}" is already in use`).waitFor();
    expect(page.url()).toMatch(/\/packages\/editor\/new\/\d+$/);

    // Down to two: refused in the browser with the catalogue message, no call.
    const saves = recordSaves(page);
    await editor.removeButton(ids[2]!).click();
    await expect.poll(() => editor.packageIds()).toEqual(ids.slice(0, 2));
    await editor.aliasInput.fill(`${ALIAS}-two`);
    await editor.saveButton.click();
    await shell.toast('Please add at least 3 videos in order to save the package').waitFor();
    expect(await editor.sizeError.innerText()).toBe(
      'Please add at least 3 videos in order to save the package',
    );
    expect(saves).toEqual([]);
    await snap(page, 'package-editor-too-few');
  });
});

test.describe('packages list: the new package', () => {
  test('finds it by name and deactivates it after the exact confirmation; the status survives a reload', async ({
    page,
    server,
  }) => {
    const { embedId } = builtPackage();
    const list = new PackagesListPage(page, server.baseUrl);
    await list.goto();
    await list.search(NAME);
    expect(await list.rowIds()).toEqual([embedId]);
    expect(await list.titleButton(embedId).innerText()).toBe(NAME);
    expect(await list.statusCheckbox(embedId).isChecked()).toBe(true);

    await list.statusCheckbox(embedId).click();
    expect(await list.confirmMessage.innerText()).toBe(
      'Are you sure that you want to Deactivate the package?',
    );
    const response = await list.acceptAndWait();
    expect(response.status()).toBe(200);
    await expect.poll(() => list.statusCheckbox(embedId).isChecked()).toBe(false);
    expect((await packageRow(server, embedId))?.status).toBe('Draft');

    // The search lives in the address: a reload shows the same view.
    expect(new URL(page.url()).searchParams.get('q')).toBe(NAME);
    await page.reload();
    await list.waitForRows();
    expect(await list.searchBox.inputValue()).toBe(NAME);
    expect(await list.rowIds()).toEqual([embedId]);
    expect(await list.statusCheckbox(embedId).isChecked()).toBe(false);
    await snap(page, 'packages-list-deactivated');

    // Export downloads the list as the screen filters it: the header and this one package.
    const csv = await list.exportCsv();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Type,Id,Title,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(embedId);
    expect(lines[1]).toContain(NAME);
  });

  test('copies its embed code: the snippet with the account id and the embed id', async ({
    page,
    context,
    server,
  }) => {
    const { embedId } = builtPackage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const list = new PackagesListPage(page, server.baseUrl);
    await list.goto();
    await list.search(NAME);
    await list.embedButton(embedId).click();
    await new Shell(page).toast('Embed code successfully copied to clipboard').waitFor();

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`data-account-id="${PUBLISHER}"`);
    expect(copied).toContain(`data-embed-id="${embedId}"`);
    expect(copied).toBe(
      `<script async src="${server.baseUrl}/embed/player.js" data-account-id="${PUBLISHER}"></script>\n` +
        `<div class="hc-top-videos" data-embed-id="${embedId}"></div>`,
    );
  });

  test('shows it in the drawer with a preview that plays on PREVIEW; delete archives it and the row leaves', async ({
    page,
    server,
  }) => {
    const { embedId, titles } = builtPackage();
    const list = new PackagesListPage(page, server.baseUrl);
    await list.goto();
    await list.search(NAME);

    await list.titleButton(embedId).click();
    await list.drawer.waitFor({ state: 'visible' });
    expect(await list.drawerTitle.innerText()).toBe(NAME);
    expect(await list.drawerField('id').innerText()).toBe(embedId);
    expect(await list.drawerField('alias').innerText()).toBe(ALIAS);
    expect(await list.drawerField('num-videos').innerText()).toBe('5');
    expect(await list.previewMessage.innerText()).toBe('To see the component, click PREVIEW button');
    expect(await list.previewVideo.count()).toBe(0);
    await list.previewStart.click();
    await expect.poll(() => list.previewTime(), { timeout: 10_000 }).toBeGreaterThan(0.2);
    expect(await list.previewVideo.getAttribute('aria-label')).toBe(titles[0]);
    await snap(page, 'packages-drawer-preview');

    await page.keyboard.press('Escape');
    await list.drawer.waitFor({ state: 'hidden' });
    await list.deleteButton(embedId).click();
    expect(await list.confirmMessage.innerText()).toContain(`"${NAME}"`);
    const response = await list.acceptAndWait();
    expect(response.status()).toBe(200);
    await list.titleButton(embedId).waitFor({ state: 'detached' });
    expect((await packageRow(server, embedId))?.status).toBe('Archive');

    // The reload keeps the search (it lives in the address) and the archived package stays out.
    await page.reload();
    await page.getByTestId('packages-empty').waitFor();
    expect(await list.searchBox.inputValue()).toBe(NAME);
    expect(await list.rowIds()).toEqual([]);
  });

  test("the drawer's Delete asks, archives the package, closes the drawer and the row leaves", async ({
    page,
    server,
  }) => {
    // A Draft package of this run's own, written as the editor would have saved it.
    const embedId = `e2ed${RUN}`;
    const name = `E2E Drawer delete ${RUN}`;
    await server.database.handle.db
      .insert(schema.packages)
      .values({ embedId, publisherId: PUBLISHER, name, alias: `e2e-drawer-${RUN}`, status: 'Draft' });
    const list = new PackagesListPage(page, server.baseUrl);
    await list.goto();
    await list.search(name);
    expect(await list.rowIds()).toEqual([embedId]);

    await list.titleButton(embedId).click();
    await list.drawer.waitFor({ state: 'visible' });
    await list.drawerDelete.click();
    expect(await list.confirmMessage.innerText()).toContain(`"${name}"`);
    const response = await list.acceptAndWait();
    expect(response.status()).toBe(200);
    await list.drawer.waitFor({ state: 'hidden' });
    await list.titleButton(embedId).waitFor({ state: 'detached' });
    expect((await packageRow(server, embedId))?.status).toBe('Archive');
  });
});

test.describe('package editor: an auto package', () => {
  test("asks 'Highlight removed' on a removal: No puts it back, Yes keeps it out and saving marks it", async ({
    page,
    server,
  }) => {
    const { db } = server.database.handle;
    const autos = await db
      .select({ embedId: schema.packages.embedId })
      .from(schema.packages)
      .where(
        and(
          eq(schema.packages.publisherId, PUBLISHER),
          eq(schema.packages.packageType, 'auto'),
          eq(schema.packages.status, 'Active'),
        ),
      );
    expect(autos.length).toBeGreaterThan(0);
    const embedId = autos[0]!.embedId;
    const shell = new Shell(page);
    const editor = new PackageEditorPage(page, server.baseUrl);
    await editor.gotoPackage(embedId);
    expect(await editor.detail('type').innerText()).toBe('Auto');

    // Room to remove one and still save: a package of three first gets a fourth (by its + button).
    if ((await editor.packageIds()).length === 3) {
      const [extra] = await editor.freeAvailableIds();
      await editor.addButton(extra!).click();
      await expect.poll(async () => (await editor.packageIds()).length).toBe(4);
    }
    const before = await editor.packageIds();
    const victim = before[1]!;
    const unsavedBefore = await editor.unsavedTag.count();

    await editor.removeButton(victim).click();
    await editor.removedDialog.waitFor();
    expect(await editor.packageIds()).not.toContain(victim);
    await snap(page, 'package-editor-highlight-removed');
    await editor.removedNo.click();
    await editor.removedDialog.waitFor({ state: 'detached' });
    expect(await editor.packageIds()).toEqual(before);
    expect(await editor.unsavedTag.count()).toBe(unsavedBefore);

    await editor.removeButton(victim).click();
    await editor.removedDialog.waitFor();
    await editor.removedYes.click();
    await editor.removedDialog.waitFor({ state: 'detached' });
    const after = before.filter((id) => id !== victim);
    expect(await editor.packageIds()).toEqual(after);

    const response = await editor.saveAndWait();
    expect(response.status()).toBe(200);
    const saved = ((await response.json()) as { data: Package }).data;
    await shell.toast('Package was successfully saved').waitFor();
    expect(saved.tvInvalidHlts).toContain(victim);

    await editor.gotoPackage(embedId);
    expect(await editor.packageIds()).toEqual(after);
    expect((await packageRow(server, embedId))?.tvInvalidHlts).toContain(victim);
    const [highlight] = await db
      .select({ tvValid: schema.highlights.tvValid })
      .from(schema.highlights)
      .where(inArray(schema.highlights.id, [victim]));
    expect(highlight?.tvValid).toBe(false);
  });
});

test.describe('package editor: leaving and devices', () => {
  test('asks before leaving with unsaved changes; Stay keeps the edits, Leave goes', async ({
    page,
    server,
  }) => {
    const editor = new PackageEditorPage(page, server.baseUrl);
    const menu = new SideMenu(page);
    await editor.gotoNew();
    const [id] = await editor.freeAvailableIds();
    await editor.addButton(id!).click();
    await editor.nameInput.fill('Not saved yet');
    await editor.unsavedTag.waitFor();
    const editorUrl = page.url();

    await menu.open();
    await menu.link('Terms').click();
    await editor.leaveDialog.waitFor();
    expect(await editor.leaveDialog.innerText()).toContain('unsaved changes');
    await snap(page, 'package-editor-leave-prompt');
    await editor.leaveStay.click();
    await editor.leaveDialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(editorUrl);
    expect(await editor.packageIds()).toEqual([id]);
    expect(await editor.nameInput.inputValue()).toBe('Not saved yet');
    await editor.unsavedTag.waitFor();

    if (!(await menu.nav.isVisible())) await menu.open();
    await menu.link('Terms').click();
    await editor.leaveGo.click();
    await page.waitForURL(`${server.baseUrl}/terms`);
    await page.getByTestId('terms-page').waitFor();
  });

  test("refuses the editor on a phone with 'Editor is not supported on mobile devices'", async ({
    context,
    server,
    browser,
  }) => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      storageState: await context.storageState(),
    });
    try {
      const page = await phone.newPage();
      const editor = new PackageEditorPage(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/packages/editor/new/${Date.now()}`);
      await editor.mobileNotice.waitFor();
      const message = editor.mobileNotice.getByText('Editor is not supported on mobile devices', {
        exact: true,
      });
      expect(await message.count()).toBe(1);
      expect(await editor.root.count()).toBe(0);
      await snap(page, 'package-editor-mobile');
    } finally {
      await phone.close();
    }
  });
});
