// /login: the e-mail and password form, its failure message and the version footer.
import type { Page } from '@playwright/test';

export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  goto(from?: string) {
    const query = from ? `?from=${encodeURIComponent(from)}` : '';
    return this.page.goto(`${this.baseUrl}/login${query}`);
  }

  get form() {
    return this.page.getByTestId('login-form');
  }
  get email() {
    return this.page.getByRole('textbox', { name: 'E-mail', exact: true });
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get button() {
    return this.page.getByRole('button', { name: 'Log in', exact: true });
  }
  /** The message under the form after a failed attempt. */
  get error() {
    return this.page.getByTestId('login-error');
  }
  get version() {
    return this.page.getByTestId('console-version');
  }

  /** Fills both fields (key by key, as a person types, with keyByKey) and presses the button. */
  async submit(email: string, password: string, { keyByKey = false } = {}) {
    if (keyByKey) {
      await this.email.pressSequentially(email);
      await this.password.pressSequentially(password);
    } else {
      await this.email.fill(email);
      await this.password.fill(password);
    }
    await this.button.click();
  }
}
