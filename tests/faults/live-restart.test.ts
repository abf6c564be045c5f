// Sockets dropped and a server restarted: a reviewer's console in Chromium shows the
// pending-review badge; the live channel is cut (a) by a network drop with the server still running and
// (b) by a SIGKILL of the server process, which is started again on the same port. While the channel is
// down the counts change in the database, where no push can reach the browser (the server does not use
// socket.io connection-state recovery: the Redis adapter cannot replay missed packets). Within 2 s of the
// channel being back the badge equals GET pending_counts and the database, because the browser refetched
// on reconnect; meanwhile the "Reconnecting" chip appeared and then went.
//
// The browser reaches the server through a loopback TCP proxy, the only way to drop its connections
// without touching the server; with the backend gone, the proxy refuses as a dead host would.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { PendingCounts } from '@hc/shared/api/pending';
import { LivePublisher } from '../../apps/server/src/features/live/publisher.ts';
import { REVIEW_ROLE } from '../../apps/server/src/features/review/repo.ts';
import { launchBrowser, loginAs, snap } from '../e2e/support/browser.ts';
import { UserMenu } from '../e2e/support/pages/user-menu.ts';
import { buildWebOnce } from '../e2e/support/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildArticle, buildPublisher, buildUser } from '../support/factories.ts';
import {
  freePort,
  killHard,
  startFailoverProxy,
  startServerProcess,
  stopProcesses,
  type FailoverProxy,
  type ServerProcess,
} from '../support/processes.ts';
import { redisUrl } from '../support/services.ts';

/** A Redis database of its own (flushed first), as a deployment of its own would have. */
const REDIS_DB = 11;
const faultRedisUrl = (() => {
  const url = new URL(redisUrl);
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
})();

/** The bound: from the channel being back to the badge matching the database. */
const REFETCH_BUDGET_MS = 2_000;
/**
 * The web retries a failed query twice (after 1 s and 2 s): once the chip shows (3 s after the drop) and
 * this margin has passed, the only fetch left to come is the one the reconnect makes.
 */
const RETRIES_SETTLED_MS = 1_500;

let database: TestDatabase;
let dataDir: string;
let redis: Redis;
let serverEnv: Record<string, string>;
let server: ServerProcess;
let proxy: FailoverProxy;
/** While set, the proxy refuses every connection, as a host that has gone from the network. */
let networkDown = false;
let browser: Browser;
let page: Page;
let publisherId: number;
let apiSession: Record<string, string>;

beforeAll(async () => {
  buildWebOnce();
  redis = new Redis(faultRedisUrl);
  await redis.flushdb();
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-live-restart-'));
  serverEnv = {
    DATABASE_URL: database.url,
    REDIS_URL: faultRedisUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PORT: String(await freePort()),
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'true',
  };
  const starting = startServerProcess('server', serverEnv);

  const { db } = database.handle;
  publisherId = (await buildPublisher(db)).id;
  const reviewer = await buildUser(db, { publisherId, roles: [REVIEW_ROLE] });
  for (let i = 0; i < 3; i++) await buildArticle(db, publisherId, { reviewStatus: 'pending' });

  server = await starting;
  proxy = await startFailoverProxy(() => (networkDown ? [] : [server.port]));
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await loginAs(page, proxy.url, reviewer.email, reviewer.password);
  // The test's own session, straight to the server, for GET pending_counts as the reviewer.
  const login = await fetch(`${server.url}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: reviewer.email, password: reviewer.password }),
  });
  const { data } = (await login.json()) as { data: { email: string; token: string } };
  apiSession = { 'x-user-email': data.email, 'x-user-token': data.token };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  if (server) await stopProcesses([server]);
  await redis?.flushdb().catch(() => undefined);
  redis?.disconnect();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** The user menu's pending total as the badge shows it (0 when no badge). */
async function shownTotal(): Promise<number> {
  const label = (await new UserMenu(page).button.getAttribute('aria-label')) ?? '';
  const match = /, (\d+) pending tasks/.exec(label);
  return match ? Number(match[1]) : 0;
}

const chip = () => page.getByTestId('live-indicator');

/** Pending articles of the publisher, counted in the database itself. */
async function databaseCount(): Promise<number> {
  const [row] = await database.handle.db
    .select({ n: count() })
    .from(schema.articles)
    .where(and(eq(schema.articles.publisherId, publisherId), eq(schema.articles.reviewStatus, 'pending')));
  return row!.n;
}

async function apiCounts(): Promise<PendingCounts> {
  const response = await fetch(`${server.url}/api/v1/editor/pending_counts`, { headers: apiSession });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: PendingCounts }).data;
}

/** Queues articles for review behind the browser's back. */
async function queueArticles(n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await buildArticle(database.handle.db, publisherId, { reviewStatus: 'pending' });
}

/** Waits until the chip says the channel is reconnecting, then until no failed fetch is left to retry. */
async function expectReconnectingChip(): Promise<void> {
  await expect.poll(() => chip().isVisible(), { timeout: 10_000, interval: 100 }).toBe(true);
  expect(await chip().innerText()).toContain('Reconnecting');
  await new Promise((resolve) => setTimeout(resolve, RETRIES_SETTLED_MS));
}

interface Recovery {
  /** The badge at the last look while the chip still showed: the count from before the outage. */
  badgeWhileDown: number;
  /** When the channel was back (the chip went). */
  backAt: number;
  /** From the channel back to the badge showing the expected count. */
  refetchMs: number;
}

/**
 * Watches the page until the channel is back and the badge shows `expected`. Started before the server is
 * reachable again, so that a reconnect faster than the test's own readiness check is seen too. The badge
 * is read before the chip in each round: a badge read while the chip still showed was read before the
 * reconnect.
 */
async function watchRecovery(expected: number): Promise<Recovery> {
  let badgeWhileDown = Number.NaN;
  let backAt: number | null = null;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const badge = await shownTotal();
    const readAt = Date.now();
    if (await chip().isVisible()) badgeWhileDown = badge;
    else backAt ??= Date.now();
    if (backAt !== null && badge === expected)
      return { badgeWhileDown, backAt, refetchMs: Math.max(0, readAt - backAt) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no recovery within 45 s: badge ${await shownTotal()}, expected ${expected}`);
}

async function expectBadgeMatchesServer(expected: number): Promise<void> {
  expect(await databaseCount()).toBe(expected);
  const counts = await apiCounts();
  expect(counts.autoHighlightReview).toBe(expected);
  expect(counts.tasksTotal).toBe(expected);
  expect(await shownTotal()).toBe(expected);
  expect(await chip().isVisible()).toBe(false);
}

describe('the live channel cut and back', () => {
  it('sockets dropped by the network: the badge catches up with a push it missed within 2 s', async () => {
    await expect.poll(shownTotal, { timeout: 10_000 }).toBe(3);
    await expectBadgeMatchesServer(3);

    networkDown = true;
    proxy.dropConnections();
    // The server is up: the change is pushed as every product change is, and reaches no browser.
    await queueArticles(2);
    new LivePublisher(redis).countsChanged([publisherId]);
    await expectReconnectingChip();
    expect(await shownTotal()).toBe(3);

    const watching = watchRecovery(5);
    networkDown = false;
    const reachableAt = Date.now();
    const recovery = await watching;
    console.log(
      `network drop: reconnected after ${recovery.backAt - reachableAt} ms, refetch ${recovery.refetchMs} ms`,
    );
    expect(recovery.badgeWhileDown).toBe(3);
    expect(recovery.refetchMs).toBeLessThanOrEqual(REFETCH_BUDGET_MS);
    await expectBadgeMatchesServer(5);
  });

  it('server killed and started again on its port: the badge matches the database within 2 s', async () => {
    // Whatever the first test left: the network is up and the badge shows the database's count.
    networkDown = false;
    const before = await databaseCount();
    await expect.poll(shownTotal, { timeout: 10_000 }).toBe(before);
    await killHard(server);
    // What another replica or an import would do meanwhile: the counts move with no server to tell.
    await queueArticles(4);
    await expectReconnectingChip();
    expect(await shownTotal()).toBe(before);

    const watching = watchRecovery(before + 4);
    // Should the start fail, the watch's own failure later is not a second, unhandled error.
    watching.catch(() => undefined);
    server = await startServerProcess('server (restarted)', serverEnv);
    const readyAt = Date.now();
    const recovery = await watching;
    console.log(
      `server restart: reconnected ${recovery.backAt - readyAt} ms after ready, refetch ${recovery.refetchMs} ms`,
    );
    expect(recovery.badgeWhileDown).toBe(before);
    expect(recovery.refetchMs).toBeLessThanOrEqual(REFETCH_BUDGET_MS);
    await expectBadgeMatchesServer(before + 4);
    await snap(page, 'live-restart-recovered');
  });
});
