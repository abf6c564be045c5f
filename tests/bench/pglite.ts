// B5: the list and search queries on embedded PGlite against PostgreSQL, both holding the same smaller
// bench set (seeding 1M rows into the WebAssembly database would take most of the bench's time), run
// through the product's HighlightRepository one query at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDb, type Db } from '@hc/db/client';
import { BENCH_BIG_PUBLISHER_ID, seedBench } from '@hc/db/seed/bench';
import { HIGHLIGHT_SORT_COLUMNS, highlightListQuerySchema } from '@hc/shared/api/highlights';
import { HighlightRepository } from '../../apps/server/src/features/highlights/repo.ts';
import { createBenchDatabase } from './database.ts';
import { summarize } from './load.ts';
import { ms, type BenchRow } from './results.ts';

interface Case {
  query: Record<string, string>;
  search?: string;
}

const CASES: Case[] = [
  ...HIGHLIGHT_SORT_COLUMNS.flatMap((c) =>
    ['desc', 'asc'].map((d) => ({ query: { order_by: `${c}_${d}`, per: '50', status: 'active' } })),
  ),
  { query: { order_by: 'desc', per: '50' }, search: 'kovac1234' },
  { query: { order_by: 'desc', per: '50' }, search: 'football' },
  { query: { order_by: 'date_desc', per: '50' }, search: 'football' },
];

async function measure(db: Db, repetitions: number) {
  const repo = new HighlightRepository(db);
  const latencies: number[] = [];
  const started = performance.now();
  for (let r = -1; r < repetitions; r++) {
    for (const c of CASES) {
      const t0 = performance.now();
      await repo.list(BENCH_BIG_PUBLISHER_ID, highlightListQuerySchema.parse(c.query), c.search);
      if (r >= 0) latencies.push(performance.now() - t0); // round -1 warms both up
    }
  }
  return summarize(latencies, (performance.now() - started) / 1000);
}

export async function benchPglite(
  highlights: number,
  repetitions: number,
  log: (line: string) => void,
): Promise<BenchRow> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-bench-pglite-'));
  const small = await createBenchDatabase('hc_bench_small', highlights, log);
  try {
    const postgres = await measure(small.handle.db, repetitions);
    const lite = await openDb({ dataDir: dir });
    try {
      await migrate(lite);
      const t0 = performance.now();
      await seedBench(lite.db, { highlights, log });
      log(
        `seeded PGlite with ${highlights.toLocaleString('en-US')} highlights in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
      const pglite = await measure(lite.db, repetitions);
      const ratio = pglite.p95 / postgres.p95;
      return {
        id: 'B5',
        figure: `list + search queries (${CASES.length} kinds) on PGlite, ${highlights.toLocaleString('en-US')} rows on both sides, p95`,
        value: ms(pglite.p95),
        budget: '≤ 3x PostgreSQL',
        reference: `PostgreSQL p95 ${ms(postgres.p95)} (p50 ${ms(postgres.p50)} vs ${ms(pglite.p50)})`,
        ratio,
        pass: ratio <= 3,
        details: { pglite, postgres },
      };
    } finally {
      await lite.close();
    }
  } finally {
    await small.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
