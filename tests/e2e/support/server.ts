// The whole console for browser tests: a fresh PostgreSQL database with the demo data (media cached
// between runs), the web build, the real server listening on a free port, and the real BullMQ workers
// on queues of the run's own prefix.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { seedDemo } from '@hc/db/seed/demo';
import { generateDemoMedia } from '@hc/db/seed/media';
import { buildApp, type BuildAppOptions } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { createContext, type AppContext } from '../../../apps/server/src/context.ts';
import { hashPassword } from '../../../apps/server/src/features/auth/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../../support/database.ts';
import { redisUrl } from '../../support/services.ts';
import { startWorkers } from '@hc/worker/runtime';
import { deploymentOf } from '@hc/db/deployment';

export interface E2eServer {
  baseUrl: string;
  app: FastifyInstance;
  /** The server's context: tests announce changes made behind its back (ctx.live). */
  ctx: AppContext;
  database: TestDatabase;
  /** The media folder the server serves and the workers write (for media a test makes). */
  mediaDir: string;
  close(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let webBuilt = false;

/** What the web build is made from: when none is newer than the build, the build is current. */
const WEB_SOURCES = ['apps/web', 'apps/web/src', 'apps/web/public', 'packages/shared/src'];

function newestMtime(file: string, recurse: boolean): number {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (!entry.isDirectory()) newest = Math.max(newest, statSync(path.join(file, entry.name)).mtimeMs);
    else if (recurse && entry.name !== 'node_modules')
      newest = Math.max(newest, newestMtime(path.join(file, entry.name), true));
  }
  return newest;
}

/** True when apps/web/dist was built after the last change to its sources (each test file runs in its
 * own worker process, so this spares the files after the first a rebuild). */
function webBuildIsCurrent(): boolean {
  const built = statSync(path.join(repoRoot, 'apps/web/dist/index.html'), { throwIfNoEntry: false });
  if (!built) return false;
  // apps/web itself: only its top-level files (index.html, configs, package.json), not dist.
  const newest = Math.max(...WEB_SOURCES.map((p) => newestMtime(path.join(repoRoot, p), p !== 'apps/web')));
  return built.mtimeMs > newest;
}

/** Builds the web app once per test run (set E2E_SKIP_BUILD=1 to reuse an existing build). */
export function buildWebOnce() {
  if (webBuilt || process.env.E2E_SKIP_BUILD === '1' || webBuildIsCurrent()) return;
  // A test runner may set NODE_ENV=test, which would make vite bundle React's development build
  // (StrictMode's double effects, slower pages): the browser tests run the production build users get.
  const result = spawnSync('npm', ['run', 'build', '-w', '@hc/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  webBuilt = true;
}

export interface E2eServerOptions {
  /** Extra configuration, e.g. a short TASK_LOCK_SECONDS for a test of lease expiry. */
  env?: Record<string, string>;
  /** Load the demo data set (default true); a console in proxy mode starts empty to show it holds nothing. */
  seedDemo?: boolean;
  /**
   * How often the live channel re-checks its sessions (default 1 s, so a session ended behind the
   * browser's back reaches it in seconds, not the production 15).
   */
  liveSessionRecheckMs?: number;
  /** Poster URL check limits, e.g. one loopback port of a local image host a test serves posters from. */
  posterCheck?: BuildAppOptions['posterCheck'];
}

export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  buildWebOnce();
  // The demo media are deterministic: made once into a folder kept between runs, so only the first run
  // pays for ffmpeg. Each server then gets a folder of its own with a copy of them (15 MB): what a server
  // writes (renders, archives, uploads) must never be found by another file's server, whose database
  // gives the same ids (a render of the same task id and version took another file's MP4 as its own).
  const demoDir = path.join(tmpdir(), 'hc-e2e-data', 'media');
  mkdirSync(demoDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-e2e-run-'));
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  // The demo rows come from a template loaded once; the media files they name are made here if missing.
  const database = await createTestDatabase(
    options.seedDemo === false
      ? {}
      : { demo: async (handle) => void (await seedDemo(handle.db, { mediaDir: demoDir, hashPassword })) },
  );
  if (options.seedDemo !== false) {
    await generateDemoMedia(demoDir);
    cpSync(path.join(demoDir, 'demo'), path.join(mediaDir, 'demo'), { recursive: true });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...options.env,
  });
  if (config.mediaDir !== mediaDir)
    throw new Error(`the demo media are in ${mediaDir}, the server serves ${config.mediaDir}`);
  const runId = randomBytes(4).toString('hex');
  const redis = new Redis(redisUrl, { keyPrefix: `hc-e2e:${runId}:` });
  // The real workers (renders, archives, reports) on this run's own queues: jobs a browser starts finish.
  const jobsPrefix = `hc-e2e-${runId}`;
  const deployment = await deploymentOf(database.handle);
  const workers = await startWorkers({
    db: database.handle.db,
    deployment: deployment.id,
    redisUrl,
    sessionIdleMinutes: config.sessionIdleMinutes,
    log: () => undefined,
    prefix: jobsPrefix,
    mediaDir: config.mediaDir,
    // Job progress is pushed on this run's live channel (the server's Redis key prefix names it).
    liveKeyPrefix: redis.options.keyPrefix,
  });
  const changes = await database.handle.openChangeFeed();
  const ctx = createContext(config, database.handle.db, redis, changes, deployment);
  const app = await buildApp(ctx, {
    logger: false,
    serveWeb: true,
    jobsPrefix,
    live: { sessionRecheckMs: options.liveSessionRecheckMs ?? 1_000 },
    ...(options.posterCheck ? { posterCheck: options.posterCheck } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    ctx,
    database,
    mediaDir: config.mediaDir,
    async close() {
      await app.close();
      await changes.close();
      await workers.close();
      redis.disconnect();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Ends every server-side session of an account, as an expiry or an administrator would. */
export async function endSessionsOf(server: E2eServer, email: string): Promise<number> {
  const { db } = server.database.handle;
  const ended = await db
    .delete(schema.sessions)
    .where(
      inArray(
        schema.sessions.userId,
        db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)),
      ),
    )
    .returning({ id: schema.sessions.id });
  return ended.length;
}
