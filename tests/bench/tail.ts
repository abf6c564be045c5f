// Diagnosis: where the highlight list's slow tail comes from. Draws never-asked URLs of a mix kind, runs
// each through the product's HighlightRepository one at a time (no HTTP, no queue: the database's own
// time), and prints the percentiles, the slowest URLs and the share of time per filter signature.
//   node --import tsx tests/bench/tail.ts <database> first|pages|counts [count] [seed]
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import {
  distinctDraws,
  indexCounts,
  indexFirstPage,
  indexPages,
  listSizes,
  packagesList,
} from '@hc/db/seed/bench-query-mix';
import { packageListQuerySchema } from '@hc/shared/api/packages';
import { PackageRepository } from '../../apps/server/src/features/packages/repo.ts';
import { highlightListQuerySchema } from '@hc/shared/api/highlights';
import { HighlightRepository } from '../../apps/server/src/features/highlights/repo.ts';
import { quantile } from './load.ts';
import { databaseUrlFor } from '../support/services.ts';

const [database, kind = 'first', countText = '400', seedText = '1'] = process.argv.slice(2);
if (!database) throw new Error('usage: tail.ts <database> first|pages|counts [count] [seed]');
const today = new Date();
const draws = {
  first: indexFirstPage({ today }),
  pages: indexPages({ today }),
  counts: indexCounts({ today }),
  packages: packagesList(listSizes(1_000_000)),
};
const draw = draws[kind as keyof typeof draws];
if (!draw) throw new Error(`unknown kind ${kind}`);
const pool = new pg.Pool({ connectionString: databaseUrlFor(database), max: 1 });
import { createHash } from 'node:crypto';
const named = process.env.NAMED === '1';
const repo = new HighlightRepository(
  drizzle(pool, { schema }) as unknown as Db,
  named
    ? (text, values) =>
        pool
          .query({
            name: createHash('sha1').update(text).digest('hex').slice(0, 16),
            text,
            values: [...values],
            rowMode: 'array',
          })
          .then((r) => r.rows as unknown[][])
    : undefined,
);
const packageRepo = new PackageRepository(drizzle(pool, { schema }) as unknown as Db);
const next = distinctDraws(Number(seedText), draw, new Set());

/** The URL without its values that do not change the plan's shape (dates, page numbers). */
const signature = (params: URLSearchParams) =>
  [...params]
    .filter(([k]) => !['page'].includes(k))
    .map(([k, v]) => (['from_date', 'category', 'q'].includes(k) ? k : `${k}=${v}`))
    .join('&');

// The pool's connection is opened before the first timed URL.
await pool.query('select 1');
const times: { url: string; ms: number; sig: string }[] = [];
for (let i = 0; i < Number(countText); i++) {
  const url = next();
  const params = new URL(url, 'http://bench').searchParams;
  const started = performance.now();
  if (kind === 'packages') {
    const page = await packageRepo.list(
      { publisherIds: [BENCH_BIG_PUBLISHER_ID] },
      packageListQuerySchema.parse(Object.fromEntries(params)),
    );
    await packageRepo.highlightsOf(page.rows.map((r) => r.embedId));
  } else await repo.list(BENCH_BIG_PUBLISHER_ID, highlightListQuerySchema.parse(Object.fromEntries(params)));
  times.push({ url, ms: performance.now() - started, sig: signature(params) });
}
const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
const total = sorted.reduce((s, v) => s + v, 0);
console.log(
  `${times.length} URLs: p50 ${quantile(sorted, 0.5).toFixed(1)} p95 ${quantile(sorted, 0.95).toFixed(1)} ` +
    `p99 ${quantile(sorted, 0.99).toFixed(1)} max ${sorted.at(-1)!.toFixed(1)} ms; mean ${(total / sorted.length).toFixed(2)} ms`,
);
console.log('\nslowest:');
for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 15))
  console.log(`${t.ms.toFixed(1).padStart(8)} ms ${t.url}`);
const bySig = new Map<string, { n: number; ms: number; worst: number }>();
for (const t of times) {
  const s = bySig.get(t.sig) ?? { n: 0, ms: 0, worst: 0 };
  bySig.set(t.sig, { n: s.n + 1, ms: s.ms + t.ms, worst: Math.max(s.worst, t.ms) });
}
console.log('\nsignatures by worst URL:');
for (const [sig, s] of [...bySig].sort((a, b) => b[1].worst - a[1].worst).slice(0, 20))
  console.log(
    `${s.worst.toFixed(1).padStart(8)} worst ${(s.ms / s.n).toFixed(1).padStart(7)} mean ${String(s.n).padStart(4)}x ${sig}`,
  );
await pool.end();
