// The vertical tool's lists: the highlight and full-video review lists (filters, a server-sorted task
// table), Vertical View (RESULTS / REJECTED tabs, the program search, a program's segments) and the item
// drawer.
import type { Locator, Page, Response } from '@playwright/test';

const CALLS = {
  tasks: '/api/v1/editor/vertical_tasks?',
  programs: '/api/v1/editor/vertical_video/programs?',
} as const;

export const VERTICAL_LISTS = {
  highlightReview: '/highlights/live/vertical/review',
  fullVideoReview: '/vertical/review',
  highlightView: '/highlights/live/vertical/view',
  fullVideoView: '/vertical/view',
} as const;

export class VerticalListsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens a task list and waits for its rows. */
  async gotoTasks(path: string) {
    await this.page.goto(this.baseUrl + path);
    await this.taskTitles.first().waitFor();
    await this.idle();
  }

  /** Opens Vertical View's program list (the call it makes is the caller's to wait for, if it wants). */
  async gotoPrograms(path: string = VERTICAL_LISTS.highlightView) {
    await this.page.goto(this.baseUrl + path);
  }

  /** Every table on the page has its rows (no call running, no skeletons). */
  async idle() {
    await this.page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await this.page.locator('.p-skeleton').first().waitFor({ state: 'detached' });
  }

  /**
   * The query of the next list call (of tasks or programs) matching `accept`, caused by `action`, once
   * its rows are drawn; the call's status too, as the caller asserts it.
   */
  async callOf(
    kind: keyof typeof CALLS,
    action: () => Promise<unknown>,
    accept: (q: URLSearchParams) => boolean = () => true,
  ): Promise<{ status: number; query: URLSearchParams }> {
    const response = this.page.waitForResponse(
      (r: Response) => r.url().includes(CALLS[kind]) && accept(new URL(r.url()).searchParams),
    );
    await action();
    const done = await response;
    await this.idle();
    return { status: done.status(), query: new URL(done.url()).searchParams };
  }

  headers() {
    return this.page.locator('thead th .p-column-title').allInnerTexts();
  }
  columnHeader(name: string) {
    return this.page.getByRole('columnheader', { name });
  }

  // The task table.
  get taskRows() {
    return this.page.getByTestId('vertical-tasks-row');
  }
  /** The title cells that open a task (or its drawer). */
  get taskTitles() {
    return this.taskRows.locator('[data-testid^="vertical-task-"]');
  }
  taskTitle(videoId: number | string) {
    return this.page.getByTestId(`vertical-task-${videoId}`);
  }
  /** The texts of one column (1-based) of the task table. */
  cells(column: number) {
    return this.taskRows.locator(`td:nth-child(${column})`).allInnerTexts();
  }
  get count() {
    return this.page.getByTestId('vertical-count');
  }
  get empty() {
    return this.page.getByTestId('vertical-tasks-empty');
  }
  get groups() {
    return this.page.getByTestId('vertical-tasks-group');
  }

  // The review lists' filters.
  get filters() {
    return this.page.getByRole('search');
  }
  get search() {
    return this.filters.getByRole('searchbox', { name: 'Search' });
  }
  get scope() {
    return this.page.getByTestId('vertical-filter-scope');
  }
  get program() {
    return this.page.getByTestId('vertical-filter-program');
  }
  get groupBy() {
    return this.page.getByTestId('vertical-filter-group-by');
  }
  get refresh() {
    return this.page.getByRole('button', { name: 'REFRESH' });
  }

  /** Opens a dropdown and picks the option with that exact label. */
  async pick(dropdown: Locator, option: string) {
    await dropdown.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  // Vertical View.
  tab(name: 'RESULTS' | 'REJECTED') {
    return this.page.getByRole('tab', { name });
  }
  get programsTable() {
    return this.page.getByTestId('vertical-programs-table');
  }
  get programRows() {
    return this.page.getByTestId('vertical-programs-row');
  }
  /** The buttons that open a program, one a row. */
  get programButtons() {
    return this.programsTable.locator('button[data-testid^="vertical-program-"]');
  }
  programButton(id: number) {
    return this.page.getByTestId(`vertical-program-${id}`);
  }
  programTitles() {
    return this.programButtons.allInnerTexts();
  }
  /** programs.id of each row. */
  async programIds(): Promise<number[]> {
    const ids = await this.programButtons.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-testid')!),
    );
    return ids.map((id) => Number(id.replace('vertical-program-', '')));
  }
  get programSearchType() {
    return this.page.getByTestId('vertical-programs-search-type');
  }
  get programSearch() {
    return this.page.getByTestId('vertical-programs-filters').getByRole('searchbox', { name: 'Search' });
  }
  get programSearchSubmit() {
    return this.page
      .getByTestId('vertical-programs-filters')
      .getByRole('button', { name: 'Search', exact: true });
  }
  get programSearchClear() {
    return this.page
      .getByTestId('vertical-programs-filters')
      .getByRole('button', { name: 'Clear', exact: true });
  }
  get programsEmpty() {
    return this.page.getByTestId('vertical-programs-empty');
  }
  get programsError() {
    return this.page.getByTestId('vertical-programs-error');
  }
  get programTitle() {
    return this.page.getByTestId('vertical-program-title');
  }

  // The item drawer.
  get drawer() {
    return this.page.getByTestId('vertical-drawer');
  }
  drawerPart(
    part:
      | 'video-title'
      | 'duration'
      | 'video-id'
      | 'discovery'
      | 'generation'
      | 'open'
      | 'video'
      | 'reasons'
      | 'reels-note',
  ) {
    return this.page.getByTestId(`vertical-drawer-${part}`);
  }
  get reelsSwitch() {
    return this.page.getByTestId('vertical-drawer-reels').getByRole('switch');
  }
}
