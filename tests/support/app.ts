// A real server on a fresh database and the real Redis, for one suite. Requests go through inject().
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp, type BuildAppOptions } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext, type AppContext } from '../../apps/server/src/context.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { redisUrl } from './services.ts';
import { deploymentOf } from '@hc/db/deployment';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  build: BuildAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-test-'));
  // Each suite gets its own key space so rate-limit counters never leak between suites.
  const keyPrefix = `hc-test:${randomBytes(4).toString('hex')}:`;
  const server = await buildServer(database, dataDir, keyPrefix, env, build);
  return {
    ...server,
    database,
    dataDir,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/** Another server process of the same deployment: the same database, media folder and Redis key space. */
export interface PeerApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export function startPeerApp(
  of: TestApp,
  env: Record<string, string> = {},
  build: BuildAppOptions = {},
): Promise<PeerApp> {
  const keyPrefix = of.ctx.redis.options.keyPrefix ?? '';
  return buildServer(of.database, of.dataDir, keyPrefix, env, build);
}

async function buildServer(
  database: TestDatabase,
  dataDir: string,
  keyPrefix: string,
  env: Record<string, string>,
  build: BuildAppOptions,
): Promise<PeerApp> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const redis = new Redis(redisUrl, { keyPrefix });
  // Each server listens to the database's changes on its own connection, as separate processes do.
  const changes = await database.handle.openChangeFeed();
  // The suite's own key space (above) and the database's own deployment id, as a real start derives it.
  const ctx = createContext(config, database.handle.db, redis, changes, await deploymentOf(database.handle));
  const app = await buildApp(ctx, { logger: false, ...build });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await changes.close();
      redis.disconnect();
    },
  };
}

let addressCounter = 0;
/** A distinct client address per call site, so per-address login limits stay independent between tests. */
export const nextRemoteAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = nextRemoteAddress(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/editor/login',
    payload: { email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const data = response.json().data as { email: string; token: string; publisher_id: number };
  return { 'x-user-email': data.email, 'x-user-token': data.token, token: data.token };
}

/** Headers only (without the token copy) for inject. */
export const authOf = (session: { 'x-user-email': string; 'x-user-token': string }) => ({
  'x-user-email': session['x-user-email'],
  'x-user-token': session['x-user-token'],
});
