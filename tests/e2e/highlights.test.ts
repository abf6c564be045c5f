// The APV Highlights screen as editor@demo.example (publisher 406 Daily Planet, which has GIFs).
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/browser.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';

test.use({ e2e: { signedInAs: 'editor@demo.example' } });
let list: HighlightsPage;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A word the demo titles use ('{footballer} scores twice...'), and not a category name. */
const SEARCH_WORD = 'Ronaldo';

/** 'Nov 21, 2026' → the start of that day in UTC, in ms. */
const parseCreated = (text: string) => Date.parse(`${text} 00:00 UTC`);
const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
/** '1,321' → 1321; 'N/A' (a count of -1) sorts as -1. */
const parseCount = (text: string) => (text === 'N/A' ? -1 : Number(text.replaceAll(',', '')));
const isSorted = (values: number[], order: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (order === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

test.beforeEach(async ({ page, server }) => {
  list = new HighlightsPage(page, server.baseUrl);
  await list.goto('/highlights/web');
});

test.describe('APV Highlights table', () => {
  test('shows the first page of ten rows, each with a loaded thumbnail', async ({ page }) => {
    expect(await list.rows.count()).toBe(10);
    const ids = await list.rowIds();
    expect(new Set(ids).size).toBe(10);
    await expect.poll(() => list.thumbnailsLoaded()).toEqual(Array(10).fill(true));
    const created = (await list.columnTexts('Created')).map(parseCreated);
    expect(isSorted(created, 'desc')).toBe(true);
    await snap(page, 'highlights-first-page');
  });

  test('a search word shows only the rows whose titles hold it; an unknown word shows the empty text', async ({
    page,
  }) => {
    const url = await list.reloadsWith(
      () => list.searchBox.pressSequentially(SEARCH_WORD),
      (u) => u.searchParams.get('q') === SEARCH_WORD,
    );
    expect(url.pathname).toBe('/api/v1/editor/highlights/search');
    const titles = await list.titles();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(new RegExp(SEARCH_WORD, 'i'));
    await snap(page, 'highlights-search');

    await list.reloadsWith(
      () => list.searchBox.fill('Zyxwvut'),
      (u) => u.searchParams.get('q') === 'Zyxwvut',
    );
    await list.emptyState.waitFor();
    expect(await list.emptyState.innerText()).toBe('No results found, please refine your search.');
    expect(await list.rows.filter({ has: page.locator('[data-testid^="highlight-title-"]') }).count()).toBe(
      0,
    );
  });

  test('a numeric search shows exactly the highlight with that id', async () => {
    const wanted = (await list.rowIds())[3]!;
    await list.reloadsWith(
      () => list.searchBox.pressSequentially(String(wanted)),
      (u) => u.searchParams.get('q') === String(wanted),
    );
    expect(await list.rowIds()).toEqual([wanted]);
  });

  test('the date filter sends from_date and keeps only rows created since then', async () => {
    const url = await list.reloadsWith(
      () => list.choose('highlights-filter-date', '1 Week'),
      (u) => u.searchParams.has('from_date'),
    );
    const from = url.searchParams.get('from_date')!;
    expect(from).toBe(yyyymmdd(Date.now() - 7 * DAY_MS));
    // Oldest first, so the first row is the one nearest the boundary.
    const asc = await list.reloadsWith(() => list.columnHeader('Created').click());
    expect(asc.searchParams.get('order_by')).toBe('date_asc');
    expect(asc.searchParams.get('from_date')).toBe(from);
    const created = (await list.columnTexts('Created')).map(parseCreated);
    expect(created.length).toBeGreaterThan(0);
    const fromMs = Date.parse(`${from.slice(0, 4)}-${from.slice(4, 6)}-${from.slice(6)}T00:00:00Z`);
    for (const day of created) expect(day).toBeGreaterThanOrEqual(fromMs);
  });

  test('status Deactivated shows only rows with Enable Front Page unchecked, Active only checked ones', async ({
    page,
  }) => {
    const frontPageStates = () =>
      list.table
        .locator('[data-testid^="enable-front-page-"] input')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).checked));

    const deactivated = await list.reloadsWith(() => list.choose('highlights-filter-status', 'Deactivated'));
    expect(deactivated.searchParams.get('status')).toBe('deactivated');
    const off = await frontPageStates();
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((checked) => !checked)).toBe(true);
    await snap(page, 'highlights-deactivated');

    await list.reloadsWith(() => list.choose('highlights-filter-status', 'Active'));
    const on = await frontPageStates();
    expect(on.length).toBe(10);
    expect(on.every((checked) => checked)).toBe(true);
  });

  test('offers the Relevance sort only while there is search text', async () => {
    expect(await list.dropdownOptions('highlights-sort')).toEqual(['Date']);
    await list.reloadsWith(
      () => list.searchBox.pressSequentially(SEARCH_WORD),
      (u) => u.searchParams.get('q') === SEARCH_WORD,
    );
    expect(await list.dropdownOptions('highlights-sort')).toEqual(['Date', 'Relevance']);
    const relevance = await list.reloadsWith(() => list.choose('highlights-sort', 'Relevance'));
    expect(relevance.pathname).toBe('/api/v1/editor/highlights/search');
    expect(relevance.searchParams.get('order_by')).toBe('desc');

    // Without text the list goes back to the index call, sorted by Date.
    const cleared = await list.reloadsWith(
      () => list.searchBox.clear(),
      (u) => u.pathname === '/api/v1/editor/highlights/index',
    );
    expect(cleared.searchParams.get('order_by')).toBe('date_desc');
    expect(await list.dropdownOptions('highlights-sort')).toEqual(['Date']);
  });

  test('a first click on a number column sorts it highest first, N/A last; a second click sorts it lowest first, N/A still last', async ({
    page,
  }) => {
    const firstBefore = (await list.rowIds())[0];
    const desc = await list.reloadsWith(() => list.columnHeader('Front Page Clicks').click());
    expect(desc.searchParams.get('order_by')).toBe('non_uniq_regular_clicks_desc');
    expect(await list.columnHeader('Front Page Clicks').getAttribute('aria-sort')).toBe('descending');
    const descValues = (await list.columnTexts('Front Page Clicks')).map(parseCount);
    expect(isSorted(descValues, 'desc')).toBe(true);
    expect(descValues[0]).toBeGreaterThan(0);
    const firstDesc = (await list.rowIds())[0];
    expect(firstDesc).not.toBe(firstBefore);
    await snap(page, 'highlights-sorted-clicks-desc');

    const asc = await list.reloadsWith(() => list.columnHeader('Front Page Clicks').click());
    expect(asc.searchParams.get('order_by')).toBe('non_uniq_regular_clicks_asc');
    const ascTexts = await list.columnTexts('Front Page Clicks');
    // Going up, the lowest known counts lead; the unknown ones (N/A) stay at the end, not on top.
    expect(ascTexts).not.toContain('N/A');
    const ascValues = ascTexts.map(parseCount);
    expect(isSorted(ascValues, 'asc')).toBe(true);
    expect(ascValues[0]).toBeGreaterThanOrEqual(0);
    await snap(page, 'highlights-sorted-clicks-asc');
    expect(descValues[0]).toBeGreaterThan(ascValues[0]!);
    expect((await list.rowIds())[0]).not.toBe(firstDesc);
  });

  test('a page size of 20 shows 20 rows and is still 20 after a reload', async ({ page }) => {
    const url = await list.reloadsWith(() => list.choosePageSize(20));
    expect(url.searchParams.get('per')).toBe('20');
    expect(await list.rows.count()).toBe(20);

    await page.reload();
    await list.waitForRows();
    expect(await list.rows.count()).toBe(20);
    expect(await list.pageSizeSelect.innerText()).toContain('20');
  });

  test('page 2 shows other rows than page 1', async () => {
    const page1 = await list.rowIds();
    const url = await list.reloadsWith(() => list.pageButton(2).click());
    expect(url.searchParams.get('page')).toBe('2');
    const page2 = await list.rowIds();
    expect(page2).toHaveLength(10);
    expect(page2.filter((id) => page1.includes(id))).toEqual([]);
    expect(await list.pageButton(2).getAttribute('aria-current')).toBe('true');
  });
});

test.describe('highlight drawer', () => {
  test('opens on a row click with the ids, duration, playable video, and MP4 and GIF downloads', async ({
    page,
  }) => {
    const id = (await list.rowIds())[0]!;
    const title = (await list.titles())[0]!;
    await list.openDrawerByRow(0);

    expect(await list.drawerField('title').innerText()).toBe(title);
    expect(await list.drawerField('highlight-id').innerText()).toBe(String(id));
    expect(await list.drawerField('article-id').innerText()).toMatch(/^\d+$/);
    expect(await list.drawerField('duration').innerText()).toMatch(/^\d+(\.\d+)? seconds$/);
    expect(await list.drawerVideo.getAttribute('src')).toMatch(/\.mp4$/);
    await expect
      .poll(() => list.drawerVideo.evaluate((v) => (v as HTMLVideoElement).readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await list.downloadMp4.isVisible()).toBe(true);
    expect(await list.downloadGif.isVisible()).toBe(true);
    await snap(page, 'highlight-drawer');

    const download = page.waitForEvent('download');
    await list.downloadMp4.click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`${id}\\.mp4$`));
  });
});

test.describe('enable checkboxes', () => {
  test('are shown but locked for an editor without the APV admin role, and say why', async () => {
    const id = (await list.rowIds())[0]!;
    const box = list.frontPageCheckbox(id).getByRole('checkbox');
    expect(await box.isDisabled()).toBe(true);
    // The pointer's explanation sits on the wrapper (a disabled control gets no pointer events).
    expect(await list.frontPageCheckbox(id).locator('..').getAttribute('title')).toBe(
      'Only APV article admins can switch highlights on live pages.',
    );
  });
});
