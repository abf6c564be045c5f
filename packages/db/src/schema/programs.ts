// Live programs (streams) and the highlights cut from them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { highlights } from './highlights.ts';
import { publishers } from './core.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const programs = pgTable(
  'programs',
  {
    /** The spec's program_id. */
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    programName: text('program_name').notNull(),
    channel: text('channel').notNull(),
    /** The broadcaster's own id of the program, shown as Program ID in the vertical tool. */
    externalProgramId: text('external_program_id'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'simple' configuration: program names are proper nouns and codes more than English prose. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(program_name, ''))`,
    ),
    /** The pipeline's id of an ingested program (unique per publisher); null for others. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('programs_publisher_external_uq').on(t.publisherId, t.externalId),
    index('programs_pub_start_idx').on(t.publisherId, t.startTime.desc(), t.id.desc()),
    // The list's other sorts (program name, program id) page by index range scans too.
    index('programs_pub_name_idx').on(t.publisherId, t.programName, t.id),
    index('programs_pub_id_idx').on(t.publisherId, t.id),
    index('programs_pub_external_idx').on(t.publisherId, t.externalProgramId),
    index('programs_search_idx').using('gin', t.searchVector),
  ],
);

export const programHighlights = pgTable(
  'program_highlights',
  {
    hldId: bigint('hld_id', { mode: 'number' })
      .primaryKey()
      .generatedByDefaultAsIdentity({ startWith: 5_000_000 }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    segmentId: text('segment_id').notNull(),
    type: text('type').notNull(),
    /** Media-store paths. */
    videoPath: text('video_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The APV highlight this segment is (ingested memberships); null for others. */
    highlightId: bigint('highlight_id', { mode: 'number' }).references(() => highlights.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('program_highlights_program_idx').on(t.programId, t.createdAt.desc(), t.hldId.desc()),
    uniqueIndex('program_highlights_program_highlight_uq').on(t.programId, t.highlightId),
  ],
);
