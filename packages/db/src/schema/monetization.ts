// Monetization setup, its audit trail, splash images, bulk-report spreadsheets and the generic
// audit log (POST audit_log/create).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { StoredDisplayConfig, StoredVideoConfig } from '@hc/shared/monetization/setup-form';
import { placements, publishers, users } from './core.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Video ad manager config at publisher or placement level: the fields the setup page stores, defined once
 * with the page's rules in packages/shared (StoredVideoConfig), plus any other key an older row holds.
 * A type-only import: drizzle-kit reads this file without loading packages/shared.
 */
export type VideoConfigData = StoredVideoConfig & { [field: string]: unknown };

/** Display fallback config for one platform (StoredDisplayConfig; durations in milliseconds). */
export type DisplayConfigData = Partial<StoredDisplayConfig> & { [field: string]: unknown };

export interface AbTestVariant {
  weight: number;
  name: string;
}

/** One row per publisher (placement NULL) or per placement. */
export const videoConfigs = pgTable(
  'video_configs',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    placementId: integer('placement_id').references(() => placements.id, { onDelete: 'cascade' }),
    config: jsonb('config').$type<VideoConfigData>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('video_configs_scope_uq').on(t.publisherId, t.placementId).nullsNotDistinct()],
);

/** Two rows per scope: one per platform (displayAdOptions mobile / desktop). */
export const displayConfigs = pgTable(
  'display_configs',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    placementId: integer('placement_id').references(() => placements.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<'mobile' | 'desktop'>().notNull(),
    config: jsonb('config').$type<DisplayConfigData>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('display_configs_scope_uq').on(t.publisherId, t.placementId, t.platform).nullsNotDistinct(),
    check('display_configs_platform_ck', sql`${t.platform} in ('mobile', 'desktop')`),
  ],
);

/** An A/B test on a placement; monetization true means it can only be edited in the back office. */
export const abTests = pgTable('ab_tests', {
  id: serial('id').primaryKey(),
  placementId: integer('placement_id')
    .notNull()
    .unique('ab_tests_placement_uq')
    .references(() => placements.id, { onDelete: 'cascade' }),
  monetization: boolean('monetization').notNull().default(false),
  variants: jsonb('variants')
    .$type<AbTestVariant[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AuditedChanges = Record<string, unknown>;

/** Changes of monetization records (GET monetization_audit). */
export const monetizationAudits = pgTable(
  'monetization_audits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    placementId: integer('placement_id').references(() => placements.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written so the entry survives the user. */
    email: text('email').notNull(),
    /** create | update | destroy */
    action: text('action').notNull(),
    auditableType: text('auditable_type').notNull(),
    associatedType: text('associated_type'),
    fieldName: text('field_name'),
    /** { field: [before, after] } for updates, { field: value } for create and destroy. */
    auditedChanges: jsonb('audited_changes')
      .$type<AuditedChanges>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('monetization_audits_pub_created_idx').on(t.publisherId, t.createdAt.desc(), t.id.desc()),
    // The audit screen's publisher select is optional: all publishers by date.
    index('monetization_audits_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const splashImages = pgTable(
  'splash_images',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    /** Media-store path. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('splash_images_pub_created_idx').on(t.publisherId, t.createdAt.desc())],
);

/** previewed: an update whose changes were shown to the admin and wait for their confirmation. */
export type SpreadsheetStatus = 'previewed' | 'pending' | 'running' | 'done' | 'failed';

/** What a confirmed update applied and what it did not, per row, as the screen lists it. */
export interface SpreadsheetOutcome {
  applied: { key: string; label: string; fields: string[] }[];
  notApplied: { key: string; label: string; reason: string }[];
}

/** A bulk report request: fill a spreadsheet for publishers, or apply its edits. */
export const spreadsheets = pgTable(
  'spreadsheets',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    /** fill | update */
    kind: text('kind').notNull().default('fill'),
    publisherIds: integer('publisher_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    link: text('link'),
    status: text('status').$type<SpreadsheetStatus>().notNull().default('pending'),
    errors: text('errors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who asked (the admin a preview belongs to); null for requests made before it was kept. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A previewed update's changes (rows with their versions), applied as they were shown: the confirm
     * never re-reads the workbook. Null for an update sent without a preview.
     */
    plan: jsonb('plan').$type<unknown>(),
    /** Whether the admin chose to apply the rows that were not refused. */
    applyRest: boolean('apply_rest').notNull().default(false),
    outcome: jsonb('outcome').$type<SpreadsheetOutcome>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('spreadsheets_external_idx').on(t.externalId, t.createdAt.desc()),
    index('spreadsheets_created_idx').on(t.createdAt.desc()),
  ],
);

/** Every audited action: the server's own, and the frame editor's edit log sent through audit_log/create. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who, kept after the user is removed (user_id goes null): copied from users by the insert trigger
     * of migration 0010, which also makes the table append-only (D-entry "audit log append-only").
     */
    userEmail: text('user_email'),
    actionName: text('action_name').notNull(),
    objectId: text('object_id'),
    objectType: text('object_type'),
    payload: jsonb('payload')
      .$type<unknown>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who wrote the row: 'server' for the server's own record of an action, 'client' for what a browser
     * sent through audit_log/create (its user is authenticated, its content only claimed). Null on rows
     * written before the column existed, when the two could not be told apart.
     */
    source: text('source', { enum: ['client', 'server'] }).default('server'),
  },
  (t) => [
    check('audit_log_source_check', sql`${t.source} in ('client', 'server')`),
    index('audit_log_pub_created_idx').on(t.publisherId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
  ],
);

export type GridSubmissionStatus = 'pending' | 'done' | 'failed';

/**
 * One submit of the ad configuration grid, keyed by the page's session id (a token plus the page-load
 * time): the changes wait here for the monetization-submit job, and the job flips the status to done in
 * the same transaction as the changes, so a session id is applied at most once whatever is retried.
 */
export const gridSubmissions = pgTable(
  'grid_submissions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The changes per tab, as submitted (shape: @hc/shared/api/ad-grid GridSubmitData). */
    data: jsonb('data').$type<unknown>().notNull(),
    status: text('status').$type<GridSubmissionStatus>().notNull().default('pending'),
    errors: text('errors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('grid_submissions_created_idx').on(t.createdAt.desc())],
);

/**
 * A report workbook (XLSX) kept by the product: its id is the spreadsheet id the bulk report screen
 * asks for. The bytes live here, not on the public media store; a download needs a fresh random token
 * handed out to an admin.
 */
export const workbooks = pgTable('workbooks', {
  id: serial('id').primaryKey(),
  /** 128 random bits, base64url: the spreadsheet id. */
  externalId: text('external_id').notNull().unique('workbooks_external_uq'),
  /** Bumped by every upload and fill. */
  version: integer('version').notNull().default(1),
  content: bytea('content').notNull(),
  downloadToken: text('download_token').unique('workbooks_download_token_uq'),
  downloadExpiresAt: timestamp('download_expires_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every populated report workbook as it was generated, kept for its admin to download again by date.
 * Bounded: the fill that stores one drops that admin's copies beyond the newest 50 and any older than
 * 90 days.
 */
export const populatedWorkbooks = pgTable(
  'populated_workbooks',
  {
    id: serial('id').primaryKey(),
    /** The spreadsheet id the fill wrote into. */
    externalId: text('external_id').notNull(),
    publisherIds: integer('publisher_ids').array().notNull(),
    content: bytea('content').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('populated_workbooks_owner_created_idx').on(t.createdBy, t.createdAt.desc())],
);
