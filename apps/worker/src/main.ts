// The worker as its own process (with DATABASE_URL; embedded PGlite runs the worker inside the server).
import { migrate, openDb } from '@hc/db/client';
import { loadWorkerConfig } from './config.ts';
import { startWorkers } from './runtime.ts';

const config = loadWorkerConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, poolSize: 5 });
await migrate(db);
const running = await startWorkers({
  db: db.db,
  redisUrl: config.redisUrl,
  sessionIdleMinutes: config.sessionIdleMinutes,
  mediaDir: config.mediaDir,
  log: (message, details) => console.log(JSON.stringify({ level: 'info', message, ...details })),
});
console.log('Worker started.');

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await running.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
