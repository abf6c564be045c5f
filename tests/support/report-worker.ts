// A worker process for the report-update kill test: the real startWorkers on the suite's database and
// Redis prefix, with short locks (so a killed run is taken up again quickly) and a pause per applied
// record (so a test can kill it mid-job). Prints 'ready' once it serves the queues.
import { openDb } from '@hc/db/client';
import { deploymentOf } from '@hc/db/deployment';
import { startWorkers } from '@hc/worker/runtime';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const db = await openDb({ databaseUrl: env('REPORT_TEST_DATABASE_URL'), poolSize: 2 });
const running = await startWorkers({
  db: db.db,
  deployment: (await deploymentOf(db)).id,
  redisUrl: env('REPORT_TEST_REDIS_URL'),
  sessionIdleMinutes: 120,
  log: () => undefined,
  prefix: env('REPORT_TEST_PREFIX'),
  monetization: {
    lockDurationMs: 1000,
    stalledIntervalMs: 500,
    delayPerRowMs: Number(process.env.REPORT_TEST_DELAY_MS ?? 0),
  },
});
console.log('ready');
process.on('SIGTERM', () => {
  void running.close().then(async () => {
    await db.close();
    process.exit(0);
  });
});
