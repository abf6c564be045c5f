// The package editor refuses a name or embed name another package already has (in any case, with outer
// spaces): the server's message under the field at fault, the typed value kept, and a save that goes
// through once the field is changed.
import { expect, test } from './support/fixtures.ts';
import { embedNameInUse, packageNameInUse } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { PackageEditorPage } from './support/pages/package-editor-page.ts';
import { Shell } from './support/pages/shell.ts';

test.use({ e2e: { signedInAs: 'editor@demo.example' } });

test.describe('package editor: names in use', () => {
  test('shows the refusal under the name, then under the embed name, keeping what was typed', async ({
    page,
    server,
  }) => {
    const shell = new Shell(page);
    const editor = new PackageEditorPage(page, server.baseUrl);
    await editor.gotoNew();
    await editor.waitForAvailable();
    const ids = (await editor.freeAvailableIds()).slice(0, 3);
    for (const id of ids) await editor.dragIntoPackage(id);
    await expect.poll(() => editor.packageIds()).toEqual(ids);

    // 'Sports Daily' is a seeded package of the publisher.
    await editor.nameInput.fill('  sports DAILY ');
    const byName = await editor.saveAndWait();
    expect(byName.status()).toBe(409);
    await shell.toast(packageNameInUse('sports DAILY')).waitFor();
    await expect.poll(() => editor.nameError.innerText()).toBe(packageNameInUse('sports DAILY'));
    expect(await editor.nameInput.inputValue()).toBe('  sports DAILY ');
    expect(await editor.nameInput.getAttribute('aria-invalid')).toBe('true');
    // The field at fault has the focus: the user can retype at once.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pe-name');
    expect(page.url()).toMatch(/\/packages\/editor\/new\/\d+$/);

    // Typing clears the message.
    await editor.nameInput.fill('Sports Daily, the late edition');
    await expect(editor.nameError).toHaveCount(0);

    // 'election-special' is a seeded embed name of the publisher.
    await editor.aliasInput.fill('ELECTION-Special');
    const byAlias = await editor.saveAndWait();
    expect(byAlias.status()).toBe(409);
    const aliasError = page.getByTestId('pe-alias-error');
    await expect.poll(() => aliasError.innerText()).toBe(embedNameInUse('ELECTION-Special'));
    expect(await editor.aliasInput.inputValue()).toBe('ELECTION-Special');
    expect(await editor.nameError.count()).toBe(0);
    // The toasts (the spec's) sit over the panel: closed, the fields show their messages.
    // Closing one toast may take the next one's place (the lane shows one at a time): close the first until none.
    while ((await page.locator('.p-toast-icon-close').count()) > 0)
      await page
        .locator('.p-toast-icon-close')
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    await expect(page.locator('.p-toast-message')).toHaveCount(0);
    await snap(page, 'package-editor-alias-in-use');

    await editor.aliasInput.fill('late-edition');
    await expect(aliasError).toHaveCount(0);
    const saved = await editor.saveAndWait();
    expect(saved.status()).toBe(201);
    await page.waitForURL(/\/packages\/editor\/[^/]+\/\d+$/);
  });
});
