// `npm run bench`: seeds the bench data set into a fresh PostgreSQL database (hc_bench), runs each
// benchmark beside its reference, prints the table and writes bench-results.json at the repository root.
// Not part of `npm test`. Environment:
//   BENCH_HIGHLIGHTS      size of the data set (default 1,000,000)
//   BENCH_ONLY            e.g. B1,B7,B13 (reframing), LIST (the other list endpoints), LOAD, TRENDS or SCALE
//                         (two servers and two workers): run only these
//   BENCH_SEED            the list and search query mix's seed (default 1): the same seed asks the same URLs
//   BENCH_DATABASE        the bench database's name (default hc_bench), dropped and created again
//   BENCH_REUSE=1         keep an already seeded hc_bench (development only; the table says so)
//   BENCH_SECONDS_SCALE   scales every measuring window (default 1)
//   BENCH_PGLITE_HIGHLIGHTS  size of B5's data set on both sides (default 100,000)
//   BENCH_CPU_PROF=dir    the server child's --cpu-prof into dir (diagnosis)
//   BENCH_WEB_PROFILE=dir B11: the renderer's CPU profile of the table page, navigation to first row
//   BENCH_WEB_TRACE=dir   B11: a Chromium trace of the same load (style, layout and paint beside scripts);
//                         B12: one of the marker drag
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDb, queryRows } from '@hc/db/client';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { hashPassword } from '../../apps/server/src/features/auth/passwords.ts';
import { adminDatabaseUrl, databaseUrlFor, redisUrl } from '../support/services.ts';
import { createBenchDatabase, type BenchDatabase } from './database.ts';
import { benchLoad } from './autocannon-load.ts';
import { benchCollab } from './collab.ts';
import { benchList } from './list.ts';
import { benchLive } from './live.ts';
import { benchLocks } from './locks.ts';
import { benchPglite } from './pglite.ts';
import { benchQueue } from './queue.ts';
import { benchReports } from './reports.ts';
import { benchRender } from './render.ts';
import { benchReframe } from './reframe.ts';
import { benchScaleOut } from './scale-out.ts';
import { benchTrends } from './trends.ts';
import { benchWeb } from './web.ts';
import { startBenchServer, type BenchServer } from './processes.ts';
import { printTable, type BenchRow } from './results.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const highlights = Number(process.env.BENCH_HIGHLIGHTS ?? 1_000_000);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim().toUpperCase());
const reuse = process.env.BENCH_REUSE === '1';
const seed = Number(process.env.BENCH_SEED ?? 1);
const databaseName = process.env.BENCH_DATABASE ?? 'hc_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName))
  throw new Error(`BENCH_DATABASE: not a plain name: ${databaseName}`);
const scale = Number(process.env.BENCH_SECONDS_SCALE ?? 1);
const seconds = (s: number) => Math.max(0.5, s * scale);
const wanted = (id: string) => !only || only.includes(id);
const prefix = `hc-bench-${randomBytes(4).toString('hex')}`;
const PASSWORD = 'bench-password';
const started = performance.now();
// Figures of runs in different sessions differ by the machine they got (the same build's B2 0.58 one day,
// 0.85-0.95 the next): the CPU's name goes in the log and the results.
const cpuModel = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function existingBench(name: string): Promise<BenchDatabase | null> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  await client.end();
  if (found.rowCount === 0) return null;
  const url = databaseUrlFor(name);
  const handle = await openDb({ databaseUrl: url, poolSize: 4, onIdleError: () => undefined });
  return { name, url, handle, drop: () => handle.close() };
}

/** One viewer of the big publisher and 50 reviewers (B7's racers; ab.ts's package windows need the package role too), sharing one password hash. */
async function createUsers(db: BenchDatabase['handle']['db']) {
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`delete from users where email like '%@bench.example'`);
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, default_publisher_id)
      select 'user' || k || '@bench.example', ${hash}, ${BENCH_BIG_PUBLISHER_ID} from generate_series(0, 50) k
      returning id
    )
    insert into user_publisher_roles (user_id, publisher_id, roles)
    select id, ${BENCH_BIG_PUBLISHER_ID}, '{switch_publisher,apv_article_admin,editorial_manager}' from u`);
}

let loginId = 0;
export async function loginAs(app: BenchServer, k: number): Promise<Record<string, string>> {
  const id = ++loginId;
  const answer = await app.ask<{ status: number; email: string; token: string }>({
    type: 'login',
    id,
    email: `user${k}@bench.example`,
    password: PASSWORD,
    address: `10.77.${Math.floor(id / 250)}.${id % 250}`,
  });
  if (answer.status !== 200) throw new Error(`bench login failed: ${answer.status}`);
  return { 'x-user-email': answer.email, 'x-user-token': answer.token };
}

async function cleanRedis() {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

/**
 * Runs one part of the bench: a part that throws becomes a failed row naming its error, and the parts
 * after it still run, so one broken measurement never costs the whole table.
 */
async function part(id: string, run: () => Promise<BenchRow | BenchRow[]>): Promise<BenchRow[]> {
  try {
    const result = await run();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${id} did not complete: ${message}`);
    return [
      {
        id,
        figure: 'did not complete (see the log)',
        value: 'error',
        budget: '',
        reference: message.split('\n')[0]!.slice(0, 160),
        ratio: null,
        pass: false,
      },
    ];
  }
}

async function main() {
  const rows: BenchRow[] = [];
  log(
    `bench: ${highlights.toLocaleString('en-US')} highlights, ${os.cpus().length} cores (${cpuModel}), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const big =
    (reuse && (await existingBench(databaseName))) ||
    (await createBenchDatabase(databaseName, highlights, log));
  let reportRow: BenchRow | null = null;
  const env = { BENCH_DATABASE_URL: big.url, BENCH_REDIS_URL: redisUrl, BENCH_PREFIX: prefix };
  try {
    await createUsers(big.handle.db);
    const app = await startBenchServer('app', env);
    try {
      const headers = await loginAs(app, 0);
      // Every URL the list and search windows asked: a miss window never asks one again.
      const seen = new Set<string>();
      if (['B1', 'B2', 'B3', 'B4', 'LIST'].some(wanted)) {
        const listRows = await part('LIST', () =>
          benchList({
            app,
            startReference: (mode) => startBenchServer(mode),
            headers,
            db: big.handle.db,
            publisherId: BENCH_BIG_PUBLISHER_ID,
            log,
            seconds,
            wanted,
            highlights,
            seen,
            seed,
          }),
        );
        rows.push(...listRows);
      }
      if (wanted('B6')) {
        rows.push(
          ...(await part('B6', () => benchLive({ app, db: big.handle.db, redisUrl, prefix, log, seconds }))),
        );
      }
      if (wanted('LOAD'))
        rows.push(
          ...(await part('LOAD', () =>
            benchLoad({ app, db: big.handle.db, log, seconds, highlights, seen, seed }),
          )),
        );
      if (wanted('B8'))
        rows.push(...(await part('B8', () => benchCollab({ app, db: big.handle.db, log, seconds }))));
      if (wanted('SCALE')) {
        rows.push(
          ...(await part('SCALE', () =>
            benchScaleOut({ app, db: big.handle.db, databaseUrl: big.url, redisUrl, log, seconds }),
          )),
        );
      }
      if (wanted('B7')) {
        rows.push(
          ...(await part('B7', async () => {
            log('B7 task locks: logging in 50 racers');
            const racers = [];
            for (let k = 1; k <= 50; k++) racers.push(await loginAs(app, k));
            const [task] = await queryRows<{ video_id: number }>(
              big.handle.db,
              sql`select video_id from vertical_tasks where publisher_id = ${BENCH_BIG_PUBLISHER_ID} order by video_id limit 1`,
            );
            return benchLocks({
              app,
              racers,
              videoId: Number(task!.video_id),
              rounds: Math.max(20, Math.round(1000 * scale)),
              log,
            });
          })),
        );
      }
      if (wanted('TRENDS'))
        rows.push(...(await part('TRENDS', () => benchTrends({ app, headers, db: big.handle.db, log }))));
    } finally {
      await app.stop();
    }
    if (['B11', 'B12', 'B13'].some(wanted)) {
      rows.push(...(await part('WEB', () => benchWeb({ env, db: big.handle.db, wanted, log }))));
    }
    // B9's report jobs need the bench database (their row is shown beside B9's first).
    if (wanted('B9')) {
      const [row] = await part('B9', () =>
        benchReports({ db: big.handle.db, databaseUrl: big.url, redisUrl, prefix, log }),
      );
      reportRow = row ?? null;
    }
    const [size] = await queryRows<{ n: string }>(
      big.handle.db,
      sql`select pg_size_pretty(pg_database_size(current_database())) as n`,
    );
    log(`${databaseName} size ${size?.n}`);
  } finally {
    if (!reuse) await big.drop();
    else await big.handle.close();
    await cleanRedis();
  }

  if (wanted('B5')) {
    log('B5 PGlite against PostgreSQL');
    rows.push(
      ...(await part('B5', () =>
        benchPglite(
          Number(process.env.BENCH_PGLITE_HIGHLIGHTS ?? 100_000),
          Math.max(3, Math.round(20 * scale)),
          log,
        ),
      )),
    );
  }

  if (wanted('B9')) {
    rows.push(...(await part('B9', () => benchQueue(redisUrl, prefix, log))));
    if (reportRow) rows.push(reportRow);
  }
  if (wanted('B10')) rows.push(...(await part('B10', () => benchRender(log))));
  if (wanted('B13')) rows.push(...(await part('B13', () => benchReframe(log))));

  const table = printTable(rows);
  console.log(`\n${table}\n`);
  const failed = rows.filter((r) => r.pass === false).map((r) => r.id);
  const report = {
    at: new Date().toISOString(),
    highlights,
    seed,
    reused: reuse,
    cores: os.cpus().length,
    cpuModel,
    loadAverageAtEnd: os.loadavg(),
    minutes: (performance.now() - started) / 60_000,
    rows,
  };
  writeFileSync(path.join(root, 'bench-results.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(
    `bench-results.json written; ${failed.length ? `over budget: ${failed.join(', ')}` : 'every measured budget held'}`,
  );
}

await main();
