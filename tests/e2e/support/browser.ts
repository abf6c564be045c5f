// Chromium with the flags this machine needs (the browser tests' config launches it with these too; the
// fault, security and bench scripts launch it here), and page helpers for the console.
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { LoginPage } from './pages/login-page.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Logs in through the login form, as a user would, and waits until the form has gone. */
export async function loginAs(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  const login = new LoginPage(page, baseUrl);
  await login.goto();
  await login.submit(email, password);
  await login.form.waitFor({ state: 'detached' });
}

/** Saves a screenshot under test-results/ (to look at a screen; a failed test's own is in its report). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The keys the console left in the page's local storage. */
export function localStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}
