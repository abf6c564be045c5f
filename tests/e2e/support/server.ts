// The whole console for browser tests: a fresh PostgreSQL database with the demo data (media cached
// between runs), the web build, and the real server listening on a free port.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '@hc/db/seed/demo';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { createContext } from '../../../apps/server/src/context.ts';
import { hashPassword } from '../../../apps/server/src/features/auth/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../../support/database.ts';
import { redisUrl } from '../../support/services.ts';

export interface E2eServer {
  baseUrl: string;
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let webBuilt = false;

/** Builds the web app once per test process (set E2E_SKIP_BUILD=1 to reuse an existing build). */
export function buildWebOnce() {
  if (webBuilt || process.env.E2E_SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@hc/web'], { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  webBuilt = true;
}

export async function startE2eServer(): Promise<E2eServer> {
  buildWebOnce();
  const database = await createTestDatabase();
  // Media are deterministic: keep them between runs so only the first run pays for ffmpeg.
  const dataDir = path.join(tmpdir(), 'hc-e2e-data');
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  await seedDemo(database.handle.db, { mediaDir: config.mediaDir, hashPassword });
  const redis = new Redis(redisUrl, { keyPrefix: `hc-e2e:${randomBytes(4).toString('hex')}:` });
  const app = await buildApp(createContext(config, database.handle.db, redis), {
    logger: false,
    serveWeb: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    database,
    async close() {
      await app.close();
      redis.disconnect();
      await database.drop();
    },
  };
}
