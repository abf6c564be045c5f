// /syndication: the read-only table of the Active packages the other publishers of the group share.
import type { Page } from '@playwright/test';

export class SyndicationPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.baseUrl}/syndication`);
    await this.waitForRows();
  }

  get table() {
    return this.page.getByTestId('syndication-table');
  }
  get rows() {
    return this.table.getByTestId('syndication-row');
  }
  get count() {
    return this.page.getByTestId('syndication-count');
  }

  /** Waits until the table shows real rows (not the skeleton) and no page is loading. */
  async waitForRows() {
    await this.table.locator('[data-testid^="syndication-title-"]').first().waitFor();
    await this.page.locator('[data-testid="syndication-table"][aria-busy="false"]').waitFor();
  }

  /** The column headers, left to right. */
  headers(): Promise<string[]> {
    return this.table.locator('thead th').evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? ''));
  }

  /** Embed ids of the rows, top to bottom. */
  rowIds(): Promise<string[]> {
    return this.table
      .locator('[data-testid^="syndication-id-"]')
      .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  }
  titles(): Promise<string[]> {
    return this.table.locator('[data-testid^="syndication-title-"]').allInnerTexts();
  }

  /** The text of one column in every row, found by its header. */
  columnTexts(header: string): Promise<string[]> {
    return this.table.evaluate((table, name) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      const index = headers.indexOf(name);
      if (index < 0) throw new Error(`no column headed '${name}'`);
      return [...table.querySelectorAll('tbody tr[data-testid="syndication-row"]')].map(
        (tr) => tr.children[index]?.textContent?.trim() ?? '',
      );
    }, header);
  }
}
