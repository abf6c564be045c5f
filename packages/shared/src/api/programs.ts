// Live programs (streams) list and detail, dashboard v2.
import { z } from 'zod';
import { PROGRAMS_FETCH_PAGE_SIZE, TABLE_PAGE_SIZE_DEFAULT } from '../constants.ts';
import { searchTextSchema } from './common.ts';

export const PROGRAM_SEARCH_TYPES = ['program_title', 'program_id'] as const;
export type ProgramSearchType = (typeof PROGRAM_SEARCH_TYPES)[number];
export const PROGRAM_SORTS = ['start_time', 'program_name', 'program_id'] as const;
export type ProgramSort = (typeof PROGRAM_SORTS)[number];
/** The most highlights one program answer lists (newest first). */
export const PROGRAM_HIGHLIGHTS_LIMIT = 1000;

export const programListQuerySchema = z.object({
  /** Blank text lists every program; program_title matches words by prefix, program_id is exact. */
  search_text: searchTextSchema.optional(),
  search_type: z.enum(PROGRAM_SEARCH_TYPES).default('program_title'),
  sort_by: z.enum(PROGRAM_SORTS).default('start_time'),
  order_by: z.enum(['asc', 'desc']).default('desc'),
  /** One-based. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(PROGRAMS_FETCH_PAGE_SIZE).default(TABLE_PAGE_SIZE_DEFAULT),
});
export type ProgramListQuery = z.infer<typeof programListQuerySchema>;

/** GET programs/export.csv: the list's search and sort, every page. */
export const programExportQuerySchema = programListQuerySchema.omit({ page: true, per: true });

export const programSchema = z.object({
  id: z.number(),
  /** Same as id (the spec's program_id). */
  program_id: z.number(),
  program_name: z.string(),
  /** Same as program_name. */
  title: z.string(),
  channel: z.string(),
  /** The broadcaster's own id. */
  external_program_id: z.string().nullable(),
  /** Seconds. */
  start_time: z.number(),
});
export type Program = z.infer<typeof programSchema>;

export const programListSchema = z.object({
  programs: z.array(programSchema),
  /** Capped just above SEARCH_RESULT_LIMIT: a count over the limit means '1000+'. */
  count: z.number(),
});
export type ProgramList = z.infer<typeof programListSchema>;

export const programHighlightSchema = z.object({
  hld_id: z.number(),
  segment_id: z.string(),
  type: z.string(),
  /** Without extension, like highlight video URLs; add MP4_SUFFIX for the MP4. */
  hld_url: z.string(),
  /** Same as hld_url. */
  video: z.string(),
  thumbnail: z.string().nullable(),
  /** Seconds. */
  created_at: z.number(),
});
export type ProgramHighlight = z.infer<typeof programHighlightSchema>;

export const programDetailSchema = z.object({
  program_id: z.number(),
  program_title: z.string(),
  channel: z.string(),
  /** Seconds. */
  start_time: z.number(),
  /** Newest first, at most PROGRAM_HIGHLIGHTS_LIMIT. */
  hlt_list: z.array(programHighlightSchema),
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;
