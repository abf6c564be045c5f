// The parts of the signed-in frame around every page: breadcrumbs, toasts, the current path.
import type { Locator, Page } from '@playwright/test';

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

  /**
   * The controls (buttons, links, fields) a shown toast lies over, by their text or label: a toast must
   * cover none, since a toast under the pointer stays open and the click meant for the control is lost.
   */
  async controlsUnder(toast: Locator): Promise<string[]> {
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast is not on screen');
    return this.page.evaluate((area) => {
      const controls = document.querySelectorAll<HTMLElement>(
        'button, a[href], input, select, textarea, [role="button"], [role="combobox"], [tabindex="0"]',
      );
      const covered: string[] = [];
      for (const control of controls) {
        if (control.closest('.p-toast')) continue;
        const r = control.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const overlaps =
          r.left < area.x + area.width &&
          r.right > area.x &&
          r.top < area.y + area.height &&
          r.bottom > area.y;
        if (overlaps) {
          covered.push(
            (
              control.getAttribute('aria-label') ??
              control.innerText ??
              control.id ??
              control.tagName
            ).trim() || control.outerHTML.slice(0, 80),
          );
        }
      }
      return covered;
    }, box);
  }

  /** The current path with its query, without the origin. */
  path(): string {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }
}
