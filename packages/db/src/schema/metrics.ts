// Daily metric rollups: one row per highlight or package and UTC day, written by the ingest API and read
// by the trend charts. Each table's primary key is the chart's query (one object, a run of days), so a
// 90-day chart reads 90 neighbouring index entries however large the table grows. The syndication chart
// sums whole publishers, so their daily totals are kept in their own small table, updated with the
// package rows in one transaction (docs/decisions/trend-rollups.md).
import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { publishers } from './core.ts';
import { highlights } from './highlights.ts';
import { packages } from './packages.ts';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const highlightMetricsDaily = pgTable(
  'highlight_metrics_daily',
  {
    highlightId: bigint('highlight_id', { mode: 'number' })
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Kept on the row so a read checks the caller's publisher without joining the highlights. */
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    frontPageImpressions: count('front_page_impressions'),
    frontPageClicks: count('front_page_clicks'),
    articleImpressions: count('article_impressions'),
    articleClicks: count('article_clicks'),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.day] })],
);

export const packageMetricsDaily = pgTable(
  'package_metrics_daily',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.embedId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    impressions: count('impressions'),
    clicks: count('clicks'),
    /** Null where the ad server counted no IAB (viewable) impressions. */
    iabImpressions: bigint('iab_impressions', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.day] })],
);

/**
 * The sums of a publisher's package rows per day. iab_clicks are the clicks of the rows that carried IAB
 * impressions, so the IAB CTR divides like by like; iab_points says how many did (0: no IAB that day).
 */
export const publisherPackageMetricsDaily = pgTable(
  'publisher_package_metrics_daily',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: count('impressions').default(0),
    clicks: count('clicks').default(0),
    iabImpressions: count('iab_impressions').default(0),
    iabClicks: count('iab_clicks').default(0),
    iabPoints: integer('iab_points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.day] })],
);
