// Live programs (streams) and the highlights cut from them (spec 001 §2.7-2.8, §3).
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
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
  },
  (t) => [index('program_highlights_program_idx').on(t.programId, t.createdAt.desc(), t.hldId.desc())],
);
