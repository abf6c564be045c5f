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

/**
 * Whether snap() saves its screenshots: where someone will look at them (a developer's run, or E2E_SNAPS=1),
 * not on CI, where nobody opens them and a full-page screenshot costs a loaded machine up to a second.
 * A failed test's own screenshots are taken either way (playwright.config.ts).
 */
const SNAPS = process.env.E2E_SNAPS ? process.env.E2E_SNAPS === '1' : !process.env.CI;

/** Saves a screenshot under test-results/ (to look at a screen; a failed test's own is in its report). */
export async function snap(page: Page, name: string) {
  if (!SNAPS) return;
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * Resolves once the page's live channel runs over a WebSocket: socket.io connects over HTTP polling, then
 * probes a WebSocket and sends the upgrade packet ('5') on it. Until then, a closed tab's connection is
 * noticed by the server only when its heartbeat times out (tens of seconds), not at once.
 * Call before the page opens the console.
 */
export async function liveSocketUpgraded(page: Page): Promise<void> {
  const socket = await page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/socket.io/'),
    timeout: 30_000,
  });
  await socket.waitForEvent('framesent', { predicate: (frame) => frame.payload === '5', timeout: 30_000 });
}

/** The keys the console left in the page's local storage. */
export function localStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}
