// `npm start`: migrate, seed on first start, build the web app if missing, serve everything on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDb } from '@hc/db/client';
import { seedDemo } from '@hc/db/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { buildApp, webDistDir } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { connectRedis } from './infra/redis.ts';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function ensureWebBuild() {
  if (existsSync(path.join(webDistDir, 'index.html'))) return;
  console.log('Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@hc/web'], { stdio: 'inherit' });
  if (result.status !== 0) fail('Building the web app failed; see the output above.');
}

let closing = false;
const workerEntry = fileURLToPath(new URL('../../worker/src/main.ts', import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const redis = await connectRedis(config.redisUrl).catch((error: Error) => fail(error.message));
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const { seeded } = await seedDemo(db.db, { mediaDir: config.mediaDir, hashPassword, log: console.log });
  ensureWebBuild();

  // Only one process can open an embedded database, so the worker runs in here; with PostgreSQL it is
  // its own process, started alongside.
  let workers: RunningWorkers;
  if (db.kind === 'pglite') {
    workers = await startWorkers({
      db: db.db,
      redisUrl: config.redisUrl,
      sessionIdleMinutes: config.sessionIdleMinutes,
      mediaDir: config.mediaDir,
      log: (message, details) => console.log(message, details ?? ''),
    });
  } else {
    const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], { stdio: 'inherit' });
    child.on('exit', (code) => {
      if (!closing) fail(`The worker process exited (code ${code}).`);
    });
    workers = {
      close: () =>
        new Promise((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }

  const app = await buildApp(createContext(config, db.db, redis), { serveWeb: true });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/`;
  console.log(`\nHighlights Console is running at ${url}`);
  console.log(`Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  if (seeded) console.log('Demo data was loaded.');
  console.log(`\nDemo accounts (password: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    const roles = account.isAdmin ? 'admin' : account.roles.join(', ') || 'logged in only';
    console.log(
      `  ${account.email.padEnd(26)} publishers ${account.publisherIds.join(', ').padEnd(14)} ${roles}`,
    );
  }

  // Graceful shutdown in a fixed order: HTTP (and its sockets), workers, Redis, then the database.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await workers.close();
    await redis.quit().catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
