// The stories suites' server: startTestApp's real app, built with options (the poster check's
// loopback allow-list), and a local image host for poster URLs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp, type BuildAppOptions } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import type { TestApp } from './app.ts';
import { createTestDatabase } from './database.ts';
import { redisUrl } from './services.ts';
import { deploymentOf } from '@hc/db/deployment';

export async function startStoryTestApp(options: BuildAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
  });
  const redis = new Redis(redisUrl, { keyPrefix: `hc-test:${randomBytes(4).toString('hex')}:` });
  const changes = await database.handle.openChangeFeed();
  // The suite's own key space (above) and the database's own deployment id, as a real start derives it.
  const ctx = createContext(config, database.handle.db, redis, changes, await deploymentOf(database.handle));
  const app = await buildApp(ctx, { logger: false, ...options });
  await app.ready();
  return {
    app,
    ctx,
    database,
    dataDir,
    async close() {
      await app.close();
      await changes.close();
      redis.disconnect();
      await database.drop();
    },
  };
}

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface ImageHost {
  origin: string;
  port: number;
  /** Requests received, by path. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 (port 0) for poster URLs: /poster.png a good image, /missing.png 404,
 * /page.png an HTML page, /fake.png image/png that is not an image, /slow.png answering after
 * 3 s, /huge.png 64 kB (over the tests' byte limit), /chunked-huge.png the same without a length,
 * /redirect.png?to=URL a 302 to URL.
 */
export async function startImageHost(): Promise<ImageHost> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    hits.push(url.pathname);
    switch (url.pathname) {
      case '/poster.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_1X1.length });
        return response.end(PNG_1X1);
      case '/page.png':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>not an image</body></html>');
      case '/fake.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end('plain text');
      case '/slow.png': {
        const timer = setTimeout(() => {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(PNG_1X1);
        }, 3000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case '/huge.png': {
        const body = Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024)]);
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
        return response.end(body);
      }
      case '/chunked-huge.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG_1X1);
        return response.end(Buffer.alloc(64 * 1024));
      case '/redirect.png':
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/poster.png' });
        return response.end();
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
