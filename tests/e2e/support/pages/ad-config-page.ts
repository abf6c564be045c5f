// The Ad Configuration grid (/admin/ad-config) and the Bulk Report screen (/admin/reports).
import type { Page } from '@playwright/test';

export class AdConfigPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.baseUrl}/admin/ad-config`);
    await this.page.getByTestId('grid-empty').waitFor();
  }

  /** Picks publishers by name in the multi-select, then Get Configurations. */
  async load(names: string[]) {
    await this.page.getByTestId('grid-publishers').click();
    for (const name of names)
      await this.page.locator('.p-multiselect-item').filter({ hasText: name }).click();
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('grid-get').click();
    await this.page.getByTestId('grid-table-publisher').waitFor();
  }

  rows() {
    return this.page.getByTestId('grid-row');
  }
  cell(key: string, field: string) {
    return this.page.getByTestId(`grid-cell-${key}-${field}`);
  }
  cellError(key: string, field: string) {
    return this.page.getByTestId(`grid-cell-${key}-${field}-error`);
  }
  get submit() {
    return this.page.getByTestId('grid-submit');
  }

  /** Clicks a text or number cell, types, and leaves it with Enter. */
  async type(key: string, field: string, text: string) {
    await this.cell(key, field).locator('button').click();
    const input = this.page.getByTestId(`grid-cell-${key}-${field}-input`);
    await input.fill(text);
    await input.press('Enter');
  }
}

export class ReportsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.baseUrl}/admin/reports`);
    await this.page.getByTestId('report-populate').waitFor();
  }

  get fillId() {
    return this.page.getByTestId('report-fill-id');
  }
  get updateId() {
    return this.page.getByTestId('report-update-id');
  }
  get link() {
    return this.page.getByTestId('report-link');
  }
  get updateResult() {
    return this.page.getByTestId('report-update-result');
  }
  get preview() {
    return this.page.getByTestId('report-preview');
  }
  /** A preview row group by its status (change, conflict, refused) and a text it holds. */
  previewRow(status: 'change' | 'conflict' | 'refused', text: string) {
    return this.page
      .locator(`[data-testid=report-preview-row][data-status=${status}]`)
      .filter({ hasText: text });
  }
  get history() {
    return this.page.getByTestId('report-history');
  }
  get historyItems() {
    return this.page.getByTestId('report-history-item');
  }

  async newSpreadsheet(): Promise<string> {
    await this.page.getByTestId('report-new').click();
    await this.page.waitForFunction(
      () => (document.querySelector('[data-testid=report-fill-id]') as HTMLInputElement | null)?.value !== '',
    );
    return this.fillId.inputValue();
  }

  async pickPublisher(row: number, name: string) {
    await this.page.getByTestId(`report-picker-${row}`).click();
    await this.page.locator('.p-dropdown-item').filter({ hasText: name }).click();
  }

  async upload(name: string, content: Buffer) {
    await this.page.getByTestId('report-upload-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: content,
    });
    await this.page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=report-update-id]') as HTMLInputElement | null)?.value !== '',
    );
  }
}
