// Publishers, people and sessions: who may act, for which publisher, with which roles.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const publisherGroups = pgTable('publisher_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** A publisher; its numeric id is the spec's publisher_id (pub_id on creation). */
export const publishers = pgTable(
  'publishers',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** Account key shown in the publishers admin drawer and in embed snippets. */
    key: text('key').notNull(),
    homeUrl: text('home_url').notNull(),
    groupId: integer('group_id').references(() => publisherGroups.id),
    apvEnabled: boolean('apv_enabled').notNull().default(true),
    editorEnabled: boolean('editor_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('publishers_name_idx').on(t.name), index('publishers_group_idx').on(t.groupId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lowercased; login compares lowercased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Internal administrators may do everything, for every publisher. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The stored user identifier (e.g. '40612'); some actions are offered only to '406' + two digits. */
    userIdentifier: text('user_identifier'),
    /** The publisher a fresh login acts for. */
    defaultPublisherId: integer('default_publisher_id').references(() => publishers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Roles are held per user per publisher; a row also means the user may act for that publisher. */
export const userPublisherRoles = pgTable(
  'user_publisher_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.publisherId] }), index('upr_publisher_idx').on(t.publisherId)],
);

/** A session token is stored only as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Every login attempt, successful or not, for audit; rate limiting itself lives in Redis. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt)],
);

/** Console flags per publisher; the strings 'true'/'false' are kept as the spec sends them. */
export const consoleConfigs = pgTable('console_configs', {
  publisherId: integer('publisher_id')
    .primaryKey()
    .references(() => publishers.id, { onDelete: 'cascade' }),
  consoleDisplayIabMetrics: text('console_display_iab_metrics').notNull().default('true'),
  consoleDisplayGenericMetrics: text('console_display_generic_metrics').notNull().default('false'),
  numberOfAlgoSuggestions: integer('number_of_algo_suggestions').notNull().default(2),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  /** Stable key: 'apv', 'editor', 'top_videos', 'stories', ... */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
});

export const publisherProducts = pgTable(
  'publisher_products',
  {
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').notNull().default('active'),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.productId] })],
);

export const placements = pgTable(
  'placements',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enable: boolean('enable').notNull().default(true),
    platform: text('platform').notNull().default('web'),
    createdAt: createdAt(),
  },
  (t) => [index('placements_publisher_idx').on(t.publisherId, t.name)],
);
