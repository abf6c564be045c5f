// Issue 9 part 4 (BENCH_ONLY=LOAD): autocannon, 50 connections for 30 s on the hot read routes with a real
// session (made by the product's session code), while 200 reviewers keep idle live sockets open. Each
// route gets 10 of the 50 connections (one autocannon instance each, so each has its own latencies); every
// answer's status is counted; the server's RSS is read from /proc each second.
// The list and search routes ask a new URL with every request (the query mix of list.ts, misses): asked the
// same few URLs, every answer after the first second came from the answer cache and the run measured it.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@hc/db/client';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import {
  distinctDraws,
  indexFirstPage,
  listSizes,
  packagesList,
  programsList,
  searchOf,
  type Draw,
} from '@hc/db/seed/bench-query-mix';
import { createReviewers, probe, sessionsFor, startLiveClients } from './live.ts';
import type { BenchServer } from './processes.ts';
import { median } from './load.ts';
import { ms, spreadOf, type BenchRow } from './results.ts';

export interface LoadBenchContext {
  app: BenchServer;
  db: Db;
  log: (line: string) => void;
  seconds: (s: number) => number;
  highlights: number;
  /** Every URL asked so far in the run (list.ts's windows): none is asked again. */
  seen: Set<string>;
  seed: number;
}

const CONNECTIONS = 50;
const LOAD_ROUNDS = 3;
const IDLE_SOCKETS = 200;
const editor = (path: string) => `/api/v1/editor/${path}`;

interface HotRoute {
  name: string;
  /** Each request's path: a mix (every request a new URL), or one fixed path. */
  draw: Draw | string;
  /** p99 budget of the B1–B4 row the route belongs to. */
  budgetMs: number;
  budgetOf: string;
}

function hotRoutes(highlights: number): HotRoute[] {
  const today = new Date();
  const sizes = listSizes(highlights);
  return [
    { name: 'highlights/index (misses)', draw: indexFirstPage({ today }), budgetMs: 50, budgetOf: 'B1' },
    {
      name: 'highlights/search selective (misses)',
      draw: searchOf('selective', { today }),
      budgetMs: 150,
      budgetOf: 'B4',
    },
    { name: 'pending_counts', draw: editor('pending_counts'), budgetMs: 100, budgetOf: 'B3' },
    { name: 'packages (misses)', draw: packagesList(sizes), budgetMs: 50, budgetOf: 'B1' },
    { name: 'programs/index (misses)', draw: programsList(sizes), budgetMs: 50, budgetOf: 'B1' },
  ];
}

/** One user with every role the hot routes need, on the big publisher. */
export async function loadUser(db: Db) {
  const email = 'load@live.bench.example';
  await db.execute(sql`
    insert into users (email, password_hash, default_publisher_id)
    values (${email}, 'no login: session made by the bench', ${BENCH_BIG_PUBLISHER_ID})
    on conflict do nothing`);
  const [user] = await queryRows<{ id: number; publisher_id: number }>(
    db,
    sql`select id, default_publisher_id as publisher_id from users where email = ${email}`,
  );
  await db.execute(sql`
    insert into user_publisher_roles (user_id, publisher_id, roles)
    values (${user!.id}, ${BENCH_BIG_PUBLISHER_ID},
            '{editorial_manager,live_stream_publisher,switch_publisher,apv_article_admin}')
    on conflict do nothing`);
  return { email, user: user! };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function hammer(
  port: number,
  route: HotRoute,
  next: (() => string) | null,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    headers,
    requests: [
      typeof route.draw === 'string'
        ? { method: 'GET' as const, path: route.draw }
        : { method: 'GET' as const, setupRequest: (request) => ({ ...request, path: next!() }) },
    ],
  });
}

export async function benchLoad(c: LoadBenchContext): Promise<BenchRow[]> {
  const { email, user } = await loadUser(c.db);
  const [token] = await sessionsFor(c.app, [user]);
  const headers = { 'x-user-email': email, 'x-user-token': token! };
  const reviewers = (await createReviewers(c.db)).slice(0, IDLE_SOCKETS);
  const clients = startLiveClients();
  try {
    await clients.connect(
      c.app.port,
      (await sessionsFor(c.app, reviewers)).map((t, i) => ({ email: reviewers[i]!.email, token: t })),
    );
    const pid = c.app.child.pid!;
    c.log(`LOAD warm-up (${IDLE_SOCKETS} idle live sockets open)`);
    // 15 s: V8 sizes its heap for this load during the first ~15 s (RSS 200 -> 270 MB in the run of
    // 2026-11-26 03:27, the collected heap flat at 60 MB); measured from then on, flat means no growth.
    const routes = hotRoutes(c.highlights);
    const streams = routes.map((r, i) =>
      typeof r.draw === 'string' ? null : distinctDraws(c.seed * 1000 + i, r.draw, c.seen),
    );
    const connections = CONNECTIONS / routes.length;
    const hammerAll = (seconds: number) =>
      Promise.all(routes.map((r, i) => hammer(c.app.port, r, streams[i]!, headers, seconds, connections)));
    await hammerAll(c.seconds(15));

    const seconds = Math.round(c.seconds(30));
    c.log(`LOAD autocannon, ${CONNECTIONS} connections over ${routes.length} routes, ${seconds} s`);
    const heapBefore = await probe<{ heapUsed: number }>(c.app, 'memory');
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(rssOf(pid)), 1_000);
    // Three consecutive rounds of a third each: the spread of each route's p99 is theirs.
    const rounds: Awaited<ReturnType<typeof hammerAll>>[] = [];
    for (let k = 0; k < LOAD_ROUNDS; k++) rounds.push(await hammerAll(seconds / LOAD_ROUNDS));
    const results = rounds.flat();
    clearInterval(sampler);
    // What is still reachable after full collections: a leak shows here, V8's grown headroom does not.
    const heapAfter = await probe<{ heapUsed: number }>(c.app, 'memory');

    const statuses: Record<string, number> = {};
    let unanswered = 0;
    for (const result of results) {
      for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
        statuses[status] = (statuses[status] ?? 0) + (count ?? 0);
      }
      unanswered += result.errors + result.timeouts;
    }
    const wrong = Object.entries(statuses).filter(([s]) => !s.startsWith('2') && s !== '429');
    const third = Math.max(1, Math.floor(rss.length / 3));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const firstThird = mean(rss.slice(0, third));
    const lastThird = mean(rss.slice(-third));
    const growth = lastThird / firstThird;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const total = results.reduce((n, r) => n + r.requests.total, 0);

    const rows: BenchRow[] = routes.map((route, i) => {
      const mine = rounds.map((round) => round[i]!);
      const p99s = mine.map((r) => r.latency.p99);
      const p99 = median(p99s);
      const perSecond = mine.reduce((n, r) => n + r.requests.total, 0) / seconds;
      return {
        id: 'LOAD',
        figure: `${route.name} p99 under load (${perSecond.toFixed(0)} req/s of ${CONNECTIONS} connections' total), median of ${LOAD_ROUNDS} rounds`,
        value: `${ms(p99)} (p50 ${ms(median(mine.map((r) => r.latency.p50)))})`,
        spread: spreadOf(p99s),
        budget: `≤ ${route.budgetMs} ms (${route.budgetOf})`,
        reference: '',
        ratio: null,
        pass: p99 <= route.budgetMs,
        details: {
          path: typeof route.draw === 'string' ? route.draw : 'query mix',
          rounds: mine.map((r) => ({
            latency: r.latency,
            requests: r.requests,
            statusCodeStats: r.statusCodeStats,
          })),
        },
      };
    });
    rows.push(
      {
        id: 'LOAD',
        figure: `answers by status, ${total.toLocaleString('en-US')} requests in ${seconds} s`,
        value: Object.entries(statuses)
          .map(([s, n]) => `${s}: ${n.toLocaleString('en-US')}`)
          .concat(unanswered ? [`no answer: ${unanswered}`] : [])
          .join(', '),
        budget: 'only 2xx and 429',
        reference: '',
        ratio: null,
        pass: wrong.length === 0 && unanswered === 0,
        details: { statuses, unanswered },
      },
      {
        id: 'LOAD',
        figure: `server RSS, mean of the last third of the run / the first third (sampled each second)`,
        value: `${mb(lastThird)} / ${mb(firstThird)}`,
        budget: 'flat (≤ 1.10x)',
        reference: `heap after full GC: ${mb(heapAfter.heapUsed)} after the run, ${mb(heapBefore.heapUsed)} before; ${IDLE_SOCKETS} idle live sockets open`,
        ratio: growth,
        // Both: RSS stopped growing, and what is still reachable after full collections did not grow.
        pass: growth <= 1.1 && heapAfter.heapUsed / heapBefore.heapUsed <= 1.1,
        details: { rss, heapBefore: heapBefore.heapUsed, heapAfter: heapAfter.heapUsed },
      },
    );
    return rows;
  } finally {
    clients.close();
  }
}
