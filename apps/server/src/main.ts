// `npm start`: migrate, seed on first start, build the web app if missing, serve everything on one port.
// Shutdown (SIGTERM, SIGINT) is graceful and bounded: see `shutdown` below.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDb } from '@hc/db/client';
import { seedDemo } from '@hc/db/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { buildApp, webDistDir } from './app.ts';
import { childEnvironment, ConfigError, loadConfig, type AppConfig } from './config.ts';
import { createContext } from './context.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { ServerOps } from './features/ops/metrics.ts';
import {
  findRedisServer,
  redisAnswers,
  startPrivateRedis,
  type PrivateRedis,
} from './infra/private-redis.ts';
import { connectRedis } from './infra/redis.ts';
import { deploymentOf } from '@hc/db/deployment';
import { logTo, warnTo, workerLogger } from '@hc/worker/ops/logging';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';

/** Everything from the signal to the exit, as an orchestrator allows before it kills (docker: 10 s). */
const SHUTDOWN_BUDGET_MS = 10_000;
/** Requests still running this long before the budget ends are cut, so the rest can close in time. */
const HTTP_CUT_BEFORE_END_MS = 2_500;

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
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  // No REDIS_URL and nothing at the default address: a private redis-server for this run, when installed.
  let privateRedis: PrivateRedis | null = null;
  let stopEarlyHandlers = () => undefined as unknown;
  if (!config.redisUrlGiven && !(await redisAnswers(config.redisUrl))) {
    const binary = findRedisServer(config.searchPath);
    if (binary) {
      privateRedis = await startPrivateRedis(binary, config.dataDir).catch((error: Error) =>
        fail(error.message),
      );
      const started = privateRedis;
      // Whatever ends this process (a failure's exit included) stops it too.
      process.once('exit', () => started.stopNow());
      // A signal before the graceful shutdown below is in place still ends the process through 'exit'.
      const early = () => process.exit(1);
      process.once('SIGINT', early).once('SIGTERM', early);
      stopEarlyHandlers = () => process.off('SIGINT', early).off('SIGTERM', early);
      const { port } = new URL(privateRedis.url);
      console.log(
        `No Redis answers at ${config.redisUrl}: started a private redis-server (pid ${privateRedis.pid}) on ` +
          `127.0.0.1:${port}, data in ${privateRedis.dir}; it stops with the server.`,
      );
      config = { ...config, redisUrl: privateRedis.url };
    }
  }
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  // Every Redis key and channel of this deployment sits under a namespace derived from its database, so two
  // deployments on one Redis never meet; the worker derives the same one from the same database.
  const deployment = await deploymentOf(db, { dataDir: config.dataDir, jobsPrefix: config.jobsPrefix });
  console.log(
    `Redis namespace: ${deployment.keyPrefix} (from ${deployment.source}); jobs prefix: ${deployment.jobsPrefix}`,
  );
  const redisUrl = config.redisUrl;
  const redis = await connectRedis(redisUrl, deployment.keyPrefix).catch((error: Error) =>
    fail(error.message),
  );
  // Replicas starting together on an empty database take turns: one migrates and seeds, the others then
  // find the work done.
  const { seeded } = await db.exclusively(async () => {
    await migrate(db);
    if (!config.seedDemo) return { seeded: false };
    return seedDemo(db.db, { mediaDir: config.mediaDir, hashPassword, log: console.log });
  });
  if (config.serveWeb) ensureWebBuild();

  // One metrics registry for the process: the embedded worker's job durations go into it too.
  const ops = new ServerOps();

  // Only one process can open an embedded database, so the worker runs in here; with PostgreSQL it is
  // its own process, started alongside unless RUN_WORKER=false (workers deployed on their own).
  let workers: RunningWorkers | null = null;
  let signalWorkers = () => undefined as void;
  if (!config.runWorker) {
    if (db.kind === 'pglite') console.warn('RUN_WORKER=false with the embedded database: no job will run.');
  } else if (db.kind === 'pglite') {
    const logger = workerLogger(config.logLevel);
    workers = await startWorkers({
      db: db.db,
      redisUrl: config.redisUrl,
      sessionIdleMinutes: config.sessionIdleMinutes,
      mediaDir: config.mediaDir,
      prefix: deployment.jobsPrefix,
      liveKeyPrefix: deployment.keyPrefix,
      deployment: deployment.id,
      metrics: ops.registry,
      log: logTo(logger),
      warn: warnTo(logger),
    });
  } else {
    // A private Redis's address is passed on: the worker would otherwise look at the default one.
    const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
      stdio: 'inherit',
      env: childEnvironment({ REDIS_URL: redisUrl }),
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('exit', (code) => {
      if (!closing) fail(`The worker process exited (code ${code}).`);
    });
    // The child runs its own bounded shutdown (it drains its jobs): it is told at once, in parallel
    // with the HTTP drain here, and waited for afterwards.
    signalWorkers = () => void child.kill('SIGTERM');
    workers = {
      close: async () => {
        signalWorkers();
        await exited;
      },
    };
  }

  // The read caches' change notifications; a lost connection only turns the caches off until it is back.
  const changes = await db.openChangeFeed({
    onError: (error) => console.error(`change feed: ${error.message}`),
  });
  const app = await buildApp(createContext(config, db.db, redis, changes, deployment), {
    serveWeb: config.serveWeb,
    ops,
    warmDatabase: true,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/`;
  console.log(`\nHighlights Console is running at ${url}`);
  console.log(`Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  if (seeded) console.log('Demo data was loaded.');
  if (config.seedDemo) {
    console.log(`\nDemo accounts (password: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) {
      const roles = account.isAdmin ? 'admin' : account.roles.join(', ') || 'logged in only';
      console.log(
        `  ${account.email.padEnd(26)} publishers ${account.publisherIds.join(', ').padEnd(14)} ${roles}`,
      );
    }
  }

  // Graceful shutdown within SHUTDOWN_BUDGET_MS, in a fixed order:
  // 1. /healthz and /readyz answer 503 (a load balancer stops sending); a worker child is told to stop;
  // 2. app.close(): live sockets get `server_restarting` and their transports close (clients reconnect
  //    elsewhere), co-edited documents are flushed to the database and their sockets closed with 1012,
  //    new connections are refused and in-flight requests finish (cut if they outlast the budget);
  // 3. the workers finish or give back their active jobs; 4. Redis; 5. the database.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ elapsedMs: elapsed() }, 'shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_BUDGET_MS).unref();
    ops.draining = true;
    signalWorkers();
    // A keep-alive connection whose request finished after the close began would hold the server open
    // until its idle timeout; close such connections as they become idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      app.log.warn({ elapsedMs: elapsed() }, 'requests still running: connections cut');
      app.server.closeAllConnections();
    }, SHUTDOWN_BUDGET_MS - HTTP_CUT_BEFORE_END_MS);
    await app.close();
    clearInterval(sweep);
    clearTimeout(cut);
    app.log.info({ elapsedMs: elapsed() }, 'http closed');
    // Whatever budget is left, less a margin for Redis and the database, is the jobs' drain time.
    await workers?.close({ drainMs: Math.max(0, SHUTDOWN_BUDGET_MS - elapsed() - 1_500) });
    app.log.info({ elapsedMs: elapsed() }, 'workers closed');
    await redis.quit().catch(() => undefined);
    await privateRedis?.stop();
    await changes.close();
    await db.close();
    app.log.info({ elapsedMs: elapsed() }, 'shut down');
    process.exit(0);
  };
  stopEarlyHandlers();
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
