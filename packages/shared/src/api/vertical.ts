// Vertical task list call (spec 001 §7): also the source of the menu's pending-task total.
import { z } from 'zod';
import { LOOK_BACK_DAYS, VERTICAL_CONTENT_TYPES } from '../constants.ts';
import { idSchema, searchTextSchema } from './common.ts';

/** Fastify parses `a[]=1&a[]=2` into an array and a single `a[]=1` into a string: accept both. */
const arrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(50).optional(),
  );

export const VERTICAL_TASK_SORTS = [
  'updated_at',
  'created_at',
  'generated_at',
  'duration',
  'title',
  'channel',
  'publisher_name',
] as const;

export const verticalTaskListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(1),
  per: z.coerce.number().int().min(0).max(100).default(25),
  /** Look-back in days. */
  from: z.coerce.number().int().min(1).max(3650).default(LOOK_BACK_DAYS),
  /** Other values pass through as given (spec 000 §4); they match no task. */
  status: z.string().trim().max(30).default('review'),
  content_type: z.enum(VERTICAL_CONTENT_TYPES).optional(),
  'sort_by[]': arrayParam(z.enum(VERTICAL_TASK_SORTS)),
  'order_dir[]': arrayParam(z.enum(['asc', 'desc'])),
  'group_ids[]': arrayParam(idSchema),
  'publisher_ids[]': arrayParam(idSchema),
  channel: z.string().trim().max(100).optional(),
  free_query: searchTextSchema.optional(),
  program: idSchema.optional(),
});
export type VerticalTaskListQuery = z.infer<typeof verticalTaskListQuerySchema>;

export const verticalTaskSchema = z.object({
  video_id: z.number(),
  title: z.string(),
  publisher_id: z.number(),
  publisher_name: z.string(),
  channel: z.string().nullable(),
  program_id: z.number().nullable(),
  external_program_id: z.string().nullable(),
  segment_id: z.string().nullable(),
  highlight_id: z.number().nullable(),
  src_video_url: z.string(),
  video_url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  duration: z.number(),
  trimmed_duration: z.number().nullable(),
  /** Seconds: discovery. */
  created_at: z.number(),
  /** Seconds: algo suggestion / generation. */
  generated_at: z.number().nullable(),
  updated_at: z.number(),
  start_time: z.number().nullable(),
  end_time: z.number().nullable(),
  reviews: z.array(z.string()),
  reels_valid: z.boolean(),
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  status: z.string(),
  derivative_id: z.string().nullable(),
});
export type VerticalTask = z.infer<typeof verticalTaskSchema>;

export const verticalTaskListSchema = z.object({
  tasks: z.array(verticalTaskSchema),
  count: z.number(),
  pages: z.number(),
});
