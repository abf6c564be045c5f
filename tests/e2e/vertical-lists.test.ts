// The vertical tool's lists as reviewer@demo.example (and viewer@demo.example for Vertical View): the
// highlight and full-video review lists (columns, a multi-column server sort, filters, REFRESH, a row
// opening the review modal), Vertical View's tabs and program search, a program's ready and rejected
// segment tables, the item drawer and its reels_valid switch surviving a reload, and the full-video view.
import { SIGNED_OUT, expect, test as e2eTest } from './support/fixtures.ts';
import { VERTICAL_LISTS, VerticalListsPage } from './support/pages/vertical-lists-page.ts';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { loginAs, snap } from './support/browser.ts';

const test = e2eTest.extend<{ lists: VerticalListsPage }>({
  lists: async ({ page, server }, use) => use(new VerticalListsPage(page, server.baseUrl)),
});
test.use({ e2e: { signedInAs: 'reviewer@demo.example' } });

/** 'Nov 19, 2026': the console's date format. */
const DATE = /^[A-Z][a-z]{2} \d{2}, \d{4}$/;
/** The list call's query, once its rows are drawn; the call must have succeeded. */
async function callOf(
  lists: VerticalListsPage,
  kind: 'tasks' | 'programs',
  action: () => Promise<unknown>,
  accept?: (q: URLSearchParams) => boolean,
): Promise<URLSearchParams> {
  const { status, query } = await lists.callOf(kind, action, accept);
  expect(status).toBe(200);
  return query;
}

/** '1:05' → 65. */
const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test.describe('highlight review list', () => {
  test.beforeEach(async ({ lists }) => {
    await lists.gotoTasks(VERTICAL_LISTS.highlightReview);
  });

  test('shows the spec columns and sorts on the server by one column, then by two', async ({
    lists,
    page,
  }) => {
    expect(await lists.headers()).toEqual([
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
    expect(await lists.count.innerText()).toBe('5 highlight tasks in review');
    expect(await lists.taskRows.count()).toBe(5);
    for (const date of await lists.cells(8)) expect(date.split('\n')[0]).toMatch(DATE);

    const byDuration = await callOf(lists, 'tasks', () => lists.columnHeader('Duration').click());
    expect(byDuration.getAll('sort_by[]')).toEqual(['duration']);
    expect(byDuration.getAll('order_dir[]')).toEqual(['asc']);
    const durations = (await lists.cells(7)).map(seconds);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));

    // Ctrl-click adds a second key: ties of duration go by video id, highest first after a second click.
    await callOf(lists, 'tasks', () => lists.columnHeader('Video ID').click({ modifiers: ['Control'] }));
    const twoKeys = await callOf(lists, 'tasks', () =>
      lists.columnHeader('Video ID').click({ modifiers: ['Control'] }),
    );
    expect(twoKeys.getAll('sort_by[]')).toEqual(['duration', 'video_id']);
    expect(twoKeys.getAll('order_dir[]')).toEqual(['asc', 'desc']);
    const rows = (await lists.taskRows.all()).length;
    const pairs = await Promise.all(
      Array.from({ length: rows }, async (_, i) => {
        const row = lists.taskRows.nth(i);
        return [
          seconds(await row.locator('td:nth-child(7)').innerText()),
          Number(await row.locator('td:nth-child(6)').innerText()),
        ] as const;
      }),
    );
    const expected = [...pairs].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    expect(pairs).toEqual(expected);
    await snap(page, 'vertical-review-sorted');
  });

  test('filters by free text and by program, asks again on REFRESH, and opens the review modal', async ({
    lists,
    page,
  }) => {
    const search = lists.search;
    const byText = await callOf(
      lists,
      'tasks',
      () => search.fill('Storm'),
      (q) => q.has('free_query'),
    );
    expect(byText.get('free_query')).toBe('Storm');
    const programs = await lists.cells(3);
    expect(programs.length).toBeGreaterThan(0);
    for (const program of programs) expect(program).toBe('Storm Watch Live');

    const nothing = await callOf(lists, 'tasks', () => search.fill('no such title'));
    expect(nothing.get('free_query')).toBe('no such title');
    expect(await lists.empty.innerText()).toBe(messages.noResults);

    await callOf(
      lists,
      'tasks',
      () => search.fill(''),
      (q) => !q.has('free_query'),
    );
    const byProgram = await callOf(lists, 'tasks', () =>
      lists.pick(lists.program, 'Morning Briefing · Planet News 24'),
    );
    expect(Number(byProgram.get('program'))).toBeGreaterThan(0);
    expect(await lists.cells(3)).toEqual(['Morning Briefing', 'Morning Briefing']);

    const refreshed = await callOf(lists, 'tasks', () => lists.refresh.click());
    expect(refreshed.get('program')).toBe(byProgram.get('program'));
    expect(refreshed.get('from')).toBe('120');
    expect(refreshed.get('status')).toBe('review');

    await lists.taskRows.first().click();
    await expect(page.getByTestId('vertical-review-title')).toBeVisible();
  });

  test('widens the scope to the publisher group and groups the rows by publisher', async ({
    lists,
    page,
  }) => {
    // Another publisher: its tasks, and no filter by the session publisher's programs.
    const other = await callOf(lists, 'tasks', () => lists.pick(lists.scope, 'Metro Sports'));
    expect(other.getAll('publisher_ids[]')).toEqual(['407']);
    expect(await lists.cells(1)).toEqual(Array(4).fill('Metro Sports'));
    expect(await lists.program.getAttribute('class')).toContain('p-disabled');

    const byGroup = await callOf(lists, 'tasks', () => lists.pick(lists.scope, 'Planet Media Group'));
    expect(byGroup.getAll('group_ids[]')).toEqual(['1']);
    expect(byGroup.has('publisher_ids[]')).toBe(false);
    expect(await lists.count.innerText()).toBe('9 highlight tasks in review');

    const grouped = await callOf(lists, 'tasks', () => lists.pick(lists.groupBy, 'Publisher'));
    expect(grouped.getAll('sort_by[]')[0]).toBe('publisher_name');
    const groups = await lists.groups.allInnerTexts();
    expect(groups.length).toBe(2);
    expect(groups).toEqual([...groups].sort());
    await snap(page, 'vertical-review-grouped');
  });
});

test.describe('full-video review list', () => {
  test('shows the spec columns, no program filter, and opens the review modal on a row', async ({
    lists,
    page,
  }) => {
    await lists.gotoTasks(VERTICAL_LISTS.fullVideoReview);
    expect(await lists.headers()).toEqual(['Publisher', 'Name', 'ID', 'Duration', 'Discovery', 'Generation']);
    expect(await lists.taskRows.count()).toBe(3);
    expect(await lists.program.count()).toBe(0);

    const byName = await callOf(lists, 'tasks', () => lists.columnHeader('Name').click());
    expect(byName.getAll('sort_by[]')).toEqual(['title']);
    expect(byName.get('content_type')).toBe('full_video');
    const names = await lists.cells(2);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await lists.taskRows.first().click();
    await expect(page.getByTestId('vertical-review-title')).toBeVisible();
  });
});

test.describe('Vertical View', () => {
  test('lists programs newest first on RESULTS and REJECTED, searches by title and by id, and clears', async ({
    lists,
    page,
  }) => {
    const first = await callOf(lists, 'programs', () => lists.gotoPrograms());
    expect(Object.fromEntries(first)).toMatchObject({
      status: 'ready',
      sort_by: 'start_date',
      order_by: 'desc',
      from: '120',
    });
    expect(await lists.headers()).toEqual(['Channel', 'Program ID', 'Title', 'Start Date']);
    const dates = await lists.programRows.locator('td:nth-child(4)').allInnerTexts();
    expect(dates.length).toBeGreaterThan(1);
    for (const date of dates) expect(date).toMatch(DATE);
    const times = dates.map((d) => Date.parse(d));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const rejected = await callOf(lists, 'programs', () => lists.tab('REJECTED').click());
    expect(rejected.get('status')).toBe('rejected');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('1');
    const all = await lists.programTitles();
    expect(all.length).toBeGreaterThan(1);

    const word = all[0]!.split(' ')[0]!;
    const byTitle = await callOf(lists, 'programs', async () => {
      await lists.programSearch.fill(word.toLowerCase());
      await lists.programSearch.press('Enter');
    });
    expect(byTitle.get('search_type')).toBe('program_title');
    expect(byTitle.get('search_text')).toBe(word.toLowerCase());
    for (const title of await lists.programTitles())
      expect(title.toLowerCase()).toContain(word.toLowerCase());

    await callOf(lists, 'programs', () => lists.programSearchClear.click());
    expect(await lists.programTitles()).toEqual(all);

    const externalId = await lists.programRows.nth(1).locator('td:nth-child(2)').innerText();
    await lists.pick(lists.programSearchType, 'Program ID');
    const byId = await callOf(lists, 'programs', async () => {
      await lists.programSearch.fill(externalId);
      await lists.programSearchSubmit.click();
    });
    expect(byId.get('search_type')).toBe('program_id');
    expect(await lists.programTitles()).toEqual([all[1]]);

    // The view lives in the address: a reload (or a bookmark) asks the same and shows the same.
    const reloaded = await callOf(lists, 'programs', () => page.reload());
    expect(Object.fromEntries(reloaded)).toMatchObject({
      status: 'rejected',
      search_type: 'program_id',
      search_text: externalId,
    });
    expect(await lists.programSearch.inputValue()).toBe(externalId);
    expect(await lists.programTitles()).toEqual([all[1]]);

    await callOf(lists, 'programs', async () => {
      await lists.programSearch.fill('EP0000000000');
      await lists.programSearchSubmit.click();
    });
    expect(await lists.programsEmpty.innerText()).toBe(messages.noResults);

    const refreshed = await callOf(lists, 'programs', () => lists.refresh.click());
    expect(refreshed.get('search_text')).toBe('EP0000000000');
    await snap(page, 'vertical-view-rejected-search');
  });

  test('opens a program on its tab, shows ready and rejected segments, and the drawer of each', async ({
    lists,
    page,
    server,
  }) => {
    await lists.gotoPrograms();
    await lists.idle();
    const ready = await lists.programIds();
    await callOf(lists, 'programs', () => lists.tab('REJECTED').click());
    const rejectedIds = await lists.programIds();
    const both = ready.find((id) => rejectedIds.includes(id));
    expect(both).toBeDefined();
    await callOf(lists, 'programs', () => lists.tab('RESULTS').click());

    const segments = await callOf(lists, 'tasks', () => lists.programButton(both!).click());
    expect(new URL(page.url()).pathname).toBe(`/highlights/live/vertical/view/program/${both}/0`);
    expect(Object.fromEntries(segments)).toMatchObject({
      status: 'ready',
      content_type: 'highlight',
      program: String(both),
    });
    expect(await lists.headers()).toEqual([
      'Channel',
      'Program',
      'Segment ID',
      'Video ID',
      'Highlight ID',
      'Discovery timestamp',
      'Generation timestamp',
    ]);
    const programName = (await lists.programTitle.innerText()).trim();
    for (const name of await lists.cells(2)) expect(name).toBe(programName);

    // The drawer of a ready segment: its vertical result, durations, dates and the link to the MP4.
    const row = lists.taskRows.first();
    const videoId = await row.locator('td:nth-child(4)').innerText();
    await row.click();
    const drawer = lists.drawer;
    await drawer.waitFor();
    expect(await lists.drawerPart('video-title').innerText()).toMatch(/^vertical result$/i);
    expect(await lists.drawerPart('duration').innerText()).toMatch(/^\d+:\d{2}\/\d+:\d{2}$/);
    expect(await lists.drawerPart('video-id').innerText()).toBe(videoId);
    expect(await lists.drawerPart('discovery').innerText()).toMatch(DATE);
    expect(await lists.drawerPart('generation').innerText()).toMatch(DATE);
    const href = (await lists.drawerPart('open').getAttribute('href'))!;
    expect(href).toMatch(/\.mp4$/);
    expect(await lists.drawerPart('video').getAttribute('src')).toBe(href);
    const mp4 = await page.request.get(new URL(href, server.baseUrl).href);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()['content-type']).toBe('video/mp4');
    expect(await lists.drawerPart('reasons').count()).toBe(0);
    await snap(page, 'vertical-program-ready-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const rejected = await callOf(lists, 'tasks', () => lists.tab('REJECTED').click());
    expect(rejected.get('status')).toBe('rejected');
    expect(new URL(page.url()).pathname).toBe(`/highlights/live/vertical/view/program/${both}/1`);
    expect(await lists.programTitle.innerText()).toBe(programName);
    expect(await lists.headers()).toEqual([
      'Channel',
      'Program',
      'Segment ID',
      'Video ID',
      'Discovery timestamp',
      'Generation timestamp',
    ]);
    await lists.taskRows.first().click();
    await drawer.waitFor();
    expect(await lists.drawerPart('video-title').innerText()).toMatch(/^source video$/i);
    expect(await lists.drawerPart('duration').innerText()).toMatch(/^\d+:\d{2}$/);
    const reasons = await lists.drawerPart('reasons').locator('li').allInnerTexts();
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(VERTICAL_BAD_QUALITY_REASONS).toContain(reason);
    await snap(page, 'vertical-program-rejected-drawer');
  });

  test('keeps a reels_valid change after a reload', async ({ lists, page }) => {
    await lists.gotoTasks(VERTICAL_LISTS.fullVideoView);
    expect(await lists.headers()).toEqual([
      'Name',
      'Content source ID',
      'Duration',
      'Discovery',
      'Generation',
      'Derivative ID',
    ]);
    const reels = lists.reelsSwitch;
    const task = lists.taskTitles.first();
    const taskId = (await task.getAttribute('data-testid'))!;
    await task.click();
    const before = (await reels.getAttribute('aria-checked')) === 'true';

    const saved = page.waitForResponse((r) => r.url().includes('/vertical_video/reels/update'));
    await reels.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      id: Number(taskId.replace('vertical-task-', '')),
      valid: !before,
    });
    await expect(reels).toHaveAttribute('aria-checked', String(!before));

    await page.reload();
    await page.getByTestId(taskId).click();
    await expect(reels).toHaveAttribute('aria-checked', String(!before));

    // REJECTED lists rejected full videos, without a derivative.
    await page.keyboard.press('Escape');
    const rejected = await callOf(lists, 'tasks', () => lists.tab('REJECTED').click());
    expect(rejected.get('status')).toBe('rejected');
    expect(await lists.headers()).toEqual([
      'Name',
      'Content source ID',
      'Duration',
      'Discovery',
      'Generation',
    ]);
  });

  test("shows a failed program list with the server's message, and lists again on Try again", async ({
    lists,
    page,
  }) => {
    await page.route('**/vertical_video/programs?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errors: ['Programs are being reindexed'] }),
      }),
    );
    await lists.gotoPrograms();
    const failed = lists.programsError;
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Programs are being reindexed');
    await snap(page, 'vertical-view-error');

    await page.unroute('**/vertical_video/programs?**');
    await callOf(lists, 'programs', () => failed.getByRole('button', { name: 'Try again' }).click());
    expect((await lists.programTitles()).length).toBeGreaterThan(0);
  });

  test('lets a viewer browse the results without changing reels validity', async ({ server, browser }) => {
    const context = await browser.newContext({
      storageState: SIGNED_OUT,
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = await context.newPage();
      const viewer = new VerticalListsPage(page, server.baseUrl);
      await loginAs(page, server.baseUrl, 'viewer@demo.example');
      await viewer.gotoPrograms();
      await viewer.programButtons.first().click();
      await viewer.taskTitles.first().waitFor();
      await viewer.taskRows.first().click();
      await viewer.drawer.waitFor();
      expect(await viewer.drawerPart('video-title').innerText()).toMatch(/^vertical result$/i);
      await expect(viewer.reelsSwitch).toBeDisabled();
      await expect(viewer.drawerPart('reels-note')).toHaveText('Only reviewers can change this.');
      await snap(page, 'vertical-viewer-drawer');

      await viewer.gotoTasks(VERTICAL_LISTS.fullVideoView);
      expect(await viewer.taskRows.count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
