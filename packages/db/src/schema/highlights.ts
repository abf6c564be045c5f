// Articles, their APV highlights with performance metrics, and package categories.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  type AnyPgColumn,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publishers, users } from './core.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('categories_publisher_idx').on(t.publisherId, t.name)],
);

/** A publisher's article; the source of highlights and an item of the auto-highlight review queue. */
export const articles = pgTable(
  'articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    featured: boolean('featured').notNull().default(false),
    /** pending | done | rejected | manual: the auto-highlight review state. */
    reviewStatus: text('review_status').notNull().default('done'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Live lock of the review queue, as on vertical_tasks: a reviewer holds the article until
    // lock_expires_at; every acquisition increments lock_fence, which submit_feedback must present.
    lockHolderUserId: integer('lock_holder_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    lockFence: bigint('lock_fence', { mode: 'number' }).notNull().default(0),
    /** The pipeline's id of an ingested article (unique per publisher); null for others. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('articles_publisher_external_uq').on(t.publisherId, t.externalId),
    index('articles_publisher_review_idx').on(t.publisherId, t.reviewStatus, t.createdAt),
    index('articles_review_idx').on(t.reviewStatus, t.createdAt),
    // The review queue's pages: the pending articles (a few thousand of the archive) in created order,
    // with what its other sorts and its publisher filter need, so a page's ids come from the index alone.
    index('articles_pending_idx')
      .on(t.createdAt, t.id, t.publisherId)
      .where(sql`${t.reviewStatus} = 'pending'`),
    // The same pages sorted by title, read either way: without it a page sorted by title read every
    // pending article's row from all over the table to sort them (57 ms at 5,000 pending, 8 warm). The
    // title itself rides along so the page's ids come from the index alone.
    index('articles_pending_title_idx')
      .on(sql`lower(${t.title})`, t.id, t.publisherId, t.title)
      .where(sql`${t.reviewStatus} = 'pending'`),
    // The metrics' count of held locks (features/ops): only leased rows are in it, so a scrape reads a
    // handful of rows, not the table.
    index('articles_lock_expires_idx')
      .on(t.lockExpiresAt)
      .where(sql`${t.lockExpiresAt} is not null`),
  ],
);

/** The list's equality filters (category, status, tv_status), trailing every sort index. */
const listFilters = (t: { category: AnyPgColumn; articleActive: AnyPgColumn; tvValid: AnyPgColumn }) =>
  [t.category, t.articleActive, t.tvValid] as const;

/** The list's figure sorts. */
const figures = (t: {
  nonUniqRegularClicks: AnyPgColumn;
  regularCtr: AnyPgColumn;
  nonUniqIaClicks: AnyPgColumn;
  iaCtr: AnyPgColumn;
}) => [t.nonUniqRegularClicks, t.regularCtr, t.nonUniqIaClicks, t.iaCtr] as const;

export const highlights = pgTable(
  'highlights',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category'),
    link: text('link').notNull(),
    /** When the highlight was made: the list's "Created" column and its date sort. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    articleCreatedAt: timestamp('article_created_at', { withTimezone: true }).notNull(),
    recommendationScore: doublePrecision('recommendation_score').notNull().default(0),
    /** Enabled on the front page (Regular mode). */
    articleActive: boolean('article_active').notNull().default(true),
    /** Enabled on the article page (article mode). */
    iaArticleActive: boolean('ia_article_active').notNull().default(true),
    /** Whether the highlight may be used in Top Videos packages (false once removed from an auto package). */
    tvValid: boolean('tv_valid').notNull().default(true),
    /** Paths inside the media store. */
    videoPath: text('video_path').notNull(),
    thumbnailPath: text('thumbnail_path').notNull(),
    gifPath: text('gif_path'),
    durationSeconds: real('duration_seconds').notNull(),
    /** Resources still to be posted on Google (post-on-google). */
    resources: jsonb('resources')
      .$type<{ id: string; type: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Counts may be -1 when unknown (shown as N/A). */
    nonUniqRegularImpressions: bigint('non_uniq_regular_impressions', { mode: 'number' })
      .notNull()
      .default(0),
    nonUniqRegularClicks: bigint('non_uniq_regular_clicks', { mode: 'number' }).notNull().default(0),
    regularCtr: doublePrecision('regular_ctr'),
    nonUniqIaImpressions: bigint('non_uniq_ia_impressions', { mode: 'number' }).notNull().default(0),
    nonUniqIaClicks: bigint('non_uniq_ia_clicks', { mode: 'number' }).notNull().default(0),
    iaCtr: doublePrecision('ia_ctr'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(category, ''))`,
    ),
    /** The pipeline's id of an ingested highlight (unique per publisher); null for others. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('highlights_publisher_external_uq').on(t.publisherId, t.externalId),
    // One index per sortable column, led by the publisher so a page is an index range scan. Descending
    // with NULLS LAST: a descending sort shows unknown CTRs last, an ascending one (a backward scan)
    // treats them as the lowest values. The list's filter columns trail the key: a filter is checked
    // inside the index, so a page under a filter reads only the 50 rows it returns from the table
    // (at 1M rows a category filter under a clicks sort took 150-230 ms of heap reads, now ~1 ms).
    // The date index also holds the search vector (last, so it orders nothing): a relevance search of a
    // common word walks the newest rows testing each one from the index alone, reading no table row.
    index('highlights_pub_date_idx').on(
      t.publisherId,
      t.publishedAt.desc(),
      t.id.desc(),
      ...listFilters(t),
      t.searchVector,
    ),
    index('highlights_pub_reg_clicks_idx').on(
      t.publisherId,
      t.nonUniqRegularClicks.desc(),
      t.id.desc(),
      t.publishedAt,
      ...listFilters(t),
    ),
    index('highlights_pub_reg_ctr_idx').on(
      t.publisherId,
      t.regularCtr.desc().nullsLast(),
      t.id.desc(),
      t.publishedAt,
      ...listFilters(t),
    ),
    index('highlights_pub_ia_clicks_idx').on(
      t.publisherId,
      t.nonUniqIaClicks.desc(),
      t.id.desc(),
      t.publishedAt,
      ...listFilters(t),
    ),
    index('highlights_pub_ia_ctr_idx').on(
      t.publisherId,
      t.iaCtr.desc().nullsLast(),
      t.id.desc(),
      t.publishedAt,
      ...listFilters(t),
    ),
    // The two rare filter values (a highlight off the TV list, one deactivated: 4% and 10% of the rows)
    // have date-ordered indexes of their own. Through a sort index a page under one of them, with a
    // category too, read all of the publisher's entries to find 50 (and its count to find 1,001): 20-90 ms
    // at 1M highlights. The figure columns trail the key so a page in a figure's order under these filters
    // is sorted from the index alone.
    index('highlights_pub_tv_invalid_idx')
      .on(t.publisherId, t.publishedAt.desc(), t.id.desc(), t.category, t.articleActive, ...figures(t))
      .where(sql`${t.tvValid} = false`),
    index('highlights_pub_deactivated_idx')
      .on(t.publisherId, t.publishedAt.desc(), t.id.desc(), t.category, t.tvValid, ...figures(t))
      .where(sql`${t.articleActive} = false`),
    index('highlights_article_idx').on(t.articleId),
    index('highlights_search_idx').using('gin', t.searchVector),
    // post-on-google: highlights still holding resources of a type (resources @> '[{"type":"pog"}]').
    index('highlights_resources_idx').using('gin', t.resources.op('jsonb_path_ops')),
  ],
);
