// One server and one browser per test file, a fresh browser context per test (empty storage, or only
// a signed-in session), and a screenshot and the browser's errors when a test fails.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, loginAs, snap } from './browser.ts';
import { startE2eServer, type E2eServer, type E2eServerOptions } from './server.ts';

export interface E2eSuite {
  server: E2eServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Actions and waits fail after this long, well inside the test timeout, so a failure names its step. */
const ACTION_TIMEOUT_MS = 15_000;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface E2eSuiteOptions {
  /**
   * Log in once through the form and start every test's context with that session already stored,
   * for files that test screens rather than login.
   */
  signedInAs?: string;
  /** The server's options (default: startE2eServer's). */
  server?: E2eServerOptions;
}

/** Registers the hooks; the returned object's fields are set once the hooks have run. */
export function useE2eSuite(options: E2eSuiteOptions = {}): E2eSuite {
  const suite = {} as E2eSuite;
  let storageState: StorageState | undefined;
  let browserErrors: string[] = [];
  beforeAll(async () => {
    suite.server = await startE2eServer(options.server);
    suite.browser = await launchBrowser();
    if (options.signedInAs) {
      const context = await suite.browser.newContext();
      await loginAs(await context.newPage(), suite.server.baseUrl, options.signedInAs);
      storageState = await context.storageState();
      await context.close();
    }
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
    suite.context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    suite.page = await suite.context.newPage();
    browserErrors = [];
    suite.page.on('pageerror', (error) => browserErrors.push(`pageerror: ${error.message}`));
    suite.page.on('console', (m) => {
      if (m.type() === 'error') browserErrors.push(`console: ${m.text()}`);
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = `FAILED-${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}`;
      await snap(suite.page, name).catch(() => undefined);
      if (browserErrors.length > 0)
        console.error(`browser errors in '${task.name}':\n${browserErrors.join('\n')}`);
    }
    await suite.context.close();
  });
  return suite;
}
