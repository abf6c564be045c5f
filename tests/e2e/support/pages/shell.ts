// The parts of the signed-in frame around every page: breadcrumbs, toasts, the current path.
import type { Page } from 'playwright-core';

export class Shell {
  constructor(private readonly page: Page) {}

  get breadcrumbs() {
    return this.page.getByTestId('breadcrumbs');
  }

  /** The breadcrumb labels, root first (the home icon has no label). */
  breadcrumbLabels(): Promise<string[]> {
    return this.breadcrumbs.locator('.p-menuitem-text').allInnerTexts();
  }

  /** The visible toast carrying this text. */
  toast(text: string) {
    return this.page
      .locator('.p-toast-message')
      .filter({ has: this.page.getByTestId('toast-text') })
      .filter({
        hasText: text,
      });
  }

  /** The current path with its query, without the origin. */
  path(): string {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }
}
