// The worker as its own process (with DATABASE_URL; embedded PGlite runs the worker inside the server).
// Logs are JSON lines (pino); GET /healthz and /metrics listen on WORKER_METRICS_PORT (0: off).
// SIGTERM/SIGINT: stop taking jobs, let the active ones finish for WORKER_DRAIN_MS, give back the rest,
// then close Redis and the database; all within 10 s, exit code 0.
import type { Server } from 'node:http';
import { migrate, openDb } from '@hc/db/client';
import { loadWorkerConfig } from './config.ts';
import { deploymentOf, describeDeployment } from '@hc/db/deployment';
import { logTo, warnTo, workerLogger } from './ops/logging.ts';
import { workerRegistry } from './ops/metrics.ts';
import { startOpsServer } from './ops/server.ts';
import { startWorkers } from './runtime.ts';

const SHUTDOWN_BUDGET_MS = 10_000;

const config = loadWorkerConfig();
const logger = workerLogger(config.logLevel);
const db = await openDb({ databaseUrl: config.databaseUrl, poolSize: 5 });
// The same start-up lock as the server's: replicas starting together migrate one after the other.
await db.exclusively(() => migrate(db));
// The same namespace as the server's, derived from the same database: jobs, live pushes and keys meet.
const deployment = await deploymentOf(db, { jobsPrefix: config.jobsPrefix });
logger.info(describeDeployment(deployment), 'redis namespace');
const registry = workerRegistry();
const running = await startWorkers({
  db: db.db,
  redisUrl: config.redisUrl,
  sessionIdleMinutes: config.sessionIdleMinutes,
  mediaDir: config.mediaDir,
  storyZip: config.jobLocks,
  monetization: config.jobLocks,
  jobLocks: config.jobLocks,
  lostRenderAfterMs: config.lostRenderAfterMs,
  prefix: deployment.jobsPrefix,
  liveKeyPrefix: deployment.keyPrefix,
  deployment: deployment.id,
  metrics: registry,
  log: logTo(logger),
  warn: warnTo(logger),
});

let closing = false;
let opsServer: Server | null = null;
if (config.metricsPort !== 0) {
  try {
    opsServer = await startOpsServer({
      port: config.metricsPort,
      host: config.host,
      registry,
      metricsToken: config.metricsToken,
      draining: () => closing,
    });
    logger.info({ port: config.metricsPort, host: config.host }, 'worker metrics listening');
  } catch (error) {
    // Jobs matter more than their metrics: a taken port is reported, and the worker runs on.
    logger.error({ err: error, port: config.metricsPort }, 'worker metrics port unavailable');
  }
}
logger.info('worker started');

const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  const started = Date.now();
  logger.info({ signal }, 'worker shutting down');
  setTimeout(() => {
    logger.error({ elapsedMs: Date.now() - started }, 'worker shutdown did not finish in time');
    process.exit(1);
  }, SHUTDOWN_BUDGET_MS).unref();
  await running.close({ drainMs: config.drainMs });
  opsServer?.closeAllConnections();
  await new Promise((resolve) => (opsServer ? opsServer.close(resolve) : resolve(undefined)));
  await db.close();
  logger.info({ elapsedMs: Date.now() - started }, 'worker shut down');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
