// The Horizontal View programs list and the program detail screen with its highlight drawer.
import type { Page } from '@playwright/test';

const LIST_CALL = /\/api\/v2\/dashboard\/programs\/index\?/;

export class ProgramsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(path = '/highlights/live/stream') {
    await this.page.goto(this.baseUrl + path);
    await this.waitForRows();
  }

  get table() {
    return this.page.getByTestId('programs-table');
  }
  get rows() {
    return this.table.getByTestId('programs-row');
  }
  get searchBox() {
    return this.page.getByRole('searchbox', { name: 'Search' });
  }
  get submit() {
    return this.page.getByTestId('programs-search-submit');
  }
  get clear() {
    return this.page.getByTestId('programs-search-clear');
  }
  get emptyState() {
    return this.page.getByTestId('programs-empty');
  }

  async waitForRows() {
    await this.table.locator('[data-testid^="program-link-"]').first().waitFor();
    await this.page.locator('[data-testid="programs-table"][aria-busy="false"]').waitFor();
  }

  /** Picks 'Program name' or 'Program ID' in the search type select. */
  async searchBy(label: 'Program name' | 'Program ID') {
    await this.page.getByTestId('programs-search-type').click();
    await this.page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  }

  /** Runs an action that makes the table ask again; returns the URL of the list call it caused. */
  async reloadsWith(action: () => Promise<unknown>, accept: (url: URL) => boolean = () => true) {
    const response = this.page.waitForResponse((r) => LIST_CALL.test(r.url()) && accept(new URL(r.url())));
    await action();
    const url = new URL((await response).url());
    await this.page.locator('[data-testid="programs-table"][aria-busy="false"]').waitFor();
    return url;
  }

  names(): Promise<string[]> {
    return this.table.locator('[data-testid^="program-link-"]').allInnerTexts();
  }
  ids(): Promise<string[]> {
    return this.table.locator('[data-testid^="program-id-"]').allInnerTexts();
  }

  // The program detail screen.
  get detail() {
    return this.page.getByTestId('program-page');
  }
  get detailTitle() {
    return this.page.getByTestId('program-title');
  }
  get highlightRows() {
    return this.page.getByTestId('program-highlight-row');
  }
  get drawer() {
    return this.page.getByTestId('program-highlight-drawer');
  }
  get drawerVideo() {
    return this.page.getByTestId('program-highlight-drawer-video');
  }
  get drawerCreated() {
    return this.page.getByTestId('program-highlight-drawer-created');
  }
  get breadcrumbs() {
    return this.page.getByTestId('breadcrumbs');
  }
}
