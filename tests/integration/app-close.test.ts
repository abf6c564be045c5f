// Closing the app (a deploy, a restart, a test) must not crash the process: every Redis connection the
// routes opened (queues, the job dashboard) closes without an unhandled rejection, even when the app is
// closed while those connections are still being made. Node ends the process on an unhandled rejection.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('closes right after start, and after serving the job dashboard, with no unhandled rejection', async () => {
  const rejections: string[] = [];
  const record = (reason: unknown) => rejections.push(String(reason));
  process.on('unhandledRejection', record);
  try {
    for (let round = 0; round < 6; round++) {
      const app = await buildApp(t.ctx, { logger: false });
      await app.ready();
      if (round % 2) await app.inject({ method: 'GET', url: '/admin/queues/' });
      await app.close();
    }
    // A late rejection surfaces within a few ticks of the connection's close event.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    process.off('unhandledRejection', record);
  }
  expect(rejections).toEqual([]);
});
