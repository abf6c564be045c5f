// Publishers admin (the spec's "New publisher" and "Splash image" rules) as admin@demo.example: the
// filter, the Create dialog's three errors then a publisher created, its APV and Editor switched through
// the confirmation (Cancel keeps, Yes changes and survives a reload), the drawer's account key, the
// placements and splash-image dialog with a real PNG uploaded, and the admin-only job dashboard.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import type { Page } from '@playwright/test';
import { ffmpegPath } from '@hc/media/binaries';
import { publisherAdminErrors } from '@hc/shared/api/publishers-admin';
import { messages, productSwitchConfirm } from '@hc/shared/messages';
import { loginAs, snap } from './support/browser.ts';
import { Shell } from './support/pages/shell.ts';
import { SideMenu } from './support/pages/side-menu.ts';

test.use({ e2e: { signedInAs: 'admin@demo.example' } });

const NEW_PUBLISHER = { pub_name: 'Northern Ledger', pub_id: '731', home_url: 'https://ledger.example.com' };

let workDir: string;
let splashFile: string;
test.beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'hc-e2e-splash-'));
  splashFile = path.join(workDir, 'splash.png');
  // A real 320×180 PNG, as a publisher would pick from disk.
  execFileSync(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180',
    '-frames:v',
    '1',
    '-y',
    splashFile,
  ]);
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function gotoPublishers(server: E2eServer, page: Page) {
  await page.goto(`${server.baseUrl}/admin/publishers`);
  await page.getByTestId('publisher-row').first().waitFor();
}

const ids = (page: Page) => page.locator('[data-testid="publisher-row"] td.hc-col-id').allInnerTexts();

test.describe('Publishers admin', () => {
  test('filters, refuses an incomplete, invalid or taken publisher, and creates a valid one', async ({
    page,
    server,
  }) => {
    const shell = new Shell(page);
    await gotoPublishers(server, page);
    expect(await ids(page)).toEqual(['406', '407', '512', '618']);
    await snap(page, 'publishers-admin-list');

    await page.getByTestId('publishers-filter').fill('planet');
    await expect.poll(() => ids(page)).toEqual(['406']);
    await page.getByTestId('publishers-filter').fill('51');
    await expect.poll(() => ids(page)).toEqual(['512']);
    await snap(page, 'publishers-admin-filter');
    await page.getByTestId('publishers-filter').fill('nothing like it');
    await expect.poll(() => ids(page)).toEqual([]);
    await page.getByTestId('publishers-filter').fill('');
    await expect.poll(() => ids(page)).toHaveLength(4);

    await page.getByTestId('publisher-create').click();
    const dialog = page.getByTestId('publisher-create-dialog');
    const error = dialog.getByTestId('publisher-create-error');
    const field = (key: keyof typeof NEW_PUBLISHER) => dialog.getByTestId(`publisher-form-${key}`);
    const submit = dialog.getByTestId('publisher-create-submit');

    await submit.click();
    await expect.poll(() => error.innerText()).toBe(messages.eachFieldRequired);
    await snap(page, 'publishers-admin-create-required');

    await field('pub_name').fill(NEW_PUBLISHER.pub_name);
    await field('pub_id').fill('7a1');
    await field('home_url').fill(NEW_PUBLISHER.home_url);
    await submit.click();
    await expect.poll(() => error.innerText()).toBe(messages.publisherIdInvalid);
    await snap(page, 'publishers-admin-create-invalid-id');

    // The taken id is the server's answer (409), shown in the form like the others.
    await field('pub_id').fill('406');
    await submit.click();
    await expect.poll(() => error.innerText()).toBe(messages.publisherExists);
    await snap(page, 'publishers-admin-create-exists');

    await field('pub_id').fill(NEW_PUBLISHER.pub_id);
    await submit.click();
    await shell.toast(messages.publisherCreated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => ids(page)).toContain(NEW_PUBLISHER.pub_id);
    await page.getByTestId('publishers-filter').fill('ledger');
    await expect.poll(() => ids(page)).toEqual([NEW_PUBLISHER.pub_id]);
    const row = page.getByTestId('publisher-row');
    expect(await row.locator('td.hc-col-title').innerText()).toBe(NEW_PUBLISHER.pub_name);
    // A new publisher starts with both products on (the accounts' default).
    for (const product of ['apv', 'editor'])
      expect(
        await page.getByTestId(`publisher-${product}-${NEW_PUBLISHER.pub_id}`).locator('input').isChecked(),
      ).toBe(true);
    await snap(page, 'publishers-admin-created');

    // The drawer shows the account key the server generated.
    await row.locator('td.hc-col-title').click();
    const drawer = page.getByTestId('publisher-drawer');
    await drawer.waitFor();
    expect(await drawer.getByTestId('publisher-drawer-key').innerText()).toMatch(/^\S{8,}$/);
    await snap(page, 'publishers-admin-drawer');
  });

  test('switches APV and Editor only after the confirmation, and the change survives a reload', async ({
    page,
    server,
  }) => {
    await gotoPublishers(server, page);
    const confirm = page.getByTestId('publisher-confirm');
    for (const [product, label] of [
      ['apv', 'APVs'],
      ['editor', 'Editors'],
    ] as const) {
      const box = page.getByTestId(`publisher-${product}-${NEW_PUBLISHER.pub_id}`);
      const checked = () => box.locator('input').isChecked();
      expect(await checked()).toBe(true);

      await box.click();
      await confirm.waitFor();
      expect(await confirm.getByTestId('publisher-confirm-message').innerText()).toBe(
        productSwitchConfirm(false, label, NEW_PUBLISHER.pub_name),
      );
      if (product === 'apv') await snap(page, 'publishers-admin-confirm');
      await confirm.getByTestId('publisher-confirm-reject').click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await checked()).toBe(true);

      await box.click();
      const switched = page.waitForResponse(
        (r) => r.url().includes('publisher_product_status') && r.request().method() === 'POST',
      );
      await confirm.getByTestId('publisher-confirm-accept').click();
      expect((await switched).status()).toBe(200);
      await expect.poll(checked).toBe(false);
    }

    await page.reload();
    await page.getByTestId('publisher-row').first().waitFor();
    const apv = page.getByTestId(`publisher-apv-${NEW_PUBLISHER.pub_id}`);
    const editor = page.getByTestId(`publisher-editor-${NEW_PUBLISHER.pub_id}`);
    await expect.poll(() => apv.locator('input').isChecked()).toBe(false);
    expect(await editor.locator('input').isChecked()).toBe(false);

    // And APV back on: the confirmation says ON, the other publishers are untouched.
    await apv.click();
    expect(await confirm.getByTestId('publisher-confirm-message').innerText()).toBe(
      productSwitchConfirm(true, 'APVs', NEW_PUBLISHER.pub_name),
    );
    await confirm.getByTestId('publisher-confirm-accept').click();
    await expect.poll(() => apv.locator('input').isChecked()).toBe(true);
    expect(await editor.locator('input').isChecked()).toBe(false);
    expect(await page.getByTestId('publisher-apv-406').locator('input').isChecked()).toBe(true);
  });

  test('lists placements, refuses a save without a file or of a non-image, and saves a splash image that then is listed', async ({
    page,
    server,
  }) => {
    const shell = new Shell(page);
    await gotoPublishers(server, page);

    await page.getByTestId('publisher-setup-406').click();
    const dialog = page.getByTestId('publisher-setup-dialog');
    await dialog.getByTestId('placement-row').first().waitFor();
    const placement = dialog.getByTestId('placement-row').first().locator('td');
    expect(await placement.count()).toBe(4);
    expect(await placement.nth(0).innerText()).toMatch(/^\d+$/);
    expect(await placement.nth(2).innerText()).toMatch(/^(Enabled|Disabled)$/);
    await snap(page, 'publishers-admin-placements');

    await dialog.getByRole('tab', { name: 'Configuration' }).click();
    const upload = dialog.getByTestId('splash-upload');
    await upload.waitFor();
    const items = dialog.getByTestId('splash-item');
    // The demo publishers have no splash image yet: the empty state says so.
    await dialog.getByText('No splash image yet.').waitFor();
    await snap(page, 'publishers-admin-configuration');

    await upload.click();
    await shell.toast(messages.splashRequired).waitFor();
    await snap(page, 'publishers-admin-splash-required');

    // A text file named .png is refused by the server, which looks at the bytes; nothing is listed.
    await dialog.getByTestId('splash-file').setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await upload.click();
    await shell.toast(publisherAdminErrors.splashFormat).waitFor();
    expect(await items.count()).toBe(0);

    await dialog.getByTestId('splash-file').setInputFiles(splashFile);
    const saved = page.waitForResponse((r) => r.url().includes('publishers_upload_splash'));
    await upload.click();
    expect((await saved).status()).toBe(201);
    await shell.toast(messages.splashSaved).waitFor();
    await expect(items).toHaveCount(1);
    // The listed image is the uploaded one, served and decoded by the browser.
    const image = items.first().locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await snap(page, 'publishers-admin-splash-list');
  });

  test('opens the job dashboard for the admin; an editor has no Admin menu, screen or dashboard', async ({
    page,
    context,
    server,
    browser,
  }) => {
    await gotoPublishers(server, page);
    const dashboardLoaded = context.waitForEvent('response', {
      predicate: (r) =>
        new URL(r.url()).pathname.startsWith('/admin/queues') && r.request().resourceType() === 'document',
    });
    const failedCalls: string[] = [];
    context.on('response', (r) => {
      if (r.url().includes('/admin/queues/') && r.status() >= 400)
        failedCalls.push(`${r.status()} ${r.url()}`);
    });
    const tab = context.waitForEvent('page');
    await page.getByTestId('open-job-dashboard').click();
    const dashboard = await tab;
    expect((await dashboardLoaded).status()).toBe(200);
    await dashboard.waitForURL((url) => url.pathname.startsWith('/admin/queues'));
    // Its own API answers under the cookie it was given, and lists this run's queues.
    await dashboard.getByText('vertical-render').first().waitFor();
    // The overview's queue cards, with their job counts, come from the dashboard's API too.
    await dashboard
      .getByText(/^\d+ Jobs?$/)
      .first()
      .waitFor();
    expect(failedCalls).toEqual([]);
    await snap(dashboard, 'publishers-admin-job-dashboard');

    const editorContext = await browser.newContext({ storageState: SIGNED_OUT });
    try {
      const editor = await editorContext.newPage();
      await loginAs(editor, server.baseUrl, 'editor@demo.example');
      const menu = new SideMenu(editor);
      await menu.open();
      expect(await menu.topLevelLabels()).not.toContain('Admin');
      await menu.close();
      // Typing the addresses does not help: the screen says no, the dashboard answers without a page.
      await editor.goto(`${server.baseUrl}/admin/publishers`);
      await editor.getByTestId('no-permission').waitFor();
      expect(await editor.getByTestId('publishers-admin-page').count()).toBe(0);
      const queues = await editor.goto(`${server.baseUrl}/admin/queues/`);
      expect(queues?.status()).toBe(401);
    } finally {
      await editorContext.close();
    }
  });
});
