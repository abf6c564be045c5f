import { defineConfig } from 'vitest/config';

// Projects: unit (pure, beside the code), integration (API on real PostgreSQL and Redis), security
// (the authorization matrix and friends), faults (processes killed on purpose). The browser tests run
// under Playwright's own runner (playwright.config.ts). Tests run in UTC so dates are stable.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases: on a loaded 2-core machine a few take seconds, which is
          // no finding (none of them asserts time).
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        // Fault injection: real processes killed, stopped and restarted on loopback.
        // One file at a time: each kills and starts processes and must keep its own 60 s bound.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
