// The APV Highlights screen: filter toolbar, server-paged table, detail drawer.
import type { Page, Response } from '@playwright/test';

const LIST_CALL = /\/api\/v1\/editor\/highlights\/(index|search)\?/;
const STATUS_CALL = /\/api\/v2\/dashboard\/articles\/\d+$/;

export class HighlightsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(path = '/highlights/web') {
    await this.page.goto(this.baseUrl + path);
    await this.waitForRows();
  }

  get root() {
    return this.page.getByTestId('highlights-page');
  }
  get table() {
    return this.page.getByTestId('highlights-table');
  }
  get rows() {
    return this.table.getByTestId('highlights-row');
  }
  get searchBox() {
    return this.page.getByRole('searchbox', { name: 'Search' });
  }
  get emptyState() {
    return this.page.getByTestId('highlights-empty');
  }

  /** Waits until the table holds real rows (not the first-load skeleton) and no page is loading. */
  async waitForRows() {
    await this.table.locator('[data-testid^="highlight-title-"]').first().waitFor();
    await this.page.locator('[data-testid="highlights-table"][aria-busy="false"]').waitFor();
  }

  /**
   * Runs an action that makes the table ask the server again, waits for the list call it causes
   * (the first one `accept` takes) and for the table to show its answer; returns the call's URL.
   */
  async reloadsWith(
    action: () => Promise<unknown>,
    accept: (url: URL) => boolean = () => true,
  ): Promise<URL> {
    const response = this.page.waitForResponse(
      (r: Response) => LIST_CALL.test(r.url()) && accept(new URL(r.url())),
    );
    await action();
    const url = new URL((await response).url());
    await this.page.locator('[data-testid="highlights-table"][aria-busy="false"]').waitFor();
    return url;
  }

  /** Highlight ids of the rows, top to bottom. */
  rowIds(): Promise<number[]> {
    return this.table
      .locator('[data-testid^="highlight-title-"]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')!.replace(/\D+/g, ''))));
  }

  titles(): Promise<string[]> {
    return this.table.locator('[data-testid^="highlight-title-"]').allInnerTexts();
  }

  /** The text of one column in every row, found by its header. */
  columnTexts(header: string): Promise<string[]> {
    return this.table.evaluate((table, name) => {
      const headers = [...table.querySelectorAll('thead th')];
      const index = headers.findIndex((th) => th.querySelector('.p-column-title')?.textContent === name);
      if (index < 0) throw new Error(`no column headed '${name}'`);
      return [...table.querySelectorAll('tbody tr[data-testid="highlights-row"]')].map(
        (tr) => tr.children[index]?.textContent?.trim() ?? '',
      );
    }, header);
  }

  /** For each row: whether its thumbnail image has loaded and has pixels. */
  thumbnailsLoaded(): Promise<boolean[]> {
    return this.table
      .locator('[data-testid^="highlight-thumb-"] img')
      .evaluateAll((imgs) =>
        imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      );
  }

  columnHeader(header: string) {
    return this.table.getByRole('columnheader', { name: header });
  }

  /** The options a toolbar select offers (opened, read, closed again). */
  async dropdownOptions(testId: string): Promise<string[]> {
    await this.page.getByTestId(testId).click();
    const options = this.page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const labels = await options.allInnerTexts();
    await this.page.keyboard.press('Escape');
    await options.first().waitFor({ state: 'detached' });
    return labels;
  }

  /** Picks an option of a toolbar select ('highlights-filter-date', '-status', 'highlights-sort'). */
  async choose(testId: string, option: string) {
    await this.page.getByTestId(testId).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }

  /** The rows-per-page select of the paginator. */
  get pageSizeSelect() {
    return this.table.locator('[data-pc-name="paginator"] [data-pc-name="dropdown"]');
  }
  async choosePageSize(size: number) {
    await this.pageSizeSelect.click();
    await this.page
      .getByRole('listbox')
      .getByRole('option', { name: String(size), exact: true })
      .click();
  }
  pageButton(n: number) {
    return this.table.getByRole('button', { name: `Page ${n}`, exact: true });
  }

  /** The Enable Front Page checkbox of a row. */
  frontPageCheckbox(highlightId: number) {
    return this.table.getByTestId(`enable-front-page-${highlightId}`);
  }
  isFrontPageEnabled(highlightId: number): Promise<boolean> {
    return this.frontPageCheckbox(highlightId).getByRole('checkbox').isChecked();
  }
  /** Clicks the checkbox and waits for the server to answer the enable/disable call. */
  async toggleFrontPage(highlightId: number): Promise<Response> {
    const answered = this.page.waitForResponse(
      (r) => STATUS_CALL.test(r.url()) && r.request().method() === 'POST',
    );
    await this.frontPageCheckbox(highlightId).click();
    return answered;
  }

  /** Opens the drawer by clicking a row's Created cell (not the title link, not a checkbox). */
  async openDrawerByRow(index: number) {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const created = headers.findIndex((h) => h.trim() === 'Created');
    await this.rows.nth(index).getByRole('cell').nth(created).click();
    await this.drawer.waitFor({ state: 'visible' });
  }

  get drawer() {
    return this.page.getByTestId('highlight-drawer');
  }
  drawerField(name: 'highlight-id' | 'article-id' | 'duration' | 'created' | 'status-text' | 'title') {
    return name === 'title'
      ? this.page.getByTestId('highlight-drawer-title')
      : this.page.getByTestId(`highlight-drawer-${name}`);
  }
  get drawerVideo() {
    return this.page.getByTestId('highlight-drawer-video');
  }
  get downloadMp4() {
    return this.page.getByRole('group', { name: 'Download' }).getByRole('button', { name: 'MP4' });
  }
  get downloadGif() {
    return this.page.getByRole('group', { name: 'Download' }).getByRole('button', { name: 'GIF' });
  }
}
