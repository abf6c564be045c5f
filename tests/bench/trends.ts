// TRENDS: the trend chart's call (GET /api/v1/editor/trends/highlights/:id?days=7|30|90, what the highlight
// drawer asks) over a metric store of 1,000,080 daily rows: 90 days of 11,112 highlights of the big
// publisher. One client, keep-alive, every call a different (highlight, window) pair so no answer is asked
// twice; the highlights are spread over the whole id range and the windows alternate. Three rounds; the
// figure is the p95 of all calls, the spread the rounds' p95s.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@hc/db/client';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { quantile } from './load.ts';
import type { BenchServer } from './processes.ts';
import { ms, spreadOf, type BenchRow } from './results.ts';

export interface TrendsBenchContext {
  app: BenchServer;
  headers: Record<string, string>;
  db: Db;
  log: (line: string) => void;
}

const DAYS = 90;
/**
 * Highlights with 90 days of figures: 11,112 x 90 = 1,000,080 rows by default; BENCH_TREND_HIGHLIGHTS sets
 * it (1,000,000 gives the 90M rows the store is designed for). Past the big publisher's highlights, the
 * other publishers' are filled too: the calls ask the big publisher's, the table holds them all.
 */
const HIGHLIGHTS = Number(process.env.BENCH_TREND_HIGHLIGHTS ?? 11_112);
/** Highlights filled per statement: 9M rows at a time keep each transaction's WAL and locks bounded. */
const SEED_BATCH = 100_000;
const WINDOWS = [7, 30, 90] as const;
const ROUNDS = 3;
const CALLS_PER_ROUND = 300;
const BUDGET_P95_MS = 25;

/** 90 days of figures for the first HIGHLIGHTS highlights of the big publisher (kept on a reused database). */
async function seedMetrics(db: Db, log: (line: string) => void) {
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from highlight_metrics_daily`,
  );
  if (Number(have!.n) >= HIGHLIGHTS * DAYS) return;
  log(`TRENDS seeding ${(HIGHLIGHTS * DAYS).toLocaleString('en-US')} daily metric rows`);
  const [big] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from highlights where publisher_id = ${BENCH_BIG_PUBLISHER_ID}`,
  );
  const onlyBig = HIGHLIGHTS <= Number(big!.n);
  for (let offset = 0; offset < HIGHLIGHTS; offset += SEED_BATCH) {
    const batch = Math.min(SEED_BATCH, HIGHLIGHTS - offset);
    await db.execute(sql`
      insert into highlight_metrics_daily (highlight_id, day, publisher_id, front_page_impressions,
                                           front_page_clicks, article_impressions, article_clicks)
      select h.id, (current_date - d)::date, h.publisher_id,
             1000 + (h.id * 7 + d * 13) % 5000, 10 + (h.id + d) % 90,
             500 + (h.id * 3 + d * 11) % 3000, 5 + (h.id * 5 + d) % 60
      from (select id, publisher_id from highlights
            where ${onlyBig ? sql`publisher_id = ${BENCH_BIG_PUBLISHER_ID}` : sql`true`}
            order by ${onlyBig ? sql`id` : sql`publisher_id <> ${BENCH_BIG_PUBLISHER_ID}, id`}
            limit ${batch} offset ${offset}) h,
           generate_series(0, ${DAYS - 1}) d
      on conflict do nothing`);
    if (HIGHLIGHTS > SEED_BATCH) log(`TRENDS seeded ${(offset + batch).toLocaleString('en-US')} highlights`);
  }
  await db.execute(sql`analyze highlight_metrics_daily`);
}

function get(agent: http.Agent, port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ agent, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function benchTrends(c: TrendsBenchContext): Promise<BenchRow> {
  await seedMetrics(c.db, c.log);
  const ids = (
    await queryRows<{ id: number }>(
      c.db,
      sql`select distinct highlight_id as id from highlight_metrics_daily
          where publisher_id = ${BENCH_BIG_PUBLISHER_ID} order by highlight_id`,
    )
  ).map((r) => Number(r.id));
  const [rows] = await queryRows<{ n: number }>(
    c.db,
    sql`select count(*)::int as n from highlight_metrics_daily`,
  );
  c.log(
    `TRENDS chart call on misses: ${Number(rows!.n).toLocaleString('en-US')} rows, ${ids.length} highlights`,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rounds: number[][] = [];
  // A stride co-prime with the id count walks the whole range without repeating a highlight.
  const stride = 7_919;
  let k = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const latencies: number[] = [];
      for (let i = 0; i < CALLS_PER_ROUND; i++, k++) {
        const id = ids[(k * stride) % ids.length]!;
        const days = WINDOWS[k % WINDOWS.length]!;
        const t0 = performance.now();
        const answer = await get(
          agent,
          c.app.port,
          `/api/v1/editor/trends/highlights/${id}?days=${days}`,
          c.headers,
        );
        latencies.push(performance.now() - t0);
        if (answer.status !== 200)
          throw new Error(`trend call ${id}/${days}: ${answer.status} ${answer.body}`);
        const points = (JSON.parse(answer.body) as { data: { points: unknown[] } }).data.points;
        if (points.length !== days) throw new Error(`trend call ${id}/${days}: ${points.length} points`);
      }
      rounds.push(latencies.sort((a, b) => a - b));
    }
  } finally {
    agent.destroy();
  }
  const all = rounds.flat().sort((a, b) => a - b);
  const p50 = quantile(all, 0.5);
  const p95 = quantile(all, 0.95);
  return {
    id: 'TRENDS',
    figure: `trend chart call on misses (${Number(rows!.n).toLocaleString('en-US')} daily rows, ${ids.length.toLocaleString('en-US')} highlights, 7/30/90 days, 1 client), p95`,
    value: ms(p95),
    spread: spreadOf(rounds.map((r) => quantile(r, 0.95))),
    budget: `p95 <= ${BUDGET_P95_MS} ms`,
    reference: `p50 ${ms(p50)}`,
    ratio: null,
    pass: p95 <= BUDGET_P95_MS,
    details: {
      p50,
      p95,
      calls: all.length,
      rounds: rounds.map((r) => ({ p50: quantile(r, 0.5), p95: quantile(r, 0.95) })),
    },
  };
}
