// Cost as data grows: the highlight list's queries through the product's HighlightRepository (what the
// route sends to PostgreSQL, without HTTP or the server's per-answer work, which does not depend on the
// data's size) on bench databases of several sizes, one query at a time, never-asked URLs of the bench's
// query mix (the same URLs on every size). The sizes are measured turn about, round by round, so that the
// shared machine's swings fall on all of them alike.
//   node --import tsx tests/bench/curve.ts hc_bench_100k:100000 hc_bench:1000000 … [-- rounds perRound]
import { drizzle } from 'drizzle-orm/node-postgres';
import os from 'node:os';
import pg from 'pg';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import {
  distinctDraws,
  indexCounts,
  indexFirstPage,
  indexPages,
  searchOf,
  type Draw,
} from '@hc/db/seed/bench-query-mix';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { highlightListQuerySchema, highlightSearchQuerySchema } from '@hc/shared/api/highlights';
import { HighlightRepository } from '../../apps/server/src/features/highlights/repo.ts';
import { databaseUrlFor } from '../support/services.ts';
import { median, quantile } from './load.ts';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const targets = (dash < 0 ? args : args.slice(0, dash)).map((a) => {
  const [name, size] = a.split(':');
  return { name: name!, size: Number(size) };
});
const [rounds = 3, perRound = 15] = dash < 0 ? [] : args.slice(dash + 1).map(Number);
const today = new Date();

const kinds: { label: string; draw: Draw }[] = [
  { label: 'main list: page 1, any order + filters', draw: indexFirstPage({ today }) },
  { label: 'main list: OFFSET pages 1–200', draw: indexPages({ today }) },
  { label: 'count (per=1, capped at 1,001), any filters', draw: indexCounts({ today }) },
  { label: 'search: a player token', draw: searchOf('selective', { today }) },
  { label: 'search: a sport', draw: searchOf('broad', { today }) },
  { label: 'search: prefixes as typed', draw: searchOf('typed', { today }) },
];

const sides = targets.map((t) => {
  const pool = new pg.Pool({ connectionString: databaseUrlFor(t.name), max: 1 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { ...t, pool, repo: new HighlightRepository(db) };
});

async function ask(repo: HighlightRepository, url: string): Promise<number> {
  const parsed = new URL(url, 'http://bench');
  const raw = Object.fromEntries(parsed.searchParams);
  const query = highlightListQuerySchema.parse(raw);
  const text = parsed.pathname.endsWith('/search') ? highlightSearchQuerySchema.parse(raw).q : undefined;
  const t0 = performance.now();
  await repo.list(BENCH_BIG_PUBLISHER_ID, query, text);
  return performance.now() - t0;
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
console.log(
  `sizes ${targets.map((t) => t.size).join(', ')}; ${rounds} rounds of ${perRound} URLs; load ${os.loadavg()[0]!.toFixed(1)}`,
);
try {
  for (const side of sides) await ask(side.repo, '/api/v1/editor/highlights/index?per=50'); // connect
  for (const [k, kind] of kinds.entries()) {
    // The same URLs on every size.
    const urls = Array.from({ length: rounds * perRound }, distinctDraws(7000 + k, kind.draw, new Set()));
    const times = sides.map(() => [] as number[][]);
    for (let round = 0; round < rounds; round++) {
      const batch = urls.slice(round * perRound, (round + 1) * perRound);
      for (const [s, side] of sides.entries()) {
        const took: number[] = [];
        for (const url of batch) took.push(await ask(side.repo, url));
        times[s]!.push(took);
      }
    }
    for (const [s, side] of sides.entries()) {
      const all = times[s]!.flat().sort((a, b) => a - b);
      const roundP95 = times[s]!.map((t) =>
        quantile(
          [...t].sort((a, b) => a - b),
          0.95,
        ),
      );
      console.log(
        `CURVE ${kind.label} | ${side.size.toLocaleString('en-US')} | p50 ${fmt(quantile(all, 0.5))} ms | p95 ${fmt(quantile(all, 0.95))} ms | round p95 ${fmt(Math.min(...roundP95))}–${fmt(Math.max(...roundP95))} ms (median ${fmt(median(roundP95))}) | ${all.length} URLs | load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
} finally {
  for (const side of sides) await side.pool.end();
}
