// The Auto Highlight Review queue and its review panel.
import type { Page } from '@playwright/test';

const SUBMIT_CALL = /\/api\/v1\/editor\/highlights\/submit_feedback$/;

export class ReviewPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto() {
    await this.page.goto(this.baseUrl + '/review');
    await this.waitForRows();
  }

  get table() {
    return this.page.getByTestId('review-table');
  }
  get rows() {
    return this.table.getByTestId('review-row');
  }
  get count() {
    return this.page.getByTestId('review-count');
  }

  async waitForRows() {
    await this.table.locator('[data-testid^="review-article-"]').first().waitFor();
    await this.page.locator('[data-testid="review-table"][aria-busy="false"]').waitFor();
  }

  /** Article ids of the rows, top to bottom. */
  articleIds(): Promise<number[]> {
    return this.table
      .locator('[data-testid^="review-article-"]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')!.replace(/\D+/g, ''))));
  }

  article(id: number) {
    return this.page.getByTestId(`review-article-${id}`);
  }

  get panel() {
    return this.page.getByTestId('review-panel');
  }
  /** The panel's n-th highlight card (0-based). */
  highlight(n: number) {
    return this.page.getByTestId(`review-highlight-${n}`);
  }
  get highlights() {
    return this.panel.locator('[data-testid^="review-highlight-"][data-highlight-id]');
  }
  /** The chosen reason a highlight's APV or TV reason select shows. */
  reasonLabel(n: number, kind: 'apv' | 'tv'): Promise<string> {
    return this.page
      .getByTestId(`review-highlight-${n}-${kind}-reason`)
      .locator('.p-dropdown-label')
      .innerText();
  }
  get done() {
    return this.page.getByTestId('review-done');
  }
  get reject() {
    return this.page.getByTestId('review-reject');
  }

  /** Opens an article's panel and waits for its highlights. */
  async open(id: number) {
    await this.article(id).click();
    await this.highlight(0).waitFor();
  }

  /** Closes the panel (Escape) and waits until it has gone. */
  async closePanel() {
    await this.page.keyboard.press('Escape');
    await this.panel.waitFor({ state: 'hidden' });
  }

  /** Waits for the submit call a key press or click causes; returns its status. */
  async submits(action: () => Promise<unknown>): Promise<number> {
    const response = this.page.waitForResponse(
      (r) => SUBMIT_CALL.test(r.url()) && r.request().method() === 'POST',
    );
    await action();
    return (await response).status();
  }
}
