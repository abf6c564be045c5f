// The package editor's save panel as editor@demo.example: a validation line that appears when the Name or
// Embed name field loses focus must not move the buttons below it. Leaving the field happens on the mouse
// press of a click on a button; a button pushed down between press and release never got that click, so
// each test presses where the button was before the message showed, in one real mouse click.
import { expect, test } from './support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { messages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { PackageEditorPage } from './support/pages/package-editor-page.ts';
import { Shell } from './support/pages/shell.ts';

test.use({ e2e: { signedInAs: 'editor@demo.example' } });

/** The button's box now, while the field still has focus and no message shows. */
async function boxOf(button: Locator) {
  const box = await button.boundingBox();
  if (!box) throw new Error('the button is not on screen');
  return box;
}

/** One mouse click (press and release) at the middle of a box measured earlier. */
async function clickAt(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe('package editor: validation lines keep the buttons where they were', () => {
  test('Save takes the click that leaves an emptied Name, and stays put as the message shows', async ({
    page,
    server,
  }) => {
    const editor = new PackageEditorPage(page, server.baseUrl);
    const shell = new Shell(page);
    await editor.gotoNew();
    await editor.nameInput.click();
    await editor.nameInput.fill('Showreel');
    await editor.nameInput.fill('');
    const before = await boxOf(editor.saveButton);

    await clickAt(page, before);

    // The message showed (the field was left) and the click reached Save: it refuses the empty package.
    expect(await editor.nameError.innerText()).toBe(messages.packageNameInvalid);
    const refusal = await editor.sizeError.innerText();
    await shell.toast(refusal).waitFor();
    const after = await boxOf(editor.saveButton);
    expect(after.y).toBe(before.y);
    await snap(page, 'package-editor-name-message');
  });

  test('Preview takes the click that leaves a wrong Embed name', async ({ page, server }) => {
    const editor = new PackageEditorPage(page, server.baseUrl);
    const shell = new Shell(page);
    await editor.gotoNew();
    await editor.aliasInput.click();
    await editor.aliasInput.fill('1x');
    const preview = page.getByTestId('pe-preview-button');
    const before = await boxOf(preview);

    await clickAt(page, before);

    await page.getByTestId('pe-alias-error').getByText(messages.aliasFormat).waitFor();
    // Preview with no highlights tells the user how many it needs.
    await shell.toast(messages.selectAtLeast3Apvs).waitFor();
    expect((await boxOf(preview)).y).toBe(before.y);
    await snap(page, 'package-editor-alias-message');
  });

  test("the preview's own PREVIEW takes the click that leaves an emptied Name", async ({ page, server }) => {
    const editor = new PackageEditorPage(page, server.baseUrl);
    await editor.gotoNew();
    const ids = (await editor.freeAvailableIds()).slice(0, 3);
    for (const [i, id] of ids.entries()) {
      await editor.dragIntoPackage(id);
      await expect.poll(() => editor.packageIds()).toEqual(ids.slice(0, i + 1));
    }
    const stage = page.getByTestId('package-preview');
    expect(await stage.getAttribute('data-phase')).toBe('ready');
    await editor.nameInput.click();
    await editor.nameInput.fill('Showreel');
    await editor.nameInput.fill('');
    const start = page.getByTestId('package-preview-start');
    const before = await boxOf(start);

    await clickAt(page, before);

    await editor.nameError.waitFor();
    await expect(stage).toHaveAttribute('data-phase', 'playing');
  });
});
