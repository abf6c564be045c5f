// The browser tests' fixtures: one server and one browser per test FILE (the tests of a file share the
// server's data on purpose, one step building on the last), a fresh browser context and page per test
// (empty storage, or only a signed-in session), and the browser's errors attached to a failed test.
//
// Playwright has test and worker scopes but no file scope. A file's own test.use({ e2e }) makes the
// file's worker fixtures differ from every other file's, and Playwright never lets a worker run tests
// whose worker fixtures differ: so each file gets its own worker, and the worker's server and browser
// are the file's. A failed test restarts its worker, and the rest of that file then runs on a fresh
// server, as it would with test.beforeAll.
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { loginAs } from './browser.ts';
import { startE2eServer, type E2eServer, type E2eServerOptions } from './server.ts';

export { expect };

/**
 * Storage for a context a test makes itself (a second person, a phone): such a context starts from the
 * config's options like the test's own, the file's signed-in session included, unless given this.
 */
export const SIGNED_OUT = { cookies: [], origins: [] };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface E2eOptions {
  /**
   * Log in once through the form and start every test's context with that session already stored,
   * for files that test screens rather than login.
   */
  signedInAs?: string;
  /** The server's options (default: startE2eServer's). */
  server?: E2eServerOptions;
}

interface TestFixtures {
  /** What the page wrote to its console as errors and what it threw, in order. */
  browserErrors: string[];
  /** Fails a test whose worker already served another file (a file without its own test.use). */
  oneFilePerWorker: void;
}

interface WorkerFixtures {
  /** Every test file sets this, even to {}: test.use({ e2e: { ... } }) at the top of the file. */
  e2e: E2eOptions;
  /** The console this file's tests run against. */
  server: E2eServer;
  /** The session of e2e.signedInAs, logged in once through the form (undefined without one). */
  signedInState: StorageState | undefined;
  filesSeen: Set<string>;
}

/** Starting a server (a database from the template, the workers, the web app) takes seconds when loaded. */
const SERVER_START_MS = 180_000;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  e2e: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ e2e }, use) => {
      const server = await startE2eServer(e2e.server);
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: SERVER_START_MS },
  ],

  signedInState: [
    async ({ e2e, server, browser }, use) => {
      if (!e2e.signedInAs) return use(undefined);
      const context = await browser.newContext();
      await loginAs(await context.newPage(), server.baseUrl, e2e.signedInAs);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker', timeout: SERVER_START_MS },
  ],

  // The built-in context of every test starts from the file's signed-in session, if it has one.
  storageState: async ({ signedInState }, use) => use(signedInState),

  filesSeen: [async ({}, use) => use(new Set<string>()), { scope: 'worker' }],

  oneFilePerWorker: [
    async ({ filesSeen }, use, testInfo) => {
      filesSeen.add(testInfo.file);
      if (filesSeen.size > 1)
        throw new Error(
          `${testInfo.file} shares a worker (and its server) with another file: ` +
            `give it its own test.use({ e2e: { ... } }) at the top`,
        );
      await use();
    },
    { auto: true },
  ],

  browserErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
        await testInfo.attach('browser errors', { body: errors.join('\n'), contentType: 'text/plain' });
        console.error(`browser errors in '${testInfo.title}':\n${errors.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
