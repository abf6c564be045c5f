// AMP stories, story pages and uploaded objects.
// Field names are the spec's; limits come from ../constants.ts.
import { z } from 'zod';
import { IMAGE_PAGE_DURATION, VIDEO_UPLOAD } from '../constants.ts';
import { idSchema, searchTextSchema } from './common.ts';

/** The {product} of the spec's server-defined field names. */
export const STORY_PRODUCT = 'apv';

export const STORY_STATES = ['draft', 'published'] as const;
export type StoryState = (typeof STORY_STATES)[number];
export const STORY_PAGE_OBJECT_TYPES = ['image', 'video', 'cover'] as const;
/**
 * What a page write may carry. Covers are made by the system: a write of a cover only renames a stored
 * cover page (creating one, or turning a page into or out of a cover, is refused).
 */
export const STORY_PAGE_WRITE_TYPES = ['image', 'video', 'cover'] as const;

/** A server-defined field of a video page form. */
export const storyFormFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  input_type: z.enum(['dropdown', 'string']),
  options: z.array(z.string()).optional(),
  is_mandatory: z.boolean(),
  max_chars: z.number(),
});
export type StoryFormField = z.infer<typeof storyFormFieldSchema>;

/** 0 Full, 1 Partial. */
export const layoutSchema = z.union([z.literal(0), z.literal(1)]);
/** 1 Show, 0 Hide. */
export const blurbSchema = z.union([z.literal(0), z.literal(1)]);

export const storyPageMetadataSchema = z
  .object({
    duration: z.number().optional(),
    video_url: z.string().optional(),
    template_options: z.object({ layout: layoutSchema.optional(), blurb: blurbSchema.optional() }).optional(),
  })
  .catchall(z.unknown());

/** Metadata as stored and answered (older rows may hold any layout number). */
const storedMetadataSchema = z
  .object({
    duration: z.number().optional(),
    video_url: z.string().optional(),
    template_options: z.object({ layout: z.number().optional(), blurb: z.number().optional() }).optional(),
  })
  .catchall(z.unknown());

export const storyPageSchema = z.object({
  id: z.number(),
  index: z.number(),
  ordinal: z.number(),
  object_id: z.number().nullable(),
  object_type: z.enum(STORY_PAGE_OBJECT_TYPES),
  story_id: z.number(),
  /** The spec's {product}_story_id (same value as story_id). */
  apv_story_id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  /** URL of the page image (image pages). */
  image: z.string().nullable(),
  /** Poster URL (video pages). */
  poster: z.string().nullable(),
  thumbnail: z.string().nullable(),
  layout: z.number(),
  blurb: z.number(),
  /** Seconds on screen. */
  duration: z.number(),
  active: z.boolean(),
  /** URL of the page video (video pages). */
  video_url: z.string().nullable(),
  metadata: storedMetadataSchema,
});
export type StoryPage = z.infer<typeof storyPageSchema>;

export const storySchema = z.object({
  id: z.number(),
  title: z.string(),
  name: z.string().nullable(),
  state: z.enum(STORY_STATES),
  /** Public AMP link; null until published ('This story is not published!'). */
  link: z.string().nullable(),
  /** Thumbnail URL; null until published. */
  thumbnail: z.string().nullable(),
  /** Seconds. */
  created_at: z.number(),
  updated_at: z.number(),
  pages: z.array(storyPageSchema),
  /**
   * Published, and edited since that publish: the public story still shows the last publish (pages
   * deleted or changed since stay public as they were) until the story is published again.
   */
  has_unpublished_changes: z.boolean(),
  /** Video page fields; empty for users without create_new_video_page. */
  form_fields: z.array(storyFormFieldSchema),
});
export type Story = z.infer<typeof storySchema>;

export const storyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(25),
  q: searchTextSchema.optional(),
});
export type StoryListQuery = z.infer<typeof storyListQuerySchema>;
/** GET stamp/stories/export.csv: the list's search, every page. */
export const storyExportQuerySchema = storyListQuerySchema.omit({ page: true, per: true });
export const storyListSchema = z.object({ stories: z.array(storySchema), count: z.number() });

export const STORY_TITLE_MAX = 200;
export const storyTitleSchema = z.string().trim().min(1).max(STORY_TITLE_MAX);
export const storyCreateSchema = z.object({ title: storyTitleSchema });

/**
 * A page create or update. The file of a page is the uploaded object (object_id) returned by
 * uploaded_objects/create; image and video_url are derived from it on the server, never trusted.
 */
export const storyPageWriteSchema = z.object({
  story_id: idSchema.optional(),
  apv_story_id: idSchema.optional(),
  index: z.number().int().min(0).max(10_000).default(0),
  object_type: z.enum(STORY_PAGE_WRITE_TYPES),
  object_id: idSchema.nullable().optional(),
  title: z.string().max(STORY_TITLE_MAX).default(''),
  subtitle: z.string().max(1000).default(''),
  image: z.string().max(2000).nullable().optional(),
  poster: z.string().max(2000).nullable().optional(),
  layout: layoutSchema.optional(),
  blurb: blurbSchema.optional(),
  duration: z.number().min(IMAGE_PAGE_DURATION.min).max(VIDEO_UPLOAD.maxSeconds).optional(),
  metadata: storyPageMetadataSchema.default({}),
});
export type StoryPageWrite = z.infer<typeof storyPageWriteSchema>;

/** A page as the save and preview calls carry it: saved pages by id, a draft page without. */
export const storyDraftPageSchema = storyPageWriteSchema.omit({ story_id: true, apv_story_id: true }).extend({
  object_type: z.enum(['image', 'video']),
  id: idSchema.optional(),
  video_url: z.string().max(2000).nullable().optional(),
});
export type StoryDraftPage = z.infer<typeof storyDraftPageSchema>;

export const storyRefSchema = z.object({
  id: idSchema,
  /** The updated_at (seconds) the client loaded: a different stored value is a newer version (409). */
  updated_at: z.number().int().nonnegative().optional(),
  title: storyTitleSchema.optional(),
});

export const storySaveSchema = z.object({
  story: storyRefSchema.extend({ updated_at: z.number().int().nonnegative() }),
  pages: z.array(z.object({ id: idSchema }).loose()).max(100),
});
export type StorySave = z.infer<typeof storySaveSchema>;

export const storyPreviewSchema = z.object({
  story: storyRefSchema,
  pages: z.array(storyDraftPageSchema).max(100),
});
export type StoryPreview = z.infer<typeof storyPreviewSchema>;

export const storyHtmlSchema = z.object({ html: z.string() });
export const storyPublishedSchema = z.object({ html: z.string(), story: storySchema });
export const storyPageRemovedSchema = z.object({ message: z.string() });

/**
 * The editor's poster URL check. The console's own pages may not load images from other sites, so the
 * server checks that the poster loads, with the same rules and guards as a page save.
 */
export const storyPosterCheckSchema = z.object({ poster: z.string().max(2000) });
export type StoryPosterCheck = z.infer<typeof storyPosterCheckSchema>;
/** A poster that passed every rule: its URL as checked. */
export const storyPosterCheckedSchema = z.object({ poster: z.string() });

export const UPLOAD_FILE_TYPES = ['image', 'video'] as const;
export const uploadQuerySchema = z.object({ file_type: z.enum(UPLOAD_FILE_TYPES) });
export const uploadedObjectSchema = z.object({ id: z.number(), file: z.string() });
export type UploadedObject = z.infer<typeof uploadedObjectSchema>;
