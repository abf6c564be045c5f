// APV highlight list, search, enable and download calls (spec 000 §2, §7).
import { z } from 'zod';
import { idSchema, searchTextSchema, yyyymmddSchema } from './common.ts';
import { MAX_PER_PAGE } from '../constants.ts';

/** Columns the table sorts by; the article-clicks key keeps the spec's double underscore. */
export const HIGHLIGHT_SORT_COLUMNS = [
  'date',
  'non_uniq_regular_clicks',
  'regular_ctr',
  'non_uniq_ia__clicks',
  'ia_ctr',
] as const;
export type HighlightSortColumn = (typeof HIGHLIGHT_SORT_COLUMNS)[number];

/** order_by is '{column}_{asc|desc}', or 'desc' for relevance (search only). */
export const highlightOrderBySchema = z.union([
  z.literal('desc'),
  z.templateLiteral([z.enum(HIGHLIGHT_SORT_COLUMNS), '_', z.enum(['asc', 'desc'])]),
]);
export type HighlightOrderBy = z.infer<typeof highlightOrderBySchema>;

export const HIGHLIGHT_STATUS_FILTERS = ['all', 'active', 'deactivated'] as const;

/**
 * Keyset paging: an opaque cursor naming the last highlight of the page before. With a cursor the next
 * page starts right after that highlight in the requested order (an index seek, as fast at row 500,000
 * as at row 50); `page` still works for jumps. Not used by the relevance order.
 */
const CURSOR_PREFIX = 'h1.';
export const encodeHighlightCursor = (afterId: number): string => `${CURSOR_PREFIX}${afterId.toString(36)}`;
export const highlightCursorSchema = z
  .string()
  .regex(/^h1\.[0-9a-z]{1,11}$/, 'cursor is not one this server gave out')
  .transform((cursor) => Number.parseInt(cursor.slice(CURSOR_PREFIX.length), 36))
  .refine((id) => Number.isSafeInteger(id) && id > 0, 'cursor is not one this server gave out');

export const highlightListQuerySchema = z.object({
  from_date: yyyymmddSchema.optional(),
  order_by: highlightOrderBySchema.default('date_desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(10),
  category: z.string().trim().max(100).optional(),
  /** 'valid' keeps only highlights still usable in Top Videos. */
  tv_status: z.enum(['valid', 'invalid', 'all']).optional(),
  /** The screen's status filter: All, Active, Deactivated. */
  status: z.enum(HIGHLIGHT_STATUS_FILTERS).optional(),
  /** next_cursor of the page before; when given, page is ignored. */
  cursor: highlightCursorSchema.optional(),
});
export type HighlightListQuery = z.infer<typeof highlightListQuerySchema>;

export const highlightSearchQuerySchema = highlightListQuerySchema.extend({
  q: searchTextSchema.min(1),
});
export type HighlightSearchQuery = z.infer<typeof highlightSearchQuerySchema>;

export const highlightSchema = z.object({
  highlight_id: z.number(),
  title: z.string(),
  article_id: z.number(),
  /** Seconds. */
  article_created_at: z.number(),
  /** Seconds: when the highlight was made (the list's Created column). */
  published_at: z.number(),
  recommendation_score: z.number(),
  article_active: z.boolean(),
  ia_article_active: z.boolean(),
  /** Without extension; add MP4_SUFFIX for the MP4 variant. */
  video_url: z.string(),
  thumbnail: z.string(),
  gif_url: z.string().nullable(),
  resources: z.array(z.object({ id: z.string(), type: z.string(), url: z.string() })),
  category: z.string().nullable(),
  /** The article's URL. */
  link: z.string(),
  /** Seconds. */
  duration: z.number(),
  non_uniq_regular_impressions: z.number(),
  non_uniq_regular_clicks: z.number(),
  regular_ctr: z.number().nullable(),
  non_uniq_ia_impressions: z.number(),
  non_uniq_ia_clicks: z.number(),
  ia_ctr: z.number().nullable(),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const highlightListSchema = z.object({
  highlights: z.array(highlightSchema),
  /** Capped just above SEARCH_RESULT_LIMIT: a count over the limit means '1000+'. */
  count: z.number(),
  create_gif: z.boolean(),
  /** The cursor of the next page; null on the last page and in relevance order. */
  next_cursor: z.string().nullable().optional(),
});
export type HighlightList = z.infer<typeof highlightListSchema>;

export const auditDownloadQuerySchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.\- ]+$/, 'filename may hold letters, digits, spaces, dots, dashes and underscores'),
  article_id: idSchema,
  highlight_id: idSchema,
  format: z.enum(['mp4', 'gif']).default('mp4'),
});

/** POST /api/v2/dashboard/articles/{id}: enable or disable an article's APV on the front page or article page. */
export const APV_MODES = ['regular', 'article'] as const;
export const articleStatusBodySchema = z.object({
  apv_mode: z.enum(APV_MODES),
  status: z.boolean(),
});
export type ArticleStatusBody = z.infer<typeof articleStatusBodySchema>;
export const articleStatusResultSchema = z.object({
  article_id: z.number(),
  article_active: z.boolean(),
  ia_article_active: z.boolean(),
});
