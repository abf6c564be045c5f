// AMP stories, their pages and the files uploaded for them.
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
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { publishers, users } from './core.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type StoryState = 'draft' | 'published';
export type StoryPageObjectType = 'image' | 'video' | 'cover';

/** Page metadata as the spec names it; video pages add server-defined form fields. */
export interface StoryPageMetadata {
  duration?: number;
  video_url?: string;
  template_options?: { layout?: number; blurb?: number };
  [field: string]: unknown;
}

/** One page as a publish froze it: the fields the AMP renderer reads. */
export interface StorySnapshotPage {
  id: number;
  objectType: StoryPageObjectType;
  title: string;
  subtitle: string;
  image: string | null;
  videoUrl: string | null;
  poster: string | null;
  layout: number;
  blurb: number;
  duration: number;
  metadata: StoryPageMetadata;
}

/** The public story as the last publish left it. */
export interface StorySnapshot {
  title: string;
  publisherName: string;
  pages: StorySnapshotPage[];
}

export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    name: text('name'),
    state: text('state').$type<StoryState>().notNull().default('draft'),
    /** Public link of the published story; NULL until published ('This story is not published!'). */
    link: text('link'),
    /** Media-store path of the story thumbnail. */
    thumbnailPath: text('thumbnail_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The AMP html of the last publish. */
    publishedHtml: text('published_html'),
    /**
     * What the last publish made public: the public link renders from this only, so edits after a
     * publish stay private until the next one. NULL for stories published before snapshots existed
     * (the first read or write freezes their pages as they were).
     */
    publishedSnapshot: jsonb('published_snapshot').$type<StorySnapshot>(),
    /** The updated_at the last publish stamped: a later updated_at means unpublished changes. */
    publishedVersionAt: timestamp('published_version_at', { withTimezone: true }),
    /** The console search's words of the story: its title and name, as typed ('simple', prefixes). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(name, ''))`,
    ),
  },
  (t) => [
    index('stories_pub_updated_idx').on(t.publisherId, t.updatedAt.desc(), t.id.desc()),
    index('stories_search_idx').using('gin', t.searchVector),
  ],
);

/** A file uploaded for a story page (POST stamp/uploaded_objects/create returns its id). */
export const uploadedObjects = pgTable(
  'uploaded_objects',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'image' | 'video'>().notNull(),
    /** Media-store path. */
    path: text('path').notNull(),
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_objects_pub_created_idx').on(t.publisherId, t.createdAt.desc()),
    check('uploaded_objects_kind_ck', sql`${t.kind} in ('image', 'video')`),
  ],
);

export const storyPages = pgTable(
  'story_pages',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** The form's index field. */
    index: integer('index').notNull().default(0),
    /** Display order within the story. */
    ordinal: integer('ordinal').notNull().default(0),
    objectId: integer('object_id').references(() => uploadedObjects.id, { onDelete: 'set null' }),
    objectType: text('object_type').$type<StoryPageObjectType>().notNull(),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** Media-store path of the page image. */
    image: text('image'),
    /** Poster URL of a video page. */
    poster: text('poster'),
    thumbnail: text('thumbnail'),
    /** 0 Full, 1 Partial. */
    layout: integer('layout').notNull().default(0),
    /** 1 Show, 0 Hide. */
    blurb: integer('blurb').notNull().default(1),
    /** Seconds on screen: image pages 4 to 15 (default 15), video pages default 6. */
    duration: real('duration').notNull().default(15),
    active: boolean('active').notNull().default(true),
    videoUrl: text('video_url'),
    metadata: jsonb('metadata')
      .$type<StoryPageMetadata>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('story_pages_story_idx').on(t.storyId, t.ordinal),
    index('story_pages_object_idx').on(t.objectId),
    check('story_pages_object_type_ck', sql`${t.objectType} in ('image', 'video', 'cover')`),
  ],
);
