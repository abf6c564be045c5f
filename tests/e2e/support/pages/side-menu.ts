// The side drawer opened from the top bar's menu button: the menu tree built for the user's roles.
import type { Page } from '@playwright/test';

/** One menu entry as the drawer shows it. */
export interface MenuNode {
  label: string;
  children: MenuNode[];
}

export class SideMenu {
  constructor(private readonly page: Page) {}

  get button() {
    return this.page.getByTestId('menu-button');
  }
  get nav() {
    return this.page.getByTestId('side-menu');
  }

  async open() {
    await this.button.click();
    await this.nav.waitFor({ state: 'visible' });
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await this.nav.waitFor({ state: 'hidden' });
  }

  /** Labels of the top-level entries that are visible, in order. */
  async topLevelLabels(): Promise<string[]> {
    const labels = this.nav.locator(':scope > ul > li > [data-testid^="menu-"] .hc-nav-label');
    const all = await labels.all();
    const shown: string[] = [];
    for (const label of all) if (await label.isVisible()) shown.push(await label.innerText());
    return shown;
  }

  /** The whole tree in the DOM, closed groups included. */
  tree(): Promise<MenuNode[]> {
    return this.nav.evaluate((nav) => {
      const read = (ul: Element | null): MenuNode[] =>
        [...(ul?.children ?? [])].map((li) => ({
          label: li.querySelector(':scope > [data-testid^="menu-"] .hc-nav-label')?.textContent ?? '',
          children: read(li.querySelector(':scope > div > ul')),
        }));
      return [...nav.querySelectorAll(':scope > ul')].flatMap((ul) => read(ul));
    });
  }

  /** A group entry (a button that opens and closes its sub-items). */
  group(label: string) {
    return this.nav.getByRole('button', { name: label, exact: true });
  }
  /** A page entry (a link). */
  link(label: string) {
    return this.nav.getByRole('link', { name: label, exact: true });
  }

  async isExpanded(label: string): Promise<boolean> {
    return (await this.group(label).getAttribute('aria-expanded')) === 'true';
  }

  /** Labels of the entries marked as the current page. */
  currentLabels(): Promise<string[]> {
    return this.nav.locator('[aria-current="page"] .hc-nav-label').allInnerTexts();
  }
}
