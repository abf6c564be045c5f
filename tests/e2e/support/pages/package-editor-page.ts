// The package editor (/packages/editor/new/{ts}, /packages/editor/{id}/{ts}): the available highlights on
// the left, the package's highlights in the middle (native HTML5 drag and drop), the save panel on the right.
import type { Locator, Page, Response } from '@playwright/test';

const SAVE_CALL = /\/api\/v1\/editor\/packages(\/[^/?]+)?$/;

export class PackageEditorPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens a new package and waits for the first page of available highlights. */
  async gotoNew() {
    await this.page.goto(`${this.baseUrl}/packages/editor/new/${Date.now()}`);
    await this.waitForAvailable();
  }

  /** Opens an existing package and waits for its highlights and the available list. */
  async gotoPackage(embedId: string) {
    await this.page.goto(`${this.baseUrl}/packages/editor/${embedId}/${Date.now()}`);
    await this.packageRows.first().waitFor();
    await this.waitForAvailable();
  }

  get root() {
    return this.page.getByTestId('package-editor');
  }
  get mobileNotice() {
    return this.page.getByTestId('package-editor-mobile');
  }

  // ------------------------------------------------------------ left: available highlights

  get availableColumn() {
    return this.page.getByTestId('pe-available-column');
  }
  get availableList() {
    return this.page.getByTestId('pe-available-list');
  }
  /** Real items only (the loading skeleton has no data-in-package). */
  get availableItems() {
    return this.availableList.locator('li[data-in-package]');
  }
  async waitForAvailable() {
    await this.availableItems.first().waitFor();
    await this.page.locator('[data-testid="pe-available-list"][aria-busy="false"]').waitFor();
  }
  /** Ids of the available highlights not yet in the package, top to bottom. */
  freeAvailableIds(): Promise<number[]> {
    return this.availableList
      .locator('li[data-in-package="false"]')
      .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-testid')!.replace(/\D+/g, ''))));
  }
  availableItem(id: number) {
    return this.page.getByTestId(`pe-available-${id}`);
  }
  availableHandle(id: number) {
    return this.page.getByTestId(`pe-available-handle-${id}`);
  }
  /** The + button of an available highlight. */
  addButton(id: number) {
    return this.page.getByTestId(`pe-available-add-${id}`);
  }

  // ------------------------------------------------------------ middle: the package

  get packageColumn() {
    return this.page.getByTestId('pe-package-column');
  }
  get packageRows() {
    return this.page.getByTestId('pe-package-list').locator('li[data-pe-row]');
  }
  get packageCount() {
    return this.page.getByTestId('pe-package-count');
  }
  /** Highlight ids in the package, in order. */
  packageIds(): Promise<number[]> {
    return this.packageRows.evaluateAll((rows) =>
      rows.map((row) => Number(row.getAttribute('data-highlight-id'))),
    );
  }
  /** Titles in the package, in order. */
  packageTitles(): Promise<string[]> {
    return this.packageRows.locator('[data-testid^="pe-item-title-"]').allInnerTexts();
  }
  packageItem(id: number) {
    return this.page.getByTestId(`pe-item-${id}`);
  }
  packageHandle(id: number) {
    return this.page.getByTestId(`pe-item-handle-${id}`);
  }
  title(id: number) {
    return this.page.getByTestId(`pe-item-title-${id}`);
  }
  moveUpButton(id: number) {
    return this.page.getByTestId(`pe-item-up-${id}`);
  }
  removeButton(id: number) {
    return this.page.getByTestId(`pe-item-remove-${id}`);
  }

  /**
   * Drags an available highlight by its handle and drops it under the package's last row, with real
   * mouse moves (Playwright drives Chromium's native HTML5 drag and drop).
   */
  async dragIntoPackage(id: number) {
    const box = await this.packageColumn.boundingBox();
    if (!box) throw new Error('the package column is not on screen');
    await this.availableHandle(id).dragTo(this.packageColumn, {
      targetPosition: { x: box.width / 2, y: box.height - 24 },
    });
  }

  /** Drags a package row by its handle onto the upper quarter of another row (inserting before it). */
  async dragBefore(id: number, beforeId: number) {
    const target = this.packageItem(beforeId);
    const box = await target.boundingBox();
    if (!box) throw new Error(`row ${beforeId} is not on screen`);
    await this.packageHandle(id).dragTo(target, { targetPosition: { x: box.width / 2, y: box.height / 4 } });
  }

  /** Opens a title for editing, types a new one, and ends with Enter (submit) or Escape (cancel). */
  async renameTitle(id: number, text: string, key: 'Enter' | 'Escape') {
    await this.page.getByTestId(`pe-item-title-${id}-edit`).click();
    const input = this.page.getByTestId(`pe-item-title-${id}-input`);
    await input.fill(text);
    await input.press(key);
    await input.waitFor({ state: 'detached' });
  }

  // ------------------------------------------------------------ right: the save panel

  get nameInput() {
    return this.page.getByTestId('pe-name');
  }
  get nameError() {
    return this.page.getByTestId('pe-name-error');
  }
  get aliasInput() {
    return this.page.getByTestId('pe-alias');
  }
  get sizeError() {
    return this.page.getByTestId('pe-size-error');
  }
  get saveButton() {
    return this.page.getByTestId('pe-save');
  }
  get unsavedTag() {
    return this.page.getByTestId('pe-unsaved');
  }
  detail(name: 'type' | 'status' | 'id' | 'count' | 'category') {
    return this.page.getByTestId(`pe-detail-${name}`);
  }

  /** Presses Save and resolves with the server's answer to the POST or PUT it sends. */
  async saveAndWait(): Promise<Response> {
    const answered = this.page.waitForResponse(
      (r) => SAVE_CALL.test(new URL(r.url()).pathname) && ['POST', 'PUT'].includes(r.request().method()),
    );
    await this.saveButton.click();
    return answered;
  }

  // ------------------------------------------------------------ dialogs

  /** The 'Highlight removed' dialog of an auto package. */
  get removedDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Highlight removed' });
  }
  get removedYes() {
    return this.page.getByTestId('pe-removed-yes');
  }
  get removedNo() {
    return this.page.getByTestId('pe-removed-no');
  }
  /** The prompt when leaving with unsaved changes. */
  get leaveDialog(): Locator {
    return this.page.getByTestId('pe-leave-dialog');
  }
  get leaveStay() {
    return this.page.getByTestId('pe-leave-no');
  }
  get leaveGo() {
    return this.page.getByTestId('pe-leave-yes');
  }
}
