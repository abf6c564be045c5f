// B1-B4 and the other lists: list and search calls through the real server, 1M highlights (550,000 of them
// in the measured publisher).
//
// Misses first. The server keeps each answer by URL (the answer cache), so a window that asks the same
// few URLs again and again measures the cache after its first second. Every judged row here is a window
// in which each request is a URL not asked before in the run, drawn from a seeded mix of orders,
// filters, date ranges, search words of every selectivity and pages (@hc/db/seed/bench-query-mix): what
// the database and the route cost. The repeated (cached) figure is its own row beside it, and a mix of
// editor sessions, with the repeats real editors make, says how many answers the cache actually gives.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@hc/db/client';
import type { ChangeFeed } from '@hc/db/changes';
import { schema } from '@hc/db/schema';
import {
  distinctDraws,
  editorSessions,
  indexCounts,
  indexFirstPage,
  indexPages,
  listSizes,
  packagesList,
  programsList,
  reviewQueue,
  searchOf,
  searchText,
  storiesList,
  verticalTasks,
  type Draw,
  type SearchKind,
} from '@hc/db/seed/bench-query-mix';
import { createRandom } from '@hc/db/seed/random';
import { typedTsQuery } from '@hc/db/text-search';
import { GRANTABLE_ROLES } from '@hc/shared/constants';
import {
  encodeHighlightCursor,
  HIGHLIGHT_SORT_COLUMNS,
  type HighlightSortColumn,
} from '@hc/shared/api/highlights';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { ChangeAwareCache } from '../../apps/server/src/infra/change-aware-cache.ts';
import { sessionsFor } from './live.ts';
import {
  fetchOnce,
  median,
  quantile,
  runLoad,
  runOpenLoop,
  summarize,
  type LoadOptions,
  type LoadResult,
} from './load.ts';
import { pinThreads, unpinThreads, type BenchServer } from './processes.ts';
import { ms, spreadOf, type BenchRow } from './results.ts';

export interface ListBenchContext {
  app: BenchServer;
  /** B2's references: a bare node:http server, and Fastify alone. */
  startReference: (mode: 'bare' | 'framework') => Promise<BenchServer>;
  headers: Record<string, string>;
  db: Db;
  publisherId: number;
  log: (line: string) => void;
  /** Scales every measuring window (BENCH_SECONDS_SCALE, e.g. 0.3 for a quick run). */
  seconds: (s: number) => number;
  /** Which rows to measure (BENCH_ONLY). */
  wanted: (id: string) => boolean;
  /** Highlights in the data set (the other lists' sizes follow from it). */
  highlights: number;
  /** Every URL asked so far in the run: a miss window never asks one of them again. */
  seen: Set<string>;
  /** The mix's seed (BENCH_SEED): the same seed asks the same URLs in the same order. */
  seed: number;
}

const ORDERS = HIGHLIGHT_SORT_COLUMNS.flatMap((c) => [`${c}_desc`, `${c}_asc`]);
const PER = 50;
const DEEP_PAGE = 10_000;
const B1_DEEP_ROUNDS = 3;
const B2_ROUNDS = 5;
/** Each miss window is split into this many consecutive rounds: the row's spread is theirs. */
const ROUNDS = 5;
/** The server's answer cache limits (plugins/cached-answers.ts), for the hit-ratio replay. */
const ANSWER_LIMITS = { maxEntries: 5_000, maxSize: 32 * 1024 * 1024 };
/** What each server sets itself, not the route: B2's Fastify-alone reference gets the route's others. */
const CONNECTION_HEADERS = new Set(['content-length', 'content-type', 'date', 'connection', 'keep-alive']);

interface Throughput {
  rps: number;
  /** The server's CPU (all its threads) and the load generator's, as shares of one core over the window. */
  serverCpu: number;
  clientCpu: number;
  /** The whole machine's busy share of its cores over the window (other processes included). */
  machineBusy: number;
  requests: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts. */
  failures: number;
}
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** CPU seconds a process has used, all its threads (user + system, /proc/pid/stat fields 14 and 15). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** CPU seconds every PostgreSQL process on this machine has used (the backends serving the pool, and the rest). */
function databaseCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += processCpuSeconds(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
/** The machine's busy and total CPU ticks so far (/proc/stat's first line; idle and iowait are not busy). */
function machineTicks(): { busy: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}
interface CpuMark {
  server: number;
  database: number;
  client: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
}
const cpuMark = (serverPid: number): CpuMark => ({
  server: processCpuSeconds(serverPid),
  database: databaseCpuSeconds(),
  client: process.cpuUsage(),
  machine: machineTicks(),
});
/**
 * Where an answer's CPU went: the server process, PostgreSQL and this load generator, in ms an answer,
 * and how busy the machine's cores were. A closed loop of many clients waits for CPU once the cores
 * are full; this says whose.
 */
function cpuPerAnswer(before: CpuMark, after: CpuMark, answers: number) {
  const client = process.cpuUsage(before.client);
  return {
    serverMs: ((after.server - before.server) * 1000) / answers,
    databaseMs: ((after.database - before.database) * 1000) / answers,
    clientMs: (client.user + client.system) / 1000 / answers,
    machineBusy: (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
  };
}
const cpuLabel = (cpu: ReturnType<typeof cpuPerAnswer>) =>
  `CPU an answer: server ${cpu.serverMs.toFixed(2)} ms, PostgreSQL ${cpu.databaseMs.toFixed(2)} ms, load client ${cpu.clientMs.toFixed(2)} ms; machine ${pct(cpu.machineBusy)} busy`;
const pct = (share: number) => `${(share * 100).toFixed(0)}%`;
const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const index = (query: string) => `/api/v1/editor/highlights/index?${query}`;
const search = (query: string) => `/api/v1/editor/highlights/search?${query}`;

type Percentile = 'p95' | 'p99';
const roundsOf = (run: LoadResult, p: Percentile) => (run.rounds ?? [run]).map((r) => r[p]);
const errorsOf = (run: LoadResult) => (run.errors ? `; ${run.errors} errors (${run.firstError})` : '');

/**
 * One user on the measured publisher with every grantable role (the other lists each need their own),
 * its session made by the product's session code.
 */
async function listsUser(c: ListBenchContext): Promise<Record<string, string>> {
  const email = 'lists@bench.example';
  const roles = `{${GRANTABLE_ROLES.join(',')}}`;
  await c.db.execute(sql`
    insert into users (email, password_hash, default_publisher_id)
    values (${email}, 'no login: session made by the bench', ${c.publisherId})
    on conflict do nothing`);
  const [user] = await queryRows<{ id: number }>(c.db, sql`select id from users where email = ${email}`);
  await c.db.execute(sql`
    insert into user_publisher_roles (user_id, publisher_id, roles)
    values (${user!.id}, ${c.publisherId}, ${roles})
    on conflict (user_id, publisher_id) do update set roles = excluded.roles`);
  const [token] = await sessionsFor(c.app, [{ id: user!.id, publisher_id: c.publisherId }]);
  return { 'x-user-email': email, 'x-user-token': token! };
}

/** A change feed that never changes: the replay below runs the server's own cache class offline. */
const stillFeed = { healthy: true, onChange: () => undefined } as unknown as ChangeFeed;

/**
 * The share of `answers` (path and size, in the order they came) the server's answer cache would have
 * answered: the same cache class with the same limits, replayed on the same sequence, nothing written
 * meanwhile. The server keeps no count of its hits, and this is what it would have counted.
 */
function hitRatio(answers: [string, number][]): { hits: number; ratio: number; distinct: number } {
  const cache = new ChangeAwareCache<number>(stillFeed, [], { ...ANSWER_LIMITS, sizeOf: (n) => n });
  let hits = 0;
  for (const [path, bytes] of answers) {
    if (cache.get(path) !== undefined) hits++;
    else cache.set(path, bytes, cache.begin());
  }
  return { hits, ratio: hits / Math.max(1, answers.length), distinct: new Set(answers.map(([p]) => p)).size };
}

/**
 * The hit ratio depends on how many requests a cache lifetime sees: any change of a highlight empties it.
 * So it is given for the first 100, 1,000 and 10,000 requests of the sessions (a quiet publisher between
 * two ingests, a busy one, a very long quiet spell), each from an empty cache.
 */
const LIFETIMES = [100, 1_000, 10_000];

export async function benchList(c: ListBenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const today = new Date();
  let window = 0;
  /** A new stream of never-asked URLs from `draw` (its own seed, so windows do not replay each other). */
  const misses = (draw: Draw) => distinctDraws(c.seed * 100 + ++window, draw, c.seen);
  const yearAgo = yyyymmdd(new Date(Date.now() - 365 * 86_400_000));
  const filters = [
    'category=News',
    'status=active',
    'tv_status=valid',
    `from_date=${yearAgo}`,
    'status=deactivated',
  ];
  const repeated = ORDERS.flatMap((o) => filters.map((f) => index(`order_by=${o}&${f}&per=${PER}&page=1`)));
  for (const path of repeated) c.seen.add(path);
  const base = { port: c.app.port, headers: c.headers };

  /** A judged miss row and, when `cachedPaths` are given, the same call's cached row beside it. */
  const missRow = async (o: {
    id: string;
    label: string;
    draw: Draw;
    concurrency: number;
    p: Percentile;
    budgetMs: number;
    seconds: number;
    headers?: Record<string, string>;
    cachedPaths?: readonly string[];
    extra?: Partial<LoadOptions>;
  }) => {
    c.log(`${o.id} ${o.label}: misses, ${o.concurrency} clients`);
    const headers = o.headers ?? c.headers;
    const slowest: [number, string][] = [];
    // What each answer cost the server process, and how busy the machine was: a closed loop of many
    // clients waits for CPU once the machine is full, and this says whose.
    let cpuBefore: CpuMark | null = null;
    const run = await runLoad({
      ...base,
      headers,
      next: misses(o.draw),
      concurrency: o.concurrency,
      warmupMs: c.seconds(2) * 1000,
      durationMs: c.seconds(o.seconds) * 1000,
      rounds: ROUNDS,
      // The slowest URLs, for EXPLAIN (tests/bench/explain.ts).
      onAnswer: (path, _bytes, took) => {
        cpuBefore ??= cpuMark(c.app.child.pid!);
        slowest.push([took, path]);
        if (slowest.length > 200) slowest.sort((a, b) => b[0] - a[0]).splice(10);
      },
      ...o.extra,
    });
    const cpu = cpuBefore
      ? cpuPerAnswer(cpuBefore as CpuMark, cpuMark(c.app.child.pid!), run.requests)
      : null;
    const serverCpuMs = cpu?.serverMs ?? NaN;
    const machineBusy = cpu?.machineBusy ?? NaN;
    slowest.sort((a, b) => b[0] - a[0]).splice(10);
    for (const [took, path] of slowest.slice(0, 3)) c.log(`  slow: ${ms(took)} ${path}`);
    const perRound = roundsOf(run, o.p);
    rows.push({
      id: o.id,
      figure: `${o.label} ${o.p}, every request a new URL (misses), ${o.concurrency} clients`,
      value: ms(run[o.p]),
      spread: spreadOf(perRound),
      budget: `≤ ${o.budgetMs} ms`,
      reference: `p50 ${ms(run.p50)}, ${run.rps.toFixed(0)} req/s, ${run.requests} URLs; ${cpu ? cpuLabel(cpu) : 'CPU not measured'}${errorsOf(run)}`,
      ratio: null,
      pass: run.errors === 0 && run[o.p] <= o.budgetMs,
      details: { misses: run, slowest, serverCpuMs, machineBusy, cpu },
    });
    if (!o.cachedPaths) return run;
    const cached = await runLoad({
      ...base,
      headers,
      paths: o.cachedPaths,
      concurrency: o.concurrency,
      warmupMs: c.seconds(2) * 1000,
      durationMs: c.seconds(Math.min(6, o.seconds)) * 1000,
      rounds: ROUNDS,
    });
    rows.push({
      id: o.id,
      figure: `${o.label} ${o.p}, ${o.cachedPaths.length} URLs asked again and again (cache hits), ${o.concurrency} clients`,
      value: ms(cached[o.p]),
      spread: spreadOf(roundsOf(cached, o.p)),
      budget: `≤ ${o.budgetMs} ms`,
      reference: `misses ${ms(run[o.p])}: ${(run[o.p] / cached[o.p]).toFixed(1)}x the cached figure${errorsOf(cached)}`,
      ratio: null,
      pass: cached.errors === 0 && cached[o.p] <= o.budgetMs,
      details: { cached },
    });
    return run;
  };

  if (c.wanted('B1')) {
    // B1: any sort and direction with a filter (category, status, TV status, a date range), page 1.
    await missRow({
      id: 'B1',
      label: 'highlights/index, any sort + filters, page 1, 50 rows',
      draw: indexFirstPage({ today }),
      concurrency: 32,
      p: 'p99',
      budgetMs: 50,
      seconds: 15,
      cachedPaths: repeated,
    });
    // The same mix with one client: what an answer costs without a queue (32 closed-loop clients on 2
    // shared cores wait for CPU; this says how much of the p99 is the answer itself).
    {
      c.log('B1 highlights/index misses, 1 client (no queue)');
      const alone = await runLoad({
        ...base,
        next: misses(indexFirstPage({ today })),
        concurrency: 1,
        warmupMs: c.seconds(1) * 1000,
        durationMs: c.seconds(6) * 1000,
        rounds: ROUNDS,
      });
      rows.push({
        id: 'B1',
        figure:
          'reference: highlights/index, any sort + filters, page 1, 50 rows p99, misses, 1 client (no queue)',
        value: ms(alone.p99),
        spread: spreadOf(roundsOf(alone, 'p99')),
        budget: 'reference (not judged)',
        reference: `p50 ${ms(alone.p50)}, ${alone.requests} URLs${errorsOf(alone)}`,
        ratio: null,
        pass: null,
        details: { alone },
      });
    }
    // Page numbers 1–200 (OFFSET), as a jump in the pager asks them.
    await missRow({
      id: 'B1',
      label: 'highlights/index, OFFSET pages 1–200, any sort and filters, 50 rows',
      draw: indexPages({ today }),
      concurrency: 8,
      p: 'p99',
      budgetMs: 50,
      seconds: 10,
    });
    await openLoopCapacity(c, rows, misses, today);
    await deepPages(c, rows, misses, today);
    await editorMix(c, rows, today);
  }

  if (c.wanted('B2')) await throughput(c, rows);

  if (c.wanted('B3')) {
    // B3: the capped count dominating (per=1); the filters include ones matching fewer than 1,001 rows,
    // where the capped count reads every match.
    const monthAgo = yyyymmdd(new Date(Date.now() - 30 * 86_400_000));
    const countFilters = [
      '',
      'category=News',
      'status=deactivated',
      `from_date=${yearAgo}&tv_status=invalid`,
      `from_date=${monthAgo}&category=News&status=deactivated`,
    ];
    const run = await missRow({
      id: 'B3',
      label: 'highlights list count (capped at 1,001: the UI shows 1000+), per=1, any filters',
      draw: indexCounts({ today }),
      concurrency: 1,
      p: 'p95',
      budgetMs: 100,
      seconds: 8,
      cachedPaths: countFilters.map((f) => index(`per=1&${f}`)),
    });
    const counts: Record<string, number> = {};
    for (const f of countFilters) {
      const res = await fetchOnce(c.app.port, index(`per=1&${f}`), c.headers);
      counts[f || '(none)'] = (JSON.parse(res.body.toString()) as { data: { count: number } }).data.count;
    }
    const unbounded: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await queryRows(c.db, sql`select count(*) from highlights where publisher_id = ${c.publisherId}`);
      unbounded.push(performance.now() - t0);
    }
    const capped = Object.values(counts).every((n) => n <= SEARCH_RESULT_LIMIT + 1);
    const missesRow = rows.find((r) => r.id === 'B3' && r.details?.misses === run)!;
    missesRow.reference += `; unbounded COUNT(*) of the publisher's rows ${ms(summarize(unbounded, 1).p50)}; counts ${capped ? 'capped' : 'NOT capped'}`;
    missesRow.pass = missesRow.pass && capped;
    missesRow.details = { ...missesRow.details, counts, unboundedCountMs: unbounded };
  }

  if (c.wanted('B4')) {
    // B4: search, 4 clients, in three selectivities. The last word is a prefix, so what the box holds
    // while a word is typed ('fo', 'kovac12') is a query of its own, often broader than the whole word.
    const kinds: [SearchKind, string, number, string[]][] = [
      ['selective', 'a whole player token (~0.02% of rows)', 150, ['kovac1234', 'kovac77', 'kovac4321']],
      ['broad', 'a sport (12.5% of rows), alone or with a verb', 500, ['football', 'tennis wins']],
      [
        'typed',
        'prefixes as typed (fo … footbal, ko … kovac123)',
        500,
        ['fo', 'foo', 'foot', 'ko', 'kovac12'],
      ],
    ];
    for (const [kind, label, budgetMs, fixed] of kinds) {
      await missRow({
        id: 'B4',
        label: `highlights/search, ${label}, relevance mostly, 50 rows`,
        draw: searchOf(kind, { today }),
        concurrency: 4,
        p: 'p95',
        budgetMs,
        seconds: 8,
        cachedPaths: fixed.map((q) => search(`q=${encodeURIComponent(q)}&order_by=desc&per=${PER}`)),
      });
      await fullRanking(c, rows, kind, label);
    }
  }

  if (c.wanted('LIST')) {
    // The other lists, misses first; packages and programs keep answers as the highlights do.
    const headers = await listsUser(c);
    const sizes = listSizes(c.highlights);
    const lists: [string, Draw, string[] | undefined][] = [
      [
        'packages (any sort, type, name search, page)',
        packagesList(sizes),
        ['/api/v1/editor/packages?per=50'],
      ],
      [
        'programs/index (any sort, title or id search, page)',
        programsList(sizes),
        ['/api/v2/dashboard/programs/index'],
      ],
      ['stamp/stories (title search, page)', storiesList(sizes), undefined],
      ['articles/pending_review, the review queue (any sort, page)', reviewQueue, undefined],
      ['vertical_tasks (status tab, look-back, sorts, title search, page)', verticalTasks(sizes), undefined],
    ];
    for (const [name, draw, cachedPaths] of lists) {
      await missRow({
        id: 'LIST',
        label: name,
        draw,
        concurrency: 8,
        p: 'p99',
        budgetMs: 50,
        seconds: 8,
        headers,
        ...(cachedPaths ? { cachedPaths } : {}),
      });
    }
  }
  return rows;
}

/**
 * B1's mix as independent users send it (arrivals at a rate, open loop) instead of from 32 clients that
 * each wait for their last answer: the highest rate of new URLs a second the machine answers within the
 * budget, the figure a deployment is sized by. A ladder of rates, one window each, stopping once the p99
 * is far past the budget; the highest rate within it is then asked again in rounds for its spread.
 */
async function openLoopCapacity(
  c: ListBenchContext,
  rows: BenchRow[],
  misses: (draw: Draw) => () => string,
  today: Date,
) {
  const BUDGET_MS = 50;
  const RATES = [200, 300, 400, 500, 600, 700, 800, 1000, 1200];
  // At least 2,000 answers a window, so that its p99 is the 20th slowest, not one stray answer.
  const MIN_ANSWERS = 2_000;
  c.log('B1 capacity: the page-1 mix arriving as independent users send it (open loop), rising rates');
  const window = (rate: number, k: number) =>
    runOpenLoop({
      port: c.app.port,
      headers: c.headers,
      next: misses(indexFirstPage({ today })),
      rate,
      warmupMs: c.seconds(1) * 1000,
      durationMs: c.seconds(Math.max(4, MIN_ANSWERS / rate)) * 1000,
      seed: c.seed * 100_000 + rate * 10 + k,
    });
  const ladder: { rate: number; p99: number; p50: number; errors: number }[] = [];
  for (const rate of RATES) {
    const run = await window(rate, 0);
    ladder.push({ rate, p99: run.p99, p50: run.p50, errors: run.errors });
    c.log(`  ${rate}/s: p99 ${ms(run.p99)}, p50 ${ms(run.p50)}, ${run.requests} of ${run.offered} answered`);
    if (run.errors > 0 || run.p99 > 4 * BUDGET_MS) break;
  }
  const best = ladder.filter((s) => s.errors === 0 && s.p99 <= BUDGET_MS).at(-1);
  const confirm: number[] = [];
  if (best) for (let k = 1; k <= 3; k++) confirm.push((await window(best.rate, k)).p99);
  const held = best !== undefined && median(confirm) <= BUDGET_MS;
  rows.push({
    id: 'B1',
    figure: `reference: highlights/index, the B1 mix (misses), requests arriving as independent users send them (Poisson, open loop): the highest rate with p99 ≤ ${BUDGET_MS} ms`,
    value: best
      ? `${best.rate} answers/s${held ? '' : ' (not held in the rounds after)'}`
      : 'none of the rates',
    spread: best ? `p99 ${spreadOf(confirm)} at ${best.rate}/s` : undefined,
    budget: 'reference (not judged)',
    reference: ladder.map((s) => `${s.rate}/s p99 ${ms(s.p99)}`).join(', '),
    ratio: null,
    pass: null,
    details: { ladder, confirm },
  });
}

/**
 * B1 deep: a cursor anywhere down the list against page 1, both misses, turn about. The cursors are
 * made from rows drawn at random (their sort value and id, as a page's next_cursor carries them), so each
 * request seeks a new place, from the top of the list to row 550,000; page 1 gets a from_date before the
 * data's first day, which every row passes, so each page-1 URL is new and reads what page 1 reads.
 */
async function deepPages(
  c: ListBenchContext,
  rows: BenchRow[],
  misses: (draw: Draw) => () => string,
  today: Date,
) {
  c.log('B1 a cursor anywhere in the list vs page 1 (misses), OFFSET page 10,000 beside them');
  const deepFilter = 'tv_status=valid';
  const anchors = await queryRows<Record<string, string | null> & { id: number }>(
    c.db,
    sql`select id,
               (extract(epoch from published_at) * 1000000)::bigint::text as date,
               non_uniq_regular_clicks::text as non_uniq_regular_clicks, regular_ctr::text as regular_ctr,
               non_uniq_ia_clicks::text as non_uniq_ia__clicks, ia_ctr::text as ia_ctr
        from highlights tablesample bernoulli (2) repeatable (${c.seed})
        where publisher_id = ${c.publisherId} and tv_valid limit 3000`,
  );
  const cursorOf: Draw = (r) => {
    const row = r.pick(anchors);
    const order = r.pick(ORDERS);
    const column = order.slice(0, order.lastIndexOf('_')) as HighlightSortColumn;
    const cursor = encodeHighlightCursor({ column, afterId: Number(row.id), value: row[column] ?? null });
    return index(`order_by=${order}&${deepFilter}&per=${PER}&cursor=${cursor}`);
  };
  const dataStart = new Date(today.getTime() - 3 * 366 * 86_400_000);
  const pageOne: Draw = (r) =>
    index(
      `order_by=${r.pick(ORDERS)}&${deepFilter}&from_date=${yyyymmdd(new Date(dataStart.getTime() - r.int(1, 5000) * 86_400_000))}&per=${PER}&page=1`,
    );
  const page1Stream = misses(pageOne);
  const deepStream = misses(cursorOf);
  const window = { port: c.app.port, headers: c.headers, concurrency: 32, warmupMs: c.seconds(2) * 1000 };
  const deepRounds: { page1: LoadResult; deepCursor: LoadResult }[] = [];
  for (let round = 0; round < B1_DEEP_ROUNDS; round++) {
    deepRounds.push({
      page1: await runLoad({
        ...window,
        next: page1Stream,
        durationMs: (c.seconds(10) * 1000) / B1_DEEP_ROUNDS,
      }),
      deepCursor: await runLoad({
        ...window,
        next: deepStream,
        durationMs: (c.seconds(10) * 1000) / B1_DEEP_ROUNDS,
      }),
    });
  }
  const ratios = deepRounds.map((r) => r.deepCursor.p99 / r.page1.p99);
  const byRatio = [...deepRounds].sort(
    (a, b) => a.deepCursor.p99 / a.page1.p99 - b.deepCursor.p99 / b.page1.p99,
  );
  const { page1, deepCursor } = byRatio[Math.floor(byRatio.length / 2)]!;
  const deepOffset = await runLoad({
    ...window,
    concurrency: 8,
    warmupMs: 0,
    next: misses((r) =>
      index(
        `order_by=${r.pick(ORDERS)}&${deepFilter}&from_date=${yyyymmdd(new Date(dataStart.getTime() - r.int(1, 5000) * 86_400_000))}&per=${PER}&page=${DEEP_PAGE}`,
      ),
    ),
    durationMs: c.seconds(20) * 1000,
    maxRequests: 80,
  });
  const ratio = median(ratios);
  rows.push({
    id: 'B1',
    figure: `a cursor anywhere in 550k rows p99 / page 1 p99, both misses (32 clients), ${B1_DEEP_ROUNDS} rounds turn about, median`,
    value: `${ms(deepCursor.p99)} / ${ms(page1.p99)}`,
    spread: spreadOf(ratios, (r) => r.toFixed(2)),
    budget: '≤ 1.5x',
    reference: `OFFSET page ${DEEP_PAGE.toLocaleString('en-US')} p99 ${ms(deepOffset.p99)} (misses, 8 clients, ${deepOffset.requests} requests)`,
    ratio,
    pass: deepRounds.every((r) => r.deepCursor.errors === 0 && r.page1.errors === 0) && ratio <= 1.5,
    details: { deepRounds, deepOffset, anchors: anchors.length },
  });
}

/**
 * Editors' sessions (editorSessions): the default page, paging on, sorts, filters and searches typed
 * key by key, popular words more often. The hit ratio is what the server's cache gives on that sequence.
 */
async function editorMix(c: ListBenchContext, rows: BenchRow[], today: Date) {
  c.log('B1 editor sessions (repeats as editors make them), 16 clients');
  const answers: [string, number][] = [];
  const run = await runLoad({
    port: c.app.port,
    headers: c.headers,
    next: editorSessions(c.seed, { today }),
    concurrency: 16,
    durationMs: c.seconds(12) * 1000,
    rounds: ROUNDS,
    onAnswer: (path, bytes) => answers.push([path, bytes]),
  });
  const hits = hitRatio(answers);
  const byLifetime = LIFETIMES.filter((n) => n <= answers.length).map((n) => ({
    requests: n,
    ...hitRatio(answers.slice(0, n)),
  }));
  const pctOf = (x: number) => `${(x * 100).toFixed(0)}%`;
  rows.push({
    id: 'B1',
    figure: `editor sessions (list + search, repeats as editors make them) p99, 16 clients; answer-cache hit ratio of the first ${byLifetime.map((h) => h.requests.toLocaleString('en-US')).join(' / ')} requests after a change`,
    value: `${ms(run.p99)}; hits ${byLifetime.map((h) => pctOf(h.ratio)).join(' / ')}`,
    spread: spreadOf(roundsOf(run, 'p99')),
    budget: '≤ 50 ms',
    reference: `the whole window ${pctOf(hits.ratio)} (${hits.hits} of ${answers.length}, ${hits.distinct} distinct URLs; the server's cache class replayed on the sequence); p50 ${ms(run.p50)}${errorsOf(run)}`,
    ratio: hits.ratio,
    pass: run.errors === 0 && run.p99 <= 50,
    details: { run, hits, byLifetime },
  });
}

/**
 * Relevance ranks the newest 1,001 matches (the most the screen lists). Beside the route, what ranking
 * every match would cost: the same words, the capped query as the route runs it and the full ranking,
 * straight on the database, turn about per word; passes over the words until the time is spent.
 */
async function fullRanking(c: ListBenchContext, rows: BenchRow[], kind: SearchKind, label: string) {
  const h = schema.highlights;
  const r = createRandom(c.seed + kind.length);
  const words = [...new Set(Array.from({ length: 40 }, () => searchText(r, kind)))].slice(0, 8);
  const queries = words.map((text) => typedTsQuery(text)!);
  // As the route runs it: the newest matches found once, counted (the capped count) and ranked.
  const capped = (q: SQL) =>
    sql`with newest as materialized (
          select ${h.id} from ${h} where ${h.publisherId} = ${c.publisherId} and ${h.searchVector} @@ ${q}
          order by ${h.publishedAt} desc nulls last, ${h.id} desc nulls last limit ${SEARCH_RESULT_LIMIT + 1})
        select ${h.id}, (select count(*) from newest) from ${h}
        where ${h.publisherId} = ${c.publisherId} and ${h.id} in (select id from newest)
        order by ts_rank(${h.searchVector}, ${q}) desc, ${h.id} desc limit ${PER}`;
  const full = (q: SQL) =>
    sql`select ${h.id} from ${h} where ${h.publisherId} = ${c.publisherId} and ${h.searchVector} @@ ${q}
        order by ts_rank(${h.searchVector}, ${q}) desc, ${h.id} desc limit ${PER}`;
  const time = async (query: SQL) => {
    const t0 = performance.now();
    await c.db.execute(query);
    return performance.now() - t0;
  };
  c.log(`B4 full ranking against the newest ${SEARCH_RESULT_LIMIT + 1} ranked: ${words.join(', ')}`);
  const passes: { capped: number[]; full: number[] }[] = [];
  const deadline = performance.now() + c.seconds(20) * 1000;
  while (passes.length < 3 && (passes.length === 0 || performance.now() < deadline)) {
    const pass = { capped: [] as number[], full: [] as number[] };
    for (const q of queries) {
      pass.capped.push(await time(capped(q)));
      pass.full.push(await time(full(q)));
    }
    passes.push(pass);
  }
  const p95 = (xs: number[]) =>
    quantile(
      [...xs].sort((a, b) => a - b),
      0.95,
    );
  const fullP95 = p95(passes.flatMap((p) => p.full));
  const cappedP95 = p95(passes.flatMap((p) => p.capped));
  rows.push({
    id: 'B4',
    figure: `reference: ranking ALL matches, ${label} (SQL, 1 client, ${words.length} words × ${passes.length} passes), p95`,
    value: ms(fullP95),
    spread: spreadOf(passes.map((p) => p95(p.full))),
    budget: 'reference (not judged)',
    reference: `the newest ${SEARCH_RESULT_LIMIT + 1} ranked, as the route does: ${ms(cappedP95)}`,
    ratio: fullP95 / cappedP95,
    pass: null,
    details: { words, passes },
  });
}

async function throughput(c: ListBenchContext, rows: BenchRow[]) {
  // B2: throughput of the route against a bare node:http server sending the same bytes (status line,
  // headers and body: the response the route sends), both driven by autocannon (the load generator
  // Fastify's own benchmarks use). Node's http client, which B1 uses, spent more of its core than either
  // server did per answer, so a B2 driven by it measured the client. The servers are measured turn about,
  // in five rounds of 2 s, because this machine's speed can change by half within a minute; a ratio is the
  // median of the rounds' ratios, a req/s the rounds' mean. Beside them: Fastify alone (one route, no hooks
  // or plugins) sending the same response, what the framework itself costs here, and the bare server
  // sending the body with a content type only (the reference until 2026-11-27), what the route's security
  // and request-id headers cost a server that does nothing else (~13% of its requests a second).
  // The servers run on one core and autocannon on the other (pinThreads), as on two machines: unpinned,
  // the scheduler at moments put both on one core, and full runs' B2 swung 0.55-0.95 run to run while
  // B2-only runs held 0.85-0.95. Each turn also reads the CPU each side used.
  c.log('B2 throughput against a bare node:http server and Fastify alone (autocannon, turn about)');
  const b2Path = index(`order_by=date_desc&per=${PER}&page=1`);
  const captured = await fetchOnce(c.app.port, b2Path, c.headers);
  const contentType = 'application/json; charset=utf-8';
  const routeHeaders = Object.fromEntries(
    Object.entries(captured.headers)
      .filter(([name]) => !CONNECTION_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
  const bare = await c.startReference('bare');
  const bareBody = await c.startReference('bare');
  const framework = await c.startReference('framework');
  type Side = 'route' | 'framework' | 'bare' | 'bareBody';
  const rounds: Record<Side, Throughput>[] = [];
  const servers = [c.app, bare, bareBody, framework];
  const pinned =
    pinThreads(process.pid, '0') && servers.every((server) => pinThreads(server.child.pid!, '1'));
  try {
    const body = captured.body.toString('base64');
    await bare.ask({ type: 'bare-body', body, contentType, headers: routeHeaders });
    await bareBody.ask({ type: 'bare-body', body, contentType });
    await framework.ask({ type: 'bare-body', body, contentType, headers: routeHeaders });
    const turn = async ({ port, child }: BenchServer): Promise<Throughput> => {
      const run = (seconds: number) =>
        autocannon({
          url: `http://127.0.0.1:${port}${b2Path}`,
          headers: c.headers,
          connections: 32,
          duration: seconds,
        });
      await run(c.seconds(0.5));
      const started = performance.now();
      const before = {
        server: processCpuSeconds(child.pid!),
        client: process.cpuUsage(),
        machine: machineTicks(),
      };
      const result = await run(c.seconds(2));
      const elapsed = (performance.now() - started) / 1000;
      const client = process.cpuUsage(before.client);
      const machine = machineTicks();
      return {
        rps: result.requests.total / elapsed,
        serverCpu: (processCpuSeconds(child.pid!) - before.server) / elapsed,
        clientCpu: (client.user + client.system) / 1e6 / elapsed,
        machineBusy: (machine.busy - before.machine.busy) / (machine.total - before.machine.total),
        requests: result.requests.total,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    };
    for (let round = 0; round < B2_ROUNDS; round++) {
      rounds.push({
        route: await turn(c.app),
        framework: await turn(framework),
        bare: await turn(bare),
        bareBody: await turn(bareBody),
      });
      const shown = (t: Throughput) =>
        `${t.rps.toFixed(0)}/s server ${pct(t.serverCpu)} client ${pct(t.clientCpu)} machine ${pct(t.machineBusy)}`;
      const last = rounds.at(-1)!;
      c.log(`  B2 round ${round + 1}: route ${shown(last.route)}; bare ${shown(last.bare)}`);
    }
  } finally {
    unpinThreads(process.pid);
    unpinThreads(c.app.child.pid!);
    await Promise.all([bare.stop(), bareBody.stop(), framework.stop()]);
  }
  const meanRps = (side: Side) => rounds.reduce((sum, r) => sum + r[side].rps, 0) / rounds.length;
  const ratiosTo = (side: Side, to: Side) => rounds.map((r) => r[side].rps / r[to].rps).sort((a, b) => a - b);
  const roundRatios = ratiosTo('route', 'bare');
  // The same rounds per second of the server's own CPU: the bare server is held back by the load
  // generator (its core full, the server's ~85%), so this says what each answer costs the server.
  const perCpuRatios = rounds
    .map((r) => r.route.rps / r.route.serverCpu / (r.bare.rps / r.bare.serverCpu))
    .sort((a, b) => a - b);
  const b2Ratio = median(roundRatios);
  const b2Failures = rounds.reduce(
    (sum, r) => sum + r.route.failures + r.framework.failures + r.bare.failures + r.bareBody.failures,
    0,
  );
  rows.push({
    id: 'B2',
    figure: `highlights/index req/s, one URL (a cache hit: what the route and framework cost) (${(captured.body.length / 1024).toFixed(0)} KiB answer, 32 connections, autocannon), ${B2_ROUNDS} rounds turn about, ${pinned ? 'server and client on a core each' : 'unpinned'}`,
    value: `${meanRps('route').toFixed(0)} req/s`,
    budget: '≥ 70% of bare',
    reference:
      `bare node:http, the same response ${meanRps('bare').toFixed(0)} req/s; Fastify alone ` +
      `${meanRps('framework').toFixed(0)} req/s (${median(ratiosTo('framework', 'bare')).toFixed(2)} of bare); ` +
      `bare with the body only ${meanRps('bareBody').toFixed(0)} req/s (route ` +
      `${median(ratiosTo('route', 'bareBody')).toFixed(2)} of it); round ratios ${roundRatios.map((r) => r.toFixed(2)).join(', ')}; ` +
      `per second of the server's own CPU ${median(perCpuRatios).toFixed(2)} of bare (rounds ${perCpuRatios.map((r) => r.toFixed(2)).join(', ')})`,
    ratio: b2Ratio,
    spread: spreadOf(roundRatios, (r) => r.toFixed(2)),
    pass: b2Failures === 0 && b2Ratio >= 0.7,
    details: { rounds, pinned, bytes: captured.body.length, routeHeaders },
  });
}
