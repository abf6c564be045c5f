// The `bench` data set: N highlights over 3 years across 20 publishers, with articles, packages, programs,
// stories, vertical tasks and audit entries in proportion. Every row is generated inside the database
// (INSERT … SELECT generate_series), never row by row from node, so 1M highlights seed in minutes; the
// same SQL runs on PostgreSQL and on PGlite.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../client.ts';

export const BENCH_PUBLISHER_COUNT = 20;
/** The big publisher: it holds BIG_PUBLISHER_SHARE of the highlights, so a deep page (10,000 × 50) exists. */
export const BENCH_BIG_PUBLISHER_ID = 1;
export const BIG_PUBLISHER_SHARE = 0.55;
/** Titles are '{sport} {verb} {noun} {player}': a sport word matches 1/8 of the rows. */
export const BENCH_SPORTS = [
  'football',
  'tennis',
  'basketball',
  'cycling',
  'hockey',
  'boxing',
  'golf',
  'rugby',
];
/** A player token (e.g. 'kovac1234') matches about N / BENCH_PLAYER_COUNT rows: a selective term. */
export const BENCH_PLAYER_COUNT = 5000;
export const BENCH_CATEGORIES = [
  'Sports',
  'News',
  'Politics',
  'Business',
  'Tech',
  'Culture',
  'Travel',
  'Health',
  'Science',
  'Weather',
  'Food',
  'Auto',
];

export interface SeedBenchOptions {
  highlights: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** The second word of every title ('Football wins …'). */
export const BENCH_VERBS = [
  'wins',
  'scores',
  'beats',
  'saves',
  'stuns',
  'leads',
  'misses',
  'clinches',
  'rallies',
  'tops',
];
const NOUNS = ['final', 'derby', 'opener', 'semifinal', 'classic', 'thriller', 'rematch', 'showdown'];

const textArray = (values: readonly string[]) => sql.raw(`(array[${values.map((v) => `'${v}'`).join(',')}])`);

/**
 * The publisher of article `a` (a SQL expression): BIG_PUBLISHER_SHARE of the articles belong to publisher 1,
 * the rest spread evenly over publishers 2..20.
 */
const publisherOf = (a: string) =>
  sql.raw(
    `(case when (${a}) % 100 < ${Math.round(BIG_PUBLISHER_SHARE * 100)} then 1 else 2 + (${a}) % ${BENCH_PUBLISHER_COUNT - 1} end)`,
  );

/** Seeds an empty, migrated database. Publishers are 1..20; highlights are ids 1..N, two per article. */
export async function seedBench(db: Db, options: SeedBenchOptions): Promise<void> {
  const n = options.highlights;
  const articles = Math.ceil(n / 2);
  const log = options.log ?? (() => undefined);
  const step = async (label: string, query: SQL) => {
    const started = performance.now();
    await db.execute(query);
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  await step(
    'publishers',
    sql`insert into publishers (id, name, key, home_url)
        select p, 'Bench publisher ' || p, 'bench-key-' || p, 'https://bench' || p || '.example'
        from generate_series(1, ${BENCH_PUBLISHER_COUNT}) p`,
  );
  await step(
    'settings',
    sql`insert into settings (publisher_id, key, value)
        select p, 'create_gif', case when p % 2 = 0 then 'true' else 'false' end
        from generate_series(1, ${BENCH_PUBLISHER_COUNT}) p`,
  );
  await step(
    'categories',
    sql`insert into categories (publisher_id, name)
        select p, c from generate_series(1, ${BENCH_PUBLISHER_COUNT}) p, unnest(${textArray(BENCH_CATEGORIES)}) c`,
  );

  // Secondary indexes are dropped while the big tables fill and rebuilt afterwards from their own
  // definitions: one sorted build per index instead of a million random inserts into each.
  const bulkTables = ['articles', 'highlights', 'package_highlights', 'audit_log', 'vertical_tasks'];
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${sql.join(
          bulkTables.map((t) => sql`${t}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));

  await step(
    `articles (${articles})`,
    sql`insert into articles (id, publisher_id, title, url, featured, review_status, created_at)
        select a, ${publisherOf('a')}, 'Bench article ' || a, 'https://news.example/a/' || a, a % 50 = 0,
               case when a % 100 = 0 then 'pending' else 'done' end,
               now() - make_interval(secs => (${articles} - a)::float8 / ${articles} * 3 * 365 * 86400)
        from generate_series(1, ${articles}) a`,
  );
  await step(
    `highlights (${n})`,
    sql`insert into highlights (id, publisher_id, article_id, title, category, link, published_at,
          article_created_at, recommendation_score, article_active, ia_article_active, tv_valid, video_path,
          thumbnail_path, gif_path, duration_seconds, non_uniq_regular_impressions, non_uniq_regular_clicks,
          regular_ctr, non_uniq_ia_impressions, non_uniq_ia_clicks, ia_ctr)
        select g, ${publisherOf('a')}, a,
               initcap(${textArray(BENCH_SPORTS)}[1 + g % ${BENCH_SPORTS.length}]) || ' ' ||
                 ${textArray(BENCH_VERBS)}[1 + (g / 8) % ${BENCH_VERBS.length}] || ' ' ||
                 ${textArray(NOUNS)}[1 + (g / 80) % ${NOUNS.length}] || ' ' ||
                 'Kovac' || ((g * 7919) % ${BENCH_PLAYER_COUNT}),
               case when h1 % 20 = 0 then null else ${textArray(BENCH_CATEGORIES)}[1 + (h1 / 20) % ${BENCH_CATEGORIES.length}] end,
               'https://news.example/a/' || a, created, created - interval '1 hour', (g % 1000) / 1000.0,
               h2 % 10 <> 0, h2 / 10 % 7 <> 0, h2 / 70 % 25 <> 0,
               'bench/' || g, 'bench/' || g || '.jpg', case when g % 3 = 0 then 'bench/' || g || '.gif' end,
               10 + (g % 50), imp, clicks, case when h3 % 10 = 0 then null else clicks::float8 / imp end,
               ia_imp, ia_clicks, case when h3 / 10 % 11 = 0 then null else ia_clicks::float8 / ia_imp end
        from (
          -- Independent pseudo-random draws per row (hashes, not g modulo small numbers, which would
          -- correlate filters with sorts in ways real data does not).
          select g, (g + 1) / 2 as a, hashint8(g * 3) & 2147483647 as h1, hashint8(g * 5) & 2147483647 as h2,
                 hashint8(g * 7) & 2147483647 as h3,
                 now() - make_interval(secs => (${n} - g)::float8 / ${n} * 3 * 365 * 86400) as created,
                 imp, imp * ((hashint8(g + 1) & 65535) % 500) / 10000 as clicks,
                 ia_imp, ia_imp * ((hashint8(g + 2) & 65535) % 800) / 10000 as ia_clicks
          from (select g, 100 + (hashint8(g) & 2147483647) % 100000 as imp,
                       50 + (hashint8(-g) & 2147483647) % 20000 as ia_imp
                from generate_series(1, ${n}::bigint) g) r
        ) s`,
  );

  const packages = Math.max(1, Math.floor(n / 50));
  await step(
    `packages (${packages})`,
    sql`insert into packages (embed_id, publisher_id, name, alias, package_type, status, created_at, updated_at)
        select 'b' || k, ${publisherOf('k * 25')}, 'Bench package ' || k, 'bench-' || k,
               case when k % 4 = 0 then 'auto' else 'user' end,
               (array['Active','Draft','Archive','Rejected'])[1 + k % 4],
               now() - make_interval(days => k % 1095), now() - make_interval(days => k % 1095)
        from generate_series(1, ${packages}) k`,
  );
  // A package holds 3 to 5 highlights (the most the editor saves is 5), of its own publisher: the first
  // highlights of articles k*25 + j*1900 (1900 is the period of publisherOf, so these articles share
  // package k's publisher).
  await step(
    `package highlights (about ${packages * 4})`,
    sql`insert into package_highlights (package_id, highlight_id, position, title)
        select 'b' || k, h, j, 'Bench highlight ' || h
        from generate_series(1, ${packages}) k, generate_series(0, 2 + k % 3) j,
             lateral (values (2 * (k * 25 + j * 1900) - 1)) v(h)
        where h <= ${n}`,
  );
  const programs = Math.max(1, Math.floor(n / 500));
  await step(
    `programs (${programs})`,
    sql`insert into programs (publisher_id, program_name, channel, external_program_id, start_time)
        select 1 + k % ${BENCH_PUBLISHER_COUNT}, 'Bench program ' || k, 'Channel ' || (k % 7), 'EXT' || k,
               now() - make_interval(hours => k)
        from generate_series(1, ${programs}) k`,
  );
  await step(
    `program highlights (${programs * 25})`,
    sql`insert into program_highlights (program_id, segment_id, type, video_path)
        select p.id, 'seg-' || s, 'highlight', 'bench/program/' || p.id || '/' || s
        from programs p, generate_series(1, 25) s`,
  );
  const stories = Math.max(1, Math.floor(n / 100));
  await step(
    `stories (${stories})`,
    sql`insert into stories (publisher_id, title, state, created_at, updated_at)
        select 1 + k % ${BENCH_PUBLISHER_COUNT}, 'Bench story ' || k, 'draft',
               now() - make_interval(days => k % 1095), now() - make_interval(days => k % 1095)
        from generate_series(1, ${stories}) k`,
  );
  const tasks = Math.max(1, Math.floor(n / 20));
  await step(
    `vertical tasks (${tasks})`,
    sql`insert into vertical_tasks (video_id, publisher_id, content_type, status, title, src_video_path,
          duration_seconds, created_at, updated_at)
        select k, 1 + k % ${BENCH_PUBLISHER_COUNT}, case when k % 3 = 0 then 'full_video' else 'highlight' end,
               (array['review','ready','rejected'])[1 + k % 3], 'Bench task ' || k, 'bench/src/' || k,
               30 + k % 300, now() - make_interval(mins => k), now() - make_interval(mins => k)
        from generate_series(1, ${tasks}) k`,
  );
  const audits = Math.max(1, Math.floor(n / 10));
  await step(
    `audit entries (${audits})`,
    sql`insert into audit_log (publisher_id, action_name, object_id, object_type, payload, created_at)
        select 1 + k % ${BENCH_PUBLISHER_COUNT}, 'download', (1 + k % ${n})::text, 'highlight',
               jsonb_build_object('format', 'mp4'), now() - make_interval(secs => k * 60)
        from generate_series(1, ${audits}) k`,
  );

  const started = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  log(`  ${indexes.length} indexes rebuilt (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  // VACUUM as well as ANALYZE: a table that only grew by bulk inserts has no visibility map until
  // autovacuum's insert threshold runs it (in production, minutes after a load; here, possibly in the
  // middle of a benchmark). Without it the capped counts cannot use index-only scans and read the heap
  // (a category page's count: 5.7 ms of heap pages instead of 1.2 ms of index).
  await step('vacuum analyze', sql`vacuum (analyze)`);
}
