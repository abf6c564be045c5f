// Live programs (as live@demo.example) and the Auto Highlight Review queue (as apvadmin@demo.example):
// searching programs by name and by id, a program and its drawer; reviewing an article with the keyboard
// only, the queue and the badges dropping by one, and an invalid form that cannot be submitted.
import { expect, test } from './support/fixtures.ts';
import { loginAs, snap } from './support/browser.ts';
import { ProgramsPage } from './support/pages/programs-page.ts';
import { ReviewPage } from './support/pages/review-page.ts';
import { SideMenu } from './support/pages/side-menu.ts';

test.use({ e2e: {} });

/** 'Nov 19, 2026': the console's date format. */
const DATE = /^[A-Z][a-z]{2} \d{2}, \d{4}$/;

/** Opens the first queued article showing `count` highlights; its id, or undefined when none does. */
async function openArticleWith(review: ReviewPage, count: number): Promise<number | undefined> {
  for (const id of await review.articleIds()) {
    await review.open(id);
    if ((await review.highlights.count()) === count) return id;
    await review.closePanel();
  }
  return undefined;
}

test.describe('Programs', () => {
  let programs: ProgramsPage;
  test.beforeEach(async ({ page, server }) => {
    await loginAs(page, server.baseUrl, 'live@demo.example');
    programs = new ProgramsPage(page, server.baseUrl);
    await programs.goto();
  });

  test('searches by name on Enter only with text, and Clear Search lists every program again', async ({
    page,
  }) => {
    const all = await programs.names();
    expect(all.length).toBeGreaterThan(1);

    // Blank or spaces only: no search, the tooltip says why.
    expect(await programs.submit.isDisabled()).toBe(true);
    await programs.searchBox.fill('   ');
    expect(await programs.submit.isDisabled()).toBe(true);
    await programs.submit.hover({ force: true });
    await expect.poll(() => page.locator('.p-tooltip').innerText()).toBe('Please fill out search field');

    const word = all[0]!.split(' ').find((w) => w.length > 3)!;
    const url = await programs.reloadsWith(async () => {
      await programs.searchBox.fill(word.toLowerCase());
      await programs.searchBox.press('Enter');
    });
    expect(url.searchParams.get('search_text')).toBe(word.toLowerCase());
    expect(url.searchParams.get('search_type')).toBe('program_title');
    const found = await programs.names();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    for (const name of found) expect(name.toLowerCase()).toContain(word.toLowerCase());
    await snap(page, 'programs-search-name');

    const cleared = await programs.reloadsWith(() => programs.clear.click());
    expect(cleared.searchParams.has('search_text')).toBe(false);
    expect(await programs.names()).toEqual(all);
    expect(await programs.searchBox.inputValue()).toBe('');
  });

  test('searches by id when the box is left with changed text, then opens the program and its drawer', async ({
    page,
  }) => {
    const names = await programs.names();
    const ids = await programs.ids();
    const id = ids[2]!;
    await programs.searchBy('Program ID');
    const url = await programs.reloadsWith(async () => {
      await programs.searchBox.fill(id);
      await programs.searchBox.press('Tab');
    });
    expect(url.searchParams.get('search_type')).toBe('program_id');
    expect(url.searchParams.get('search_text')).toBe(id);
    expect(await programs.ids()).toEqual([id]);

    // Leaving the box again with the same text asks nothing.
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/programs/index')) asked += 1;
    });
    await programs.searchBox.focus();
    await programs.searchBox.press('Tab');
    await page.waitForTimeout(300);
    expect(asked).toBe(0);

    await programs.rows.first().click();
    await page.waitForURL(`**/highlights/live/stream/program/${id}`);
    // The rows show skeletons until the program loads: wait for its title, not for the first row.
    await expect.poll(() => programs.detailTitle.innerText()).toBe(names[2]);
    const crumbs = await programs.breadcrumbs.innerText();
    expect(crumbs).toContain('Horizontal View');
    expect(crumbs).toContain('View Program');
    await programs.highlightRows.first().click();
    await programs.drawer.waitFor({ state: 'visible' });
    expect(await programs.drawerVideo.getAttribute('src')).toMatch(/\.mp4$/);
    expect(await programs.drawerCreated.innerText()).toMatch(DATE);
    await snap(page, 'program-drawer');
  });
});

test.describe('Auto Highlight Review', () => {
  let review: ReviewPage;
  test.beforeEach(async ({ page, server }) => {
    await loginAs(page, server.baseUrl, 'apvadmin@demo.example');
    review = new ReviewPage(page, server.baseUrl);
    await review.goto();
  });

  test('lists the queue newest first by default', async () => {
    const created = await review.table
      .locator('tbody tr[data-testid="review-row"]')
      .evaluateAll((rows) =>
        rows.map((tr) => Date.parse(`${tr.children[3]!.textContent!.trim()} 00:00 UTC`)),
      );
    expect(created.length).toBeGreaterThan(1);
    expect(created.every((v, i) => i === 0 || created[i - 1]! >= v)).toBe(true);
  });

  test('keeps Done and Reject disabled while the form is invalid, and ALT+D sends nothing', async ({
    page,
  }) => {
    const [first] = await review.articleIds();
    await review.open(first!);
    expect(await review.done.isDisabled()).toBe(true);
    expect(await review.reject.isDisabled()).toBe(true);

    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('submit_feedback')) sent += 1;
    });
    // Bad without a reason is not enough.
    await page.keyboard.press('Alt+KeyW');
    await expect
      .poll(() => review.highlight(0).getByTestId('review-highlight-0-state').innerText())
      .toMatch(/APV reason/);
    expect(await review.done.isDisabled()).toBe(true);
    await page.keyboard.press('Alt+KeyD');
    await page.keyboard.press('Alt+KeyR');
    await page.waitForTimeout(400);
    expect(sent).toBe(0);
    expect(await review.done.isDisabled()).toBe(true);
    await snap(page, 'review-invalid');
  });

  test('keeps the column sort across a reload, and Refresh asks again', async ({ page }) => {
    const listCall = (accept: (u: URL) => boolean) =>
      page.waitForResponse((r) => r.url().includes('/articles/pending_review?') && accept(new URL(r.url())));
    const sorted = listCall((u) => u.searchParams.get('sort_by') === 'title');
    await review.table.getByRole('columnheader', { name: 'Title' }).click();
    const url = new URL((await sorted).url());
    expect(url.searchParams.get('order_by')).toBe('asc');

    const reloaded = listCall(() => true);
    await page.reload();
    const again = new URL((await reloaded).url());
    expect([again.searchParams.get('sort_by'), again.searchParams.get('order_by')]).toEqual(['title', 'asc']);
    await review.waitForRows();

    const refreshed = listCall((u) => u.searchParams.get('sort_by') === 'title');
    await page.getByTestId('review-refresh').click();
    await refreshed;
  });

  test('reviews an article of three highlights with the keyboard, the third by the key shown beside it', async ({
    page,
  }) => {
    const articleId = await openArticleWith(review, 3);
    expect(articleId, 'the demo queue has an article with three highlights').toBeDefined();
    expect(await review.highlight(2).locator('.hc-kbd-hint').innerText()).toBe(
      'Alt+3 good · Alt+Shift+3 bad',
    );
    await page.keyboard.press('Alt+KeyQ');
    await page.keyboard.press('Shift+KeyQ');
    expect(await review.done.isEnabled()).toBe(false);
    await page.keyboard.press('Alt+Digit3');
    await expect
      .poll(() => review.highlight(2).getByTestId('review-highlight-2-state').innerText())
      .toBe('Rated');
    await expect.poll(() => review.done.isEnabled()).toBe(true);
    await snap(page, 'review-keyboard-three');
    expect(await review.submits(() => page.keyboard.press('Alt+KeyD'))).toBe(200);
    await expect(review.article(articleId!)).toHaveCount(0);
  });

  test('reviews an article with the keyboard only; it leaves the queue and the badges drop by one', async ({
    page,
  }) => {
    const userBadge = page.getByTestId('pending-badge');
    await userBadge.waitFor();
    const before = Number(await userBadge.innerText());
    const queued = Number((await review.count.innerText()).replace(/\D+/g, ''));

    // An article with two highlights: the shortcuts cover the first and the second.
    const articleId = await openArticleWith(review, 2);
    expect(articleId).toBeDefined();

    // ALT+W: the first is Bad (TV forced to No / other) and the reason picker takes the focus.
    await page.keyboard.press('Alt+KeyW');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid')),
      )
      .toBe('review-highlight-0-apv-reason');
    // ArrowDown opens the list, ArrowDown again reaches the first reason, Enter takes it.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect
      .poll(() => review.highlight(0).getByTestId('review-highlight-0-state').innerText())
      .toBe('Rated');
    expect(await review.reasonLabel(0, 'apv')).toBe("Content doesn't match title");
    expect(await review.reasonLabel(0, 'tv')).toBe('Other');
    // SHIFT+Q: the second looks good.
    await page.keyboard.press('Shift+KeyQ');
    await expect.poll(() => review.done.isEnabled()).toBe(true);
    await snap(page, 'review-keyboard-filled');

    const reviewedTitle = await page.getByTestId('review-panel-title').innerText();
    const status = await review.submits(() => page.keyboard.press('Alt+KeyD'));
    expect(status).toBe(200);
    await expect
      .poll(() => page.getByTestId('toast-text').allInnerTexts())
      .toContain('Thanks, Feedback has been submitted.');
    // The panel moves on to the next article of the queue (nobody else holds one here).
    await expect.poll(() => page.getByTestId('review-panel-title').innerText()).not.toBe(reviewedTitle);
    expect(await review.panel.isVisible()).toBe(true);
    await expect(review.article(articleId!)).toHaveCount(0);
    await expect
      .poll(async () => Number((await review.count.innerText()).replace(/\D+/g, '')))
      .toBe(queued - 1);
    await expect.poll(async () => Number(await userBadge.innerText())).toBe(before - 1);

    await review.closePanel();
    const menu = new SideMenu(page);
    await menu.open();
    expect(Number(await page.getByTestId('menu-badge-review').innerText())).toBe(before - 1);
    await snap(page, 'review-after-done');
  });
});
