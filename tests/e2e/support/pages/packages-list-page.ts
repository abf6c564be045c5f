// The Top Videos packages list (/packages): filter toolbar, server-paged table, status confirmation,
// row actions and the detail drawer with the package preview.
import { readFile } from 'node:fs/promises';
import type { Page, Response } from '@playwright/test';

const LIST_CALL = /\/api\/v1\/editor\/packages\?/;
const ONE_CALL = /\/api\/v1\/editor\/packages\/[^/?]+$/;

export class PackagesListPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.baseUrl}/packages`);
    await this.waitForRows();
  }

  get table() {
    return this.page.getByTestId('packages-table');
  }
  get rows() {
    return this.table.getByTestId('packages-row');
  }
  get newButton() {
    return this.page.getByTestId('packages-new');
  }
  get searchBox() {
    return this.page.getByTestId('packages-filter-text');
  }

  /** Waits until the table shows real rows (not the skeleton) and no page is loading. */
  async waitForRows() {
    await this.table.locator('[data-testid^="package-title-"]').first().waitFor();
    await this.page.locator('[data-testid="packages-table"][aria-busy="false"]').waitFor();
  }

  /** Types a search and waits for the list call with that text and for the table to show its answer. */
  async search(text: string) {
    const answered = this.page.waitForResponse(
      (r) => LIST_CALL.test(r.url()) && new URL(r.url()).searchParams.get('q') === text,
    );
    await this.searchBox.fill(text);
    await answered;
    await this.page.locator('[data-testid="packages-table"][aria-busy="false"]').waitFor();
  }

  /** Clicks Export and returns the text of the file the browser downloads. */
  async exportCsv(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('packages-export').click();
    const file = await (await download).path();
    return readFile(file, 'utf8');
  }

  /** Embed ids of the rows, top to bottom. */
  rowIds(): Promise<string[]> {
    return this.table
      .locator('[data-testid^="package-id-"]')
      .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  }

  titleButton(embedId: string) {
    return this.page.getByTestId(`package-title-${embedId}`);
  }
  statusCheckbox(embedId: string) {
    return this.page.getByTestId(`package-status-${embedId}`).getByRole('checkbox');
  }
  embedButton(embedId: string) {
    return this.page.getByTestId(`package-embed-${embedId}`);
  }
  deleteButton(embedId: string) {
    return this.page.getByTestId(`package-delete-${embedId}`);
  }

  // ------------------------------------------------------------ the confirmation dialog

  get confirmMessage() {
    return this.page.getByTestId('package-confirm-message');
  }
  get confirmAccept() {
    return this.page.getByTestId('package-confirm-accept');
  }

  /** Accepts the open confirmation and waits for the status PUT it sends. */
  async acceptAndWait(): Promise<Response> {
    const answered = this.page.waitForResponse(
      (r) => ONE_CALL.test(new URL(r.url()).pathname) && r.request().method() === 'PUT',
    );
    await this.confirmAccept.click();
    return answered;
  }

  // ------------------------------------------------------------ the drawer

  get drawer() {
    return this.page.getByTestId('package-drawer');
  }
  get drawerDelete() {
    return this.page.getByTestId('package-drawer-delete');
  }
  get drawerTitle() {
    return this.page.getByTestId('package-drawer-title');
  }
  drawerField(name: 'id' | 'alias' | 'status-text' | 'num-videos' | 'type') {
    return this.page.getByTestId(`package-drawer-${name}`);
  }
  get previewMessage() {
    return this.drawer.getByTestId('package-preview-message');
  }
  get previewStart() {
    return this.drawer.getByTestId('package-preview-start');
  }
  /** The showreel's video (Playwright's CSS pierces its open shadow root). */
  get previewVideo() {
    return this.drawer.getByTestId('package-preview-showreel').locator('video');
  }
  previewTime(): Promise<number> {
    return this.previewVideo.evaluate((v: HTMLVideoElement) => v.currentTime);
  }
}
