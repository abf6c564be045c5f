// A worker process for the story-highlights-zip kill test: the real startWorkers on the suite's
// database, Redis prefix and media folder, with short locks (so a killed run is recovered quickly) and
// an optional pause per file (so a test can kill it mid-job). Prints 'ready' once it serves the queue.
import { openDb } from '@hc/db/client';
import { deploymentOf } from '@hc/db/deployment';
import { startWorkers } from '@hc/worker/runtime';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const db = await openDb({ databaseUrl: env('ZIP_TEST_DATABASE_URL'), poolSize: 2 });
const running = await startWorkers({
  db: db.db,
  deployment: (await deploymentOf(db)).id,
  redisUrl: env('ZIP_TEST_REDIS_URL'),
  sessionIdleMinutes: 120,
  log: () => undefined,
  prefix: env('ZIP_TEST_PREFIX'),
  mediaDir: env('ZIP_TEST_MEDIA_DIR'),
  storyZip: {
    // Long enough that a loaded machine's pauses are not taken for a dead worker, short enough that a
    // killed one's job is taken up within seconds.
    lockDurationMs: 2500,
    stalledIntervalMs: 500,
    delayPerFileMs: Number(process.env.ZIP_TEST_DELAY_MS ?? 0),
  },
});
console.log('ready');
process.on('SIGTERM', () => {
  void running.close().then(async () => {
    await db.close();
    process.exit(0);
  });
});
