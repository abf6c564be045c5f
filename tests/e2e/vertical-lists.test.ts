// The vertical tool's lists as reviewer@demo.example (and viewer@demo.example for Vertical View): the
// highlight and full-video review lists (columns, a multi-column server sort, filters, REFRESH, a row
// opening the review modal), Vertical View's tabs and program search, a program's ready and rejected
// segment tables, the item drawer and its reels_valid switch surviving a reload, and the full-video view.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { loginAs, snap } from './support/browser.ts';
import { useE2eSuite } from './support/suite.ts';

const s = useE2eSuite({ signedInAs: 'reviewer@demo.example' });

/** 'Nov 19, 2026': the console's date format. */
const DATE = /^[A-Z][a-z]{2} \d{2}, \d{4}$/;
const TASKS_CALL = '/api/v1/editor/vertical_tasks?';
const PROGRAMS_CALL = '/api/v1/editor/vertical_video/programs?';

/** The query of the next list call matching `accept`, caused by `action`, once its rows are drawn. */
async function callOf(
  page: Page,
  path: string,
  action: () => Promise<unknown>,
  accept: (q: URLSearchParams) => boolean = () => true,
): Promise<URLSearchParams> {
  const response = page.waitForResponse(
    (r: Response) => r.url().includes(path) && accept(new URL(r.url()).searchParams),
  );
  await action();
  const done = await response;
  expect(done.status()).toBe(200);
  await idle(page);
  return new URL(done.url()).searchParams;
}

/** Every table on the page has its rows (no call running, no skeletons). */
async function idle(page: Page) {
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  await page.locator('.p-skeleton').first().waitFor({ state: 'detached' });
}

const headers = (page: Page) => page.locator('thead th .p-column-title').allInnerTexts();
const taskRows = (page: Page) => page.getByTestId('vertical-tasks-row');
/** The texts of one column (1-based) of the task table. */
const cells = (page: Page, column: number) =>
  taskRows(page).locator(`td:nth-child(${column})`).allInnerTexts();

/** '1:05' → 65. */
const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function pick(page: Page, dropdown: string, option: string) {
  await page.getByTestId(dropdown).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('highlight review list', () => {
  beforeEach(async () => {
    await s.page.goto(`${s.server.baseUrl}/highlights/live/vertical/review`);
    await taskRows(s.page).first().locator('[data-testid^="vertical-task-"]').waitFor();
    await idle(s.page);
  });

  it('shows the spec columns and sorts on the server by one column, then by two', async () => {
    expect(await headers(s.page)).toEqual([
      'Publisher',
      'Channel',
      'Program',
      'Program ID',
      'Segment ID',
      'Video ID',
      'Duration',
      'Discovery timestamp',
      'Algo suggestion timestamp',
    ]);
    expect(await s.page.getByTestId('vertical-count').innerText()).toBe('5 highlight tasks in review');
    expect(await taskRows(s.page).count()).toBe(5);
    for (const date of await cells(s.page, 8)) expect(date.split('\n')[0]).toMatch(DATE);

    const byDuration = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByRole('columnheader', { name: 'Duration' }).click(),
    );
    expect(byDuration.getAll('sort_by[]')).toEqual(['duration']);
    expect(byDuration.getAll('order_dir[]')).toEqual(['asc']);
    const durations = (await cells(s.page, 7)).map(seconds);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));

    // Ctrl-click adds a second key: ties of duration go by video id, highest first after a second click.
    await callOf(s.page, TASKS_CALL, () =>
      s.page.getByRole('columnheader', { name: 'Video ID' }).click({ modifiers: ['Control'] }),
    );
    const twoKeys = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByRole('columnheader', { name: 'Video ID' }).click({ modifiers: ['Control'] }),
    );
    expect(twoKeys.getAll('sort_by[]')).toEqual(['duration', 'video_id']);
    expect(twoKeys.getAll('order_dir[]')).toEqual(['asc', 'desc']);
    const rows = (await taskRows(s.page).all()).length;
    const pairs = await Promise.all(
      Array.from({ length: rows }, async (_, i) => {
        const row = taskRows(s.page).nth(i);
        return [
          seconds(await row.locator('td:nth-child(7)').innerText()),
          Number(await row.locator('td:nth-child(6)').innerText()),
        ] as const;
      }),
    );
    const expected = [...pairs].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    expect(pairs).toEqual(expected);
    await snap(s.page, 'vertical-review-sorted');
  });

  it('filters by free text and by program, asks again on REFRESH, and opens the review modal', async () => {
    const search = s.page.getByTestId('vertical-filter-text');
    const byText = await callOf(
      s.page,
      TASKS_CALL,
      () => search.fill('Storm'),
      (q) => q.has('free_query'),
    );
    expect(byText.get('free_query')).toBe('Storm');
    const programs = await cells(s.page, 3);
    expect(programs.length).toBeGreaterThan(0);
    for (const program of programs) expect(program).toBe('Storm Watch Live');

    const nothing = await callOf(s.page, TASKS_CALL, () => search.fill('no such title'));
    expect(nothing.get('free_query')).toBe('no such title');
    expect(await s.page.getByTestId('vertical-tasks-empty').innerText()).toBe(messages.noResults);

    await callOf(
      s.page,
      TASKS_CALL,
      () => search.fill(''),
      (q) => !q.has('free_query'),
    );
    const byProgram = await callOf(s.page, TASKS_CALL, () =>
      pick(s.page, 'vertical-filter-program', 'Morning Briefing · Planet News 24'),
    );
    expect(Number(byProgram.get('program'))).toBeGreaterThan(0);
    expect(await cells(s.page, 3)).toEqual(['Morning Briefing', 'Morning Briefing']);

    const refreshed = await callOf(s.page, TASKS_CALL, () => s.page.getByTestId('vertical-refresh').click());
    expect(refreshed.get('program')).toBe(byProgram.get('program'));
    expect(refreshed.get('from')).toBe('120');
    expect(refreshed.get('status')).toBe('review');

    await taskRows(s.page).first().click();
    await expect.poll(() => s.page.getByTestId('vertical-review-title').isVisible()).toBe(true);
  });

  it('widens the scope to the publisher group and groups the rows by publisher', async () => {
    // Another publisher: its tasks, and no filter by the session publisher's programs.
    const other = await callOf(s.page, TASKS_CALL, () =>
      pick(s.page, 'vertical-filter-scope', 'Metro Sports'),
    );
    expect(other.getAll('publisher_ids[]')).toEqual(['407']);
    expect(await cells(s.page, 1)).toEqual(Array(4).fill('Metro Sports'));
    expect(await s.page.getByTestId('vertical-filter-program').getAttribute('class')).toContain('p-disabled');

    const byGroup = await callOf(s.page, TASKS_CALL, () =>
      pick(s.page, 'vertical-filter-scope', 'Planet Media Group'),
    );
    expect(byGroup.getAll('group_ids[]')).toEqual(['1']);
    expect(byGroup.has('publisher_ids[]')).toBe(false);
    expect(await s.page.getByTestId('vertical-count').innerText()).toBe('9 highlight tasks in review');

    const grouped = await callOf(s.page, TASKS_CALL, () =>
      pick(s.page, 'vertical-filter-group-by', 'Publisher'),
    );
    expect(grouped.getAll('sort_by[]')[0]).toBe('publisher_name');
    const groups = await s.page.getByTestId('vertical-tasks-group').allInnerTexts();
    expect(groups.length).toBe(2);
    expect(groups).toEqual([...groups].sort());
    await snap(s.page, 'vertical-review-grouped');
  });
});

describe('full-video review list', () => {
  it('shows the spec columns, no program filter, and opens the review modal on a row', async () => {
    await s.page.goto(`${s.server.baseUrl}/vertical/review`);
    await taskRows(s.page).first().locator('[data-testid^="vertical-task-"]').waitFor();
    await idle(s.page);
    expect(await headers(s.page)).toEqual(['Publisher', 'Name', 'ID', 'Duration', 'Discovery', 'Generation']);
    expect(await taskRows(s.page).count()).toBe(3);
    expect(await s.page.getByTestId('vertical-filter-program').count()).toBe(0);

    const byName = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByRole('columnheader', { name: 'Name' }).click(),
    );
    expect(byName.getAll('sort_by[]')).toEqual(['title']);
    expect(byName.get('content_type')).toBe('full_video');
    const names = await cells(s.page, 2);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await taskRows(s.page).first().click();
    await expect.poll(() => s.page.getByTestId('vertical-review-title').isVisible()).toBe(true);
  });
});

describe('Vertical View', () => {
  const programTitles = (page: Page) =>
    page
      .getByTestId('vertical-programs-table')
      .locator('button[data-testid^="vertical-program-"]')
      .allInnerTexts();
  /** programs.id of each row. */
  const programIds = async (page: Page) =>
    (
      await page
        .getByTestId('vertical-programs-table')
        .locator('button[data-testid^="vertical-program-"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!))
    ).map((id) => Number(id.replace('vertical-program-', '')));

  it('lists programs newest first on RESULTS and REJECTED, searches by title and by id, and clears', async () => {
    const first = await callOf(s.page, PROGRAMS_CALL, () =>
      s.page.goto(`${s.server.baseUrl}/highlights/live/vertical/view`),
    );
    expect(Object.fromEntries(first)).toMatchObject({
      status: 'ready',
      sort_by: 'start_date',
      order_by: 'desc',
      from: '120',
    });
    expect(await headers(s.page)).toEqual(['Channel', 'Program ID', 'Title', 'Start Date']);
    const dates = await s.page
      .getByTestId('vertical-programs-row')
      .locator('td:nth-child(4)')
      .allInnerTexts();
    expect(dates.length).toBeGreaterThan(1);
    for (const date of dates) expect(date).toMatch(DATE);
    const times = dates.map((d) => Date.parse(d));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const rejected = await callOf(s.page, PROGRAMS_CALL, () =>
      s.page.getByTestId('vertical-tab-rejected').click(),
    );
    expect(rejected.get('status')).toBe('rejected');
    expect(new URL(s.page.url()).searchParams.get('tab')).toBe('1');
    const all = await programTitles(s.page);
    expect(all.length).toBeGreaterThan(1);

    const word = all[0]!.split(' ')[0]!;
    const byTitle = await callOf(s.page, PROGRAMS_CALL, async () => {
      await s.page.getByTestId('vertical-programs-search-text').fill(word.toLowerCase());
      await s.page.getByTestId('vertical-programs-search-text').press('Enter');
    });
    expect(byTitle.get('search_type')).toBe('program_title');
    expect(byTitle.get('search_text')).toBe(word.toLowerCase());
    for (const title of await programTitles(s.page))
      expect(title.toLowerCase()).toContain(word.toLowerCase());

    await callOf(s.page, PROGRAMS_CALL, () => s.page.getByTestId('vertical-programs-search-clear').click());
    expect(await programTitles(s.page)).toEqual(all);

    const externalId = await s.page
      .getByTestId('vertical-programs-row')
      .nth(1)
      .locator('td:nth-child(2)')
      .innerText();
    await pick(s.page, 'vertical-programs-search-type', 'Program ID');
    const byId = await callOf(s.page, PROGRAMS_CALL, async () => {
      await s.page.getByTestId('vertical-programs-search-text').fill(externalId);
      await s.page.getByTestId('vertical-programs-search-submit').click();
    });
    expect(byId.get('search_type')).toBe('program_id');
    expect(await programTitles(s.page)).toEqual([all[1]]);

    // The view lives in the address: a reload (or a bookmark) asks the same and shows the same.
    const reloaded = await callOf(s.page, PROGRAMS_CALL, () => s.page.reload());
    expect(Object.fromEntries(reloaded)).toMatchObject({
      status: 'rejected',
      search_type: 'program_id',
      search_text: externalId,
    });
    expect(await s.page.getByTestId('vertical-programs-search-text').inputValue()).toBe(externalId);
    expect(await programTitles(s.page)).toEqual([all[1]]);

    await callOf(s.page, PROGRAMS_CALL, async () => {
      await s.page.getByTestId('vertical-programs-search-text').fill('EP0000000000');
      await s.page.getByTestId('vertical-programs-search-submit').click();
    });
    expect(await s.page.getByTestId('vertical-programs-empty').innerText()).toBe(messages.noResults);

    const refreshed = await callOf(s.page, PROGRAMS_CALL, () =>
      s.page.getByTestId('vertical-refresh').click(),
    );
    expect(refreshed.get('search_text')).toBe('EP0000000000');
    await snap(s.page, 'vertical-view-rejected-search');
  });

  it('opens a program on its tab, shows ready and rejected segments, and the drawer of each', async () => {
    await s.page.goto(`${s.server.baseUrl}/highlights/live/vertical/view`);
    await idle(s.page);
    const ready = await programIds(s.page);
    await callOf(s.page, PROGRAMS_CALL, () => s.page.getByTestId('vertical-tab-rejected').click());
    const rejectedIds = await programIds(s.page);
    const both = ready.find((id) => rejectedIds.includes(id));
    expect(both).toBeDefined();
    await callOf(s.page, PROGRAMS_CALL, () => s.page.getByTestId('vertical-tab-results').click());

    const segments = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByTestId(`vertical-program-${both}`).click(),
    );
    expect(new URL(s.page.url()).pathname).toBe(`/highlights/live/vertical/view/program/${both}/0`);
    expect(Object.fromEntries(segments)).toMatchObject({
      status: 'ready',
      content_type: 'highlight',
      program: String(both),
    });
    expect(await headers(s.page)).toEqual([
      'Channel',
      'Program',
      'Segment ID',
      'Video ID',
      'Highlight ID',
      'Discovery timestamp',
      'Generation timestamp',
    ]);
    const programName = (await s.page.getByTestId('vertical-program-title').innerText()).trim();
    for (const name of await cells(s.page, 2)) expect(name).toBe(programName);

    // The drawer of a ready segment: its vertical result, durations, dates and the link to the MP4.
    const row = taskRows(s.page).first();
    const videoId = await row.locator('td:nth-child(4)').innerText();
    await row.click();
    const drawer = s.page.getByTestId('vertical-drawer');
    await drawer.waitFor();
    expect(await s.page.getByTestId('vertical-drawer-video-title').innerText()).toMatch(/^vertical result$/i);
    expect(await s.page.getByTestId('vertical-drawer-duration').innerText()).toMatch(
      /^\d+:\d{2}\/\d+:\d{2}$/,
    );
    expect(await s.page.getByTestId('vertical-drawer-video-id').innerText()).toBe(videoId);
    expect(await s.page.getByTestId('vertical-drawer-discovery').innerText()).toMatch(DATE);
    expect(await s.page.getByTestId('vertical-drawer-generation').innerText()).toMatch(DATE);
    const href = (await s.page.getByTestId('vertical-drawer-open').getAttribute('href'))!;
    expect(href).toMatch(/\.mp4$/);
    expect(await s.page.getByTestId('vertical-drawer-video').getAttribute('src')).toBe(href);
    const mp4 = await s.page.request.get(new URL(href, s.server.baseUrl).href);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()['content-type']).toBe('video/mp4');
    expect(await s.page.getByTestId('vertical-drawer-reasons').count()).toBe(0);
    await snap(s.page, 'vertical-program-ready-drawer');
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const rejected = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByTestId('vertical-tab-rejected').click(),
    );
    expect(rejected.get('status')).toBe('rejected');
    expect(new URL(s.page.url()).pathname).toBe(`/highlights/live/vertical/view/program/${both}/1`);
    expect(await s.page.getByTestId('vertical-program-title').innerText()).toBe(programName);
    expect(await headers(s.page)).toEqual([
      'Channel',
      'Program',
      'Segment ID',
      'Video ID',
      'Discovery timestamp',
      'Generation timestamp',
    ]);
    await taskRows(s.page).first().click();
    await drawer.waitFor();
    expect(await s.page.getByTestId('vertical-drawer-video-title').innerText()).toMatch(/^source video$/i);
    expect(await s.page.getByTestId('vertical-drawer-duration').innerText()).toMatch(/^\d+:\d{2}$/);
    const reasons = await s.page.getByTestId('vertical-drawer-reasons').locator('li').allInnerTexts();
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(VERTICAL_BAD_QUALITY_REASONS).toContain(reason);
    await snap(s.page, 'vertical-program-rejected-drawer');
  });

  it('keeps a reels_valid change after a reload', async () => {
    await s.page.goto(`${s.server.baseUrl}/vertical/view`);
    await taskRows(s.page).first().locator('[data-testid^="vertical-task-"]').waitFor();
    await idle(s.page);
    expect(await headers(s.page)).toEqual([
      'Name',
      'Content source ID',
      'Duration',
      'Discovery',
      'Generation',
      'Derivative ID',
    ]);
    const reels = s.page.getByTestId('vertical-drawer-reels').getByRole('switch');
    const task = taskRows(s.page).first().locator('[data-testid^="vertical-task-"]');
    const taskId = (await task.getAttribute('data-testid'))!;
    await task.click();
    const before = (await reels.getAttribute('aria-checked')) === 'true';

    const saved = s.page.waitForResponse((r) => r.url().includes('/vertical_video/reels/update'));
    await reels.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      id: Number(taskId.replace('vertical-task-', '')),
      valid: !before,
    });
    await expect.poll(() => reels.getAttribute('aria-checked')).toBe(String(!before));

    await s.page.reload();
    await s.page.getByTestId(taskId).click();
    await expect.poll(() => reels.getAttribute('aria-checked')).toBe(String(!before));

    // REJECTED lists rejected full videos, without a derivative.
    await s.page.keyboard.press('Escape');
    const rejected = await callOf(s.page, TASKS_CALL, () =>
      s.page.getByTestId('vertical-tab-rejected').click(),
    );
    expect(rejected.get('status')).toBe('rejected');
    expect(await headers(s.page)).toEqual([
      'Name',
      'Content source ID',
      'Duration',
      'Discovery',
      'Generation',
    ]);
  });

  it("shows a failed program list with the server's message, and lists again on Try again", async () => {
    await s.page.route('**/vertical_video/programs?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errors: ['Programs are being reindexed'] }),
      }),
    );
    await s.page.goto(`${s.server.baseUrl}/highlights/live/vertical/view`);
    const failed = s.page.getByTestId('vertical-programs-error');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Programs are being reindexed');
    await snap(s.page, 'vertical-view-error');

    await s.page.unroute('**/vertical_video/programs?**');
    await callOf(s.page, PROGRAMS_CALL, () => failed.getByRole('button', { name: 'Try again' }).click());
    expect((await programTitles(s.page)).length).toBeGreaterThan(0);
  });

  it('lets a viewer browse the results without changing reels validity', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await loginAs(page, s.server.baseUrl, 'viewer@demo.example');
      await page.goto(`${s.server.baseUrl}/highlights/live/vertical/view`);
      await page.locator('button[data-testid^="vertical-program-"]').first().click();
      await taskRows(page).first().locator('[data-testid^="vertical-task-"]').waitFor();
      await taskRows(page).first().click();
      await page.getByTestId('vertical-drawer').waitFor();
      expect(await page.getByTestId('vertical-drawer-video-title').innerText()).toMatch(/^vertical result$/i);
      expect(await page.getByTestId('vertical-drawer-reels').getByRole('switch').isDisabled()).toBe(true);
      expect(await page.getByTestId('vertical-drawer-reels-note').innerText()).toBe(
        'Only reviewers can change this.',
      );
      await snap(page, 'vertical-viewer-drawer');

      await page.goto(`${s.server.baseUrl}/vertical/view`);
      await taskRows(page).first().locator('[data-testid^="vertical-task-"]').waitFor();
      expect(await taskRows(page).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
