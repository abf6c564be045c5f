// The vertical-video tool: tasks, algorithm suggestions, keyframe files, feedback, edit log and
// settings.
import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publishers, users } from './core.ts';
import { programs } from './programs.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type VerticalContentType = 'highlight' | 'full_video';
export type VerticalTaskStatus = 'review' | 'ready' | 'rejected';

/** The spec's keyframe file, stored as sent. Frames are source-video frame numbers. */
export interface KeyframeFileData {
  grid_manager_ver: string;
  fps: number;
  input_width: number;
  input_height: number;
  output_vertical_width: number;
  output_vertical_height: number;
  groups: KeyframeGroup[];
  /** Seconds either side of a frame the render smooths the path over (absent: none). */
  smoothing_seconds?: number;
}
export interface KeyframeGroup {
  group_id: number;
  start_frame: number;
  end_frame: number;
  objects: KeyframeObject[];
}
export interface KeyframeObject {
  object_id: number;
  /** [x, y, width, height] in source pixels. */
  rect: [number, number, number, number];
  keyframes: Keyframe[];
}
/** x, y: the top-left corner of the object's rect at that frame (its size stays that of `rect`). */
export interface Keyframe {
  frame: number;
  x: number;
  y: number;
  /** 'manual' when created by the user. */
  status?: string;
}

/** A source video (a program highlight or a full video) to be turned into a vertical one. */
export const verticalTasks = pgTable(
  'vertical_tasks',
  {
    /** Assigned by the discovery pipeline, like highlight ids. */
    videoId: bigint('video_id', { mode: 'number' }).primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<VerticalContentType>().notNull(),
    status: text('status').$type<VerticalTaskStatus>().notNull().default('review'),
    title: text('title').notNull(),
    channel: text('channel'),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    externalProgramId: text('external_program_id'),
    segmentId: text('segment_id'),
    /** The vertical highlight id shown in the lists (highlight tasks). */
    highlightId: bigint('highlight_id', { mode: 'number' }),
    /** Media-store paths: the horizontal source, the vertical result (ready tasks only), a thumbnail. */
    srcVideoPath: text('src_video_path').notNull(),
    videoPath: text('video_path'),
    thumbnailPath: text('thumbnail_path'),
    durationSeconds: real('duration_seconds').notNull(),
    trimmedDurationSeconds: real('trimmed_duration_seconds'),
    /** The chosen time range in the source, seconds. */
    startTime: real('start_time'),
    endTime: real('end_time'),
    /** Rejection reasons. */
    reviews: text('reviews')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reelsValid: boolean('reels_valid').notNull().default(false),
    /** Discovery timestamp. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Algo suggestion timestamp (highlights) / generation timestamp (full videos). */
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Content id of the published vertical derivative (full-video ready list). */
    derivativeId: text('derivative_id'),
    // Render of the vertical MP4 (vertical-render job): 'queued' from approve/create/update until the
    // worker marks the task ready; 'failed' after the last attempt (the task stays in review).
    renderState: text('render_state').$type<'queued' | 'failed'>(),
    renderJobId: text('render_job_id'),
    renderError: text('render_error'),
    // Facts of the source video that keyframe files are checked against: probed once
    // from the media store on first need, or filled by whoever imports the task.
    sourceWidth: integer('source_width'),
    sourceHeight: integer('source_height'),
    sourceFps: real('source_fps'),
    sourceFrameCount: integer('source_frame_count'),
    // Live lock: a reviewer holds the task until lock_expires_at. Every acquisition increments
    // lock_fence, and writes carry the fence they were granted so a stale holder is refused.
    lockHolderUserId: integer('lock_holder_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    lockFence: bigint('lock_fence', { mode: 'number' }).notNull().default(0),
    /** The pipeline's id of an ingested task (unique per publisher); null for others. */
    externalId: text('external_id'),
    /** The console search's words of the task: its title ('simple', prefixes). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('vertical_tasks_publisher_external_uq').on(t.publisherId, t.externalId),
    index('vertical_tasks_search_idx').using('gin', t.searchVector),
    index('vertical_tasks_list_idx').on(
      t.publisherId,
      t.contentType,
      t.status,
      t.updatedAt.desc(),
      t.videoId.desc(),
    ),
    // Pending counts across publishers (group scope, admins) over the 120-day look-back.
    index('vertical_tasks_status_created_idx').on(t.status, t.createdAt),
    // One publisher's pending counts (every count push of the live channel): answered from the index
    // alone, content type and render state included, instead of a heap page per task (2.0 -> 0.2 ms at
    // 2,500 tasks).
    index('vertical_tasks_pub_status_created_idx').on(
      t.publisherId,
      t.status,
      t.createdAt,
      t.contentType,
      t.renderState,
    ),
    // A program's segment tables, and Vertical View's program list (programs holding tasks of a status
    // within the look-back).
    index('vertical_tasks_program_status_created_idx').on(t.programId, t.status, t.createdAt),
    // The metrics' count of held locks (features/ops): only leased rows are in it.
    index('vertical_tasks_lock_expires_idx')
      .on(t.lockExpiresAt)
      .where(sql`${t.lockExpiresAt} is not null`),
    check('vertical_tasks_content_type_ck', sql`${t.contentType} in ('highlight', 'full_video')`),
    check('vertical_tasks_status_ck', sql`${t.status} in ('review', 'ready', 'rejected')`),
  ],
);

/** A keyframe file; version counts saves so a stale editor's write can be refused. */
export const keyframeFiles = pgTable('keyframe_files', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  data: jsonb('data').$type<KeyframeFileData>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A suggested crop of a task; its id is the spec's vertical_content_id. */
export const verticalSuggestions = pgTable(
  'vertical_suggestions',
  {
    id: serial('id').primaryKey(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => verticalTasks.videoId, { onDelete: 'cascade' }),
    /** Seconds in the source video. */
    startTime: real('start_time').notNull(),
    endTime: real('end_time').notNull(),
    /** 2 manual, 4 timed out, anything else algo. */
    source: integer('source').notNull().default(1),
    active: boolean('active').notNull().default(false),
    /** The vertical highlight id, when one was produced from this suggestion. */
    verticalHighlightId: bigint('vertical_highlight_id', { mode: 'number' }),
    keyframeFileId: integer('keyframe_file_id').references(() => keyframeFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The pipeline's id of an ingested suggestion (unique per task); null for others. */
    externalId: text('external_id'),
    /**
     * Who made the suggestion: 'pipeline' (ingested or seeded) or 'console' (the console's own
     * reframing engine; at most one a task, replaced when asked again).
     */
    origin: text('origin').$type<'pipeline' | 'console'>().notNull().default('pipeline'),
  },
  (t) => [
    uniqueIndex('vertical_suggestions_video_external_uq').on(t.videoId, t.externalId),
    index('vertical_suggestions_video_idx').on(t.videoId, t.id),
    index('vertical_suggestions_keyframe_idx').on(t.keyframeFileId),
    // The console's own suggestion is replaced, never added to: one a task.
    uniqueIndex('vertical_suggestions_console_uq')
      .on(t.videoId)
      .where(sql`${t.origin} = 'console'`),
  ],
);

/** A reviewer's rating of a suggestion: quality '' or 'good', and reasons when not good. */
export const verticalFeedback = pgTable(
  'vertical_feedback',
  {
    id: serial('id').primaryKey(),
    suggestionId: integer('suggestion_id')
      .notNull()
      .references(() => verticalSuggestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    quality: text('quality').notNull().default(''),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vertical_feedback_suggestion_idx').on(t.suggestionId, t.createdAt)],
);

/** Frame-editor changes (CREATE_KEYFRAME, MOVE_KEYFRAME, GROUP_SPLIT, ...), one row each. */
export const editLog = pgTable(
  'edit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    verticalVideoId: bigint('vertical_video_id', { mode: 'number' })
      .notNull()
      .references(() => verticalTasks.videoId, { onDelete: 'cascade' }),
    groupId: integer('group_id'),
    objectId: integer('object_id'),
    frame: integer('frame'),
    action: text('action').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** Client time of the change, milliseconds. */
    timestampMs: bigint('timestamp_ms', { mode: 'number' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('edit_log_video_idx').on(t.verticalVideoId, t.id)],
);

/** Tool settings (numberOfAlgoSuggestions, ...); a NULL publisher is the global default. */
export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id').references(() => publishers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT: only one global row per key.
  (t) => [unique('settings_publisher_key_uq').on(t.publisherId, t.key).nullsNotDistinct()],
);
