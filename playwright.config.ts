import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/browser.ts';

// The server runs inside the test workers (they inherit this): dates are stable in UTC.
process.env.TZ = 'UTC';

// The browser tests: Chromium against a started console (one per test file, see tests/e2e/support/
// fixtures.ts). Two files at a time: each has its own server, database and queue prefix, and most of a
// browser test's time is spent waiting on the server, not on the CPU. The tests of a file run in order in
// one worker, as some build on the data the one before left.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  // A retry would hide a flaky test; a flaky test is a bug to fix.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A test loading several screens took just over a minute beside another file's browser on a slower
  // 2-core machine; each step still fails on its own shorter wait, which names it.
  timeout: 90_000,
  // A browser step waits on real server work (uploads, renders, AMP); on a loaded 2-core machine that
  // takes seconds.
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  reporter: process.env.CI
    ? [['list'], ['github'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]]
    : [['list']],
  use: {
    // Actions and waits fail well inside the test timeout, so a failure names its step.
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    viewport: { width: 1280, height: 900 },
    // A failed test keeps its trace with the DOM at each step; the trace's screencast (a JPEG of the page
    // several times a second, in every test, kept or not) is left out: on a 2-core machine its encoding took
    // CPU the browsers under test were starving for, and the failure screenshot below shows the last state.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    timezoneId: 'UTC',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
