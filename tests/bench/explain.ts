// Diagnosis: EXPLAIN (ANALYZE, BUFFERS) of what the highlight list runs for given URLs, on a bench
// database (keep one with BENCH_REUSE=1). The bench logs each miss window's slowest URLs; paste them here.
//   node --import tsx tests/bench/explain.ts hc_bench '/api/v1/editor/highlights/index?order_by=…' …
// Each query the repository sends is captured with its parameters and run again under EXPLAIN.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@hc/db/client';
import { rawQueryOf } from '@hc/db/raw-query';
import { schema } from '@hc/db/schema';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { highlightListQuerySchema, highlightSearchQuerySchema } from '@hc/shared/api/highlights';
import { HighlightRepository } from '../../apps/server/src/features/highlights/repo.ts';
import { databaseUrlFor } from '../support/services.ts';

const [database, ...urls] = process.argv.slice(2);
if (!database || urls.length === 0) throw new Error('usage: explain.ts <database> <url>…');
const pool = new pg.Pool({ connectionString: databaseUrlFor(database), max: 2 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema }) as unknown as Db;
const raw = rawQueryOf(db);
const repo = new HighlightRepository(db, (text, values) => {
  captured.push({ query: text, params: [...values] });
  return raw(text, values);
});

for (const url of urls) {
  const parsed = new URL(url, 'http://bench');
  const raw = Object.fromEntries(parsed.searchParams);
  const isSearch = parsed.pathname.endsWith('/search');
  const query = highlightListQuerySchema.parse(raw);
  const text = isSearch ? highlightSearchQuerySchema.parse(raw).q : undefined;
  captured.length = 0;
  const started = performance.now();
  await repo.list(BENCH_BIG_PUBLISHER_ID, query, text);
  console.log(`\n=== ${url}\n    ${(performance.now() - started).toFixed(1)} ms through the repository`);
  for (const { query: text, params } of [...captured]) {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
}
await pool.end();
