// Switching a highlight on or off on the publisher's live pages, as the APV admin of publisher 406: the
// change persists, and the toast that confirms it takes it back.
import { beforeEach, describe, expect, it } from 'vitest';
import { snap } from './support/browser.ts';
import { useE2eSuite } from './support/suite.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';

const s = useE2eSuite({ signedInAs: 'apvadmin@demo.example' });
let list: HighlightsPage;

beforeEach(async () => {
  list = new HighlightsPage(s.page, s.server.baseUrl);
  await list.goto('/highlights/web');
});

describe('enable checkboxes', () => {
  it('Enable Front Page keeps its new state over a reload (and is set back at the end)', async () => {
    const id = (await list.rowIds())[0]!;
    const before = await list.isFrontPageEnabled(id);

    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(!before);
    await s.page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(!before);

    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(before);
    await s.page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(before);
  });

  it('confirms a switch with a toast whose Undo puts it back, on the server too', async () => {
    const id = (await list.rowIds())[0]!;
    const before = await list.isFrontPageEnabled(id);
    expect((await list.toggleFrontPage(id)).status()).toBe(200);
    const undo = s.page.getByTestId('toast-undo');
    await undo.waitFor();
    expect(await s.page.getByTestId('toast-text').last().innerText()).toMatch(
      before ? /^No longer shown on the front page: "/ : /^Shown on the front page: "/,
    );
    await snap(s.page, 'highlights-switch-undo-toast');
    const undone = s.page.waitForResponse(
      (r) => /\/api\/v2\/dashboard\/articles\/\d+$/.test(r.url()) && r.request().method() === 'POST',
    );
    await undo.click();
    expect((await undone).status()).toBe(200);
    await expect.poll(() => list.isFrontPageEnabled(id)).toBe(before);
    await s.page.reload();
    await list.waitForRows();
    expect(await list.isFrontPageEnabled(id)).toBe(before);
  });
});
