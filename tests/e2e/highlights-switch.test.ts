// Switching a highlight on or off on the publisher's live pages, as the APV admin of publisher 406: the
// change persists, and the toast that confirms it takes it back.
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/browser.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';

test.use({ e2e: { signedInAs: 'apvadmin@demo.example' } });
let list: HighlightsPage;

test.beforeEach(async ({ page, server }) => {
  list = new HighlightsPage(page, server.baseUrl);
  await list.goto('/highlights/web');
});

test.describe('enable checkboxes', () => {
  test('Enable Front Page keeps its new state over a reload (and is set back at the end)', async ({
    page,
  }) => {
    const id = (await list.rowIds())[0]!;
    const before = await list.isFrontPageEnabled(id);

    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(!before);
    await page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(!before);

    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(before);
    await page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(before);
  });

  test('confirms a switch with a toast whose Undo puts it back, on the server too', async ({ page }) => {
    const id = (await list.rowIds())[0]!;
    const before = await list.isFrontPageEnabled(id);
    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    const undo = page.getByTestId('toast-undo');
    await undo.waitFor();
    expect(await page.getByTestId('toast-text').last().innerText()).toMatch(
      before ? /^No longer shown on the front page: "/ : /^Shown on the front page: "/,
    );
    await snap(page, 'highlights-switch-undo-toast');
    const undone = page.waitForResponse(
      (r) => /\/api\/v2\/dashboard\/articles\/\d+$/.test(r.url()) && r.request().method() === 'POST',
    );
    await undo.click();
    expect((await undone).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(before);
    await page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(before);
  });
});
