// Diagnosis: the highlight list's answers of two builds compared on a bench database, for never-asked URLs
// of the bench's query mix (every order, filter, search kind, page) and the cursor pages they lead to.
//   BENCH_AB_BASE=/tmp/base node --import tsx tests/bench/same-answers.ts <database> [urls per kind]
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { distinctDraws, indexFirstPage, indexPages, searchOf, type Draw } from '@hc/db/seed/bench-query-mix';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { highlightListQuerySchema, highlightSearchQuerySchema } from '@hc/shared/api/highlights';
import { databaseUrlFor } from '../support/services.ts';

const [database = 'hc_bench', perKind = '20'] = process.argv.slice(2);
const base = process.env.BENCH_AB_BASE;
if (!base) throw new Error("BENCH_AB_BASE: the other build's root folder");
type Build = {
  list: (publisherId: number, query: unknown, search?: string) => Promise<unknown>;
};
const load = async (root: string) => {
  const repo = await import(path.join(root, 'apps/server/src/features/highlights/repo.ts'));
  const presenter = await import(path.join(root, 'apps/server/src/features/highlights/presenter.ts'));
  return { repo, presenter };
};
const pool = new pg.Pool({ connectionString: databaseUrlFor(database), max: 2 });
const db = drizzle(pool, { schema }) as unknown as Db;
const media = { url: (p: string) => `/media/${p}` };
const builds = await Promise.all([load(base), load(path.join(import.meta.dirname, '..', '..'))]);
const answer = async (k: number, url: string) => {
  const { repo, presenter } = builds[k]!;
  const parsed = new URL(url, 'http://bench');
  const raw = Object.fromEntries(parsed.searchParams);
  const query = highlightListQuerySchema.parse(raw);
  const text = parsed.pathname.endsWith('/search') ? highlightSearchQuerySchema.parse(raw).q : undefined;
  const page = await (new repo.HighlightRepository(db) as Build).list(BENCH_BIG_PUBLISHER_ID, query, text);
  const p = page as { rows: unknown[]; count: number; createGif: boolean; nextCursor: string | null };
  const present = presenter.presentListRow ?? presenter.presentHighlight;
  return {
    highlights: p.rows.map((row) => present(row, media)),
    count: p.count,
    create_gif: p.createGif,
    next_cursor: p.nextCursor,
  };
};
const today = new Date();
const kinds: Draw[] = [
  indexFirstPage({ today }),
  indexPages({ today }),
  searchOf('selective', { today }),
  searchOf('broad', { today }),
  searchOf('typed', { today }),
];
let compared = 0;
let differ = 0;
for (const [k, draw] of kinds.entries()) {
  const next = distinctDraws(5000 + k, draw, new Set());
  for (let i = 0; i < Number(perKind); i++) {
    const urls = [next()];
    // The next page by its cursor, too (the seek path), and a page past the end.
    const first = await answer(0, urls[0]!);
    if (first.next_cursor) urls.push(`${urls[0]}&cursor=${encodeURIComponent(first.next_cursor)}`);
    if (i < 3) urls.push(urls[0]!.replace(/page=\d+/, 'page=500000'));
    for (const url of urls) {
      const [a, b] = [JSON.stringify(await answer(0, url)), JSON.stringify(await answer(1, url))];
      compared++;
      if (a !== b) {
        differ++;
        let at = 0;
        while (at < a.length && a[at] === b[at]) at++;
        const from = Math.max(0, at - 120);
        console.log(
          `DIFFER ${url}\n  before …${a.slice(from, at + 120)}\n  after  …${b.slice(from, at + 120)}`,
        );
      }
    }
  }
}
console.log(`${compared} answers compared, ${differ} differ`);
await pool.end();
