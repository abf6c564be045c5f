// Top Videos packages: embeddable sets of 3 to 5 highlights (shared with the publisher group by syndication).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  type ExtraConfigColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publishers } from './core.ts';
import { highlights } from './highlights.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type PackageType = 'auto' | 'user';
export type PackageStatus = 'Active' | 'Draft' | 'Archive' | 'Rejected';

/** A figure's two list indexes: going down, and going up with the unknown run (-1) last. */
const figureIndexes = (
  name: string,
  figure: ExtraConfigColumn,
  t: {
    publisherId: ExtraConfigColumn;
    embedId: ExtraConfigColumn;
    status: ExtraConfigColumn;
    packageType: ExtraConfigColumn;
  },
) => [
  index(`packages_pub_${name}_idx`).on(
    t.publisherId,
    figure.desc(),
    t.embedId.desc(),
    t.status,
    t.packageType,
  ),
  index(`packages_pub_${name}_up_idx`).on(
    t.publisherId,
    sql`(${figure} < 0)`,
    figure.asc().nullsFirst(),
    t.embedId.asc().nullsFirst(),
    t.status,
    t.packageType,
  ),
];

export const packages = pgTable(
  'packages',
  {
    /** The package id of the URL and the embed code: a short random token under 10 characters. */
    embedId: text('embed_id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * The embed name; set only when the package is created, unique within the publisher the way users read
     * it (trimmed, any case).
     */
    alias: text('alias'),
    packageType: text('package_type').$type<PackageType>().notNull().default('user'),
    /** Set only when all highlights share one category. */
    category: text('category'),
    status: text('status').$type<PackageStatus>().notNull().default('Draft'),
    sequence: text('sequence').notNull().default(''),
    maxAds: integer('max_ads').notNull().default(100),
    /** Highlight ids removed from an auto package; they are not offered to it again. */
    tvInvalidHlts: bigint('tv_invalid_hlts', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Performance figures; -1 means unknown, CTRs are fractions (clicks / impressions). */
    packageClicks: bigint('package_clicks', { mode: 'number' }).notNull().default(0),
    packageImpressions: bigint('package_impressions', { mode: 'number' }).notNull().default(0),
    packageCtr: doublePrecision('package_ctr'),
    packageIabImpressions: bigint('package_iab_impressions', { mode: 'number' }).notNull().default(0),
    packageIabCtr: doublePrecision('package_iab_ctr'),
    /** The list's text filter: words of the name and the embed name ('simple': no stemming of names). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(alias, ''))`,
    ),
  },
  (t) => [
    // Names and embed names are unique the way users read them: 'AUDIT-X' is 'audit-x', ' Foo ' is 'foo'.
    // The indexes decide, so two saves racing for one name cannot both pass a check made before either
    // is written. A NULL alias never collides: packages without an embed name are allowed in any number.
    // An embed name stays taken after its package is archived (it may still be quoted somewhere); a name
    // only among the listed packages, since an archived or rejected one is gone from every list and a
    // user could not find what blocks the name.
    uniqueIndex('packages_publisher_alias_uq').on(t.publisherId, sql`lower(btrim(${t.alias}))`),
    uniqueIndex('packages_publisher_name_uq')
      .on(t.publisherId, sql`lower(btrim(${t.name}))`)
      .where(sql`${t.status} in ('Active', 'Draft')`),
    index('packages_pub_status_updated_idx').on(t.publisherId, t.status, t.updatedAt.desc()),
    index('packages_pub_type_updated_idx').on(t.publisherId, t.packageType, t.updatedAt.desc()),
    // The list's default page: Active and Draft together, newest change first. Two statuses cannot walk
    // the status index in one order (10,000 rows sorted per page at 20,000 packages: 4 ms); this one is
    // walked in order, status and type checked inside it.
    index('packages_pub_updated_idx').on(
      t.publisherId,
      t.updatedAt.desc(),
      t.embedId.desc(),
      t.status,
      t.packageType,
    ),
    // The list's other orders, each walked the same way (status and type checked inside the index), so a
    // page's ids come from the index alone however deep the page: sorting a publisher's 10,000 packages
    // for each page cost ~14 ms. A figure going down lists unknown (-1) last by itself; going up it puts
    // the unknown run last with its (figure < 0) key.
    index('packages_pub_created_idx').on(
      t.publisherId,
      t.createdAt.desc(),
      t.embedId.desc(),
      t.status,
      t.packageType,
    ),
    // The name last as well: the sort is by the name as people read it, the name itself lets the
    // index answer alone.
    index('packages_pub_name_idx').on(
      t.publisherId,
      sql`lower(${t.name}) desc nulls last`,
      t.embedId.desc(),
      t.status,
      t.packageType,
      t.name,
    ),
    ...figureIndexes('clicks', t.packageClicks, t),
    ...figureIndexes('impressions', t.packageImpressions, t),
    index('packages_search_idx').using('gin', t.searchVector),
    check('packages_type_ck', sql`${t.packageType} in ('auto', 'user')`),
    check('packages_status_ck', sql`${t.status} in ('Active', 'Draft', 'Archive', 'Rejected')`),
  ],
);

/** The highlights of a package in their order; the title may be renamed per package. */
export const packageHighlights = pgTable(
  'package_highlights',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.embedId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    highlightId: bigint('highlight_id', { mode: 'number' })
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.highlightId] }),
    index('package_highlights_order_idx').on(t.packageId, t.position),
    index('package_highlights_highlight_idx').on(t.highlightId),
  ],
);
