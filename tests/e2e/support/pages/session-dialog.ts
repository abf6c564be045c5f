// The dialog a 401 opens while a session exists ('Looks like your session done...').
import type { Page } from '@playwright/test';

export class SessionDialog {
  constructor(private readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Session expired' });
  }
  /** The message paragraph of the dialog. */
  get message() {
    return this.dialog.locator('p');
  }
  get goToLoginButton() {
    return this.dialog.getByRole('button', { name: 'Go to login', exact: true });
  }
  get closeButton() {
    return this.dialog.getByRole('button', { name: 'Close', exact: true });
  }
}
