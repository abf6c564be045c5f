// The user area at the right of the top bar: the account's e-mail and a panel with Logout.
import type { Page } from '@playwright/test';

export class UserMenu {
  constructor(private readonly page: Page) {}

  get button() {
    return this.page.getByTestId('user-menu-button');
  }
  get email() {
    return this.page.getByTestId('user-email');
  }
  get logoutButton() {
    return this.page.getByRole('button', { name: 'Logout', exact: true });
  }

  async logout() {
    await this.button.click();
    await this.logoutButton.click();
  }
}
