// The demo's trend history: 90 days of daily points for every highlight and package (from its creation
// on), shaped from the row's own totals (a launch peak that fades, a weekly rhythm, a deterministic
// wobble), and the publishers' daily package totals summed from them. Built in the database in a few
// statements, so the seed stays fast.
import { sql } from 'drizzle-orm';
import type { Db } from '../db.ts';

export const DEMO_TREND_DAYS = 90;

/** Writes the history of the 90 days ending `today` (YYYY-MM-DD, UTC). */
export async function seedDemoTrends(db: Db, today: string): Promise<void> {
  // The day's weight: a launch peak fading over a month to a quarter, +-15% by weekday, +-20% by a hash.
  const weight = (id: ReturnType<typeof sql>, first: ReturnType<typeof sql>) => sql`
    (0.25 + exp(-(d.day - ${first})::float8 / 30))
    * (1 + 0.15 * sin(2 * pi() * extract(dow from d.day) / 7))
    * (0.8 + 0.4 * abs(sin(${id}::float8 * 12.9898 + (d.day - date '2000-01-01') * 78.233)))`;
  const start = sql`(${today}::date - ${DEMO_TREND_DAYS - 1}::int)`;
  await db.execute(sql`
    insert into highlight_metrics_daily
      (highlight_id, day, publisher_id, front_page_impressions, front_page_clicks, article_impressions, article_clicks)
    select h.id, d.day, h.publisher_id, v.fpi, round(v.fpi * v.fctr), v.ari, round(v.ari * v.actr)
    from highlights h
    cross join lateral (
      select g::date as day
      from generate_series(greatest(h.published_at::date, ${start}), ${today}::date, interval '1 day') g
    ) d
    cross join lateral (
      select
        round(greatest(h.non_uniq_regular_impressions, 400) / 20.0 * ${weight(sql`h.id`, sql`h.published_at::date`)}) as fpi,
        round(greatest(h.non_uniq_ia_impressions, 150) / 20.0 * ${weight(sql`(h.id + 7)`, sql`h.published_at::date`)}) as ari,
        coalesce(h.regular_ctr, 0.012) * (0.85 + 0.3 * abs(cos(h.id + (d.day - date '2000-01-01')))) as fctr,
        coalesce(h.ia_ctr, 0.018) * (0.85 + 0.3 * abs(cos(h.id * 3 + (d.day - date '2000-01-01')))) as actr
    ) v
  `);
  await db.execute(sql`
    insert into package_metrics_daily (package_id, day, publisher_id, impressions, clicks, iab_impressions)
    select p.embed_id, d.day, p.publisher_id, v.imp, round(v.imp * v.ctr),
           case when p.package_iab_impressions > 0 then round(v.imp * 0.62) end
    from packages p
    cross join lateral (select ('x' || substr(md5(p.embed_id), 1, 7))::bit(28)::int as seed) k
    cross join lateral (
      select g::date as day
      from generate_series(greatest(p.created_at::date, ${start}), ${today}::date, interval '1 day') g
    ) d
    cross join lateral (
      select
        round(greatest(p.package_impressions, 2000) / 25.0 * ${weight(sql`k.seed`, sql`p.created_at::date`)}) as imp,
        coalesce(p.package_ctr, 0.015) * (0.85 + 0.3 * abs(cos(k.seed + (d.day - date '2000-01-01')))) as ctr
    ) v
  `);
  await db.execute(sql`
    insert into publisher_package_metrics_daily
      (publisher_id, day, impressions, clicks, iab_impressions, iab_clicks, iab_points)
    select publisher_id, day, sum(impressions), sum(clicks), coalesce(sum(iab_impressions), 0),
           coalesce(sum(clicks) filter (where iab_impressions is not null), 0),
           count(*) filter (where iab_impressions is not null)
    from package_metrics_daily
    group by publisher_id, day
  `);
}
