// APV highlight list, search, enable and download calls.
import { z } from 'zod';
import { idSchema, searchTextSchema, yyyymmddSchema } from './common.ts';
import { MAX_PER_PAGE } from '../constants.ts';
import {
  HIGHLIGHT_SORT_COLUMNS,
  HIGHLIGHT_STATUS_FILTERS,
  type HighlightSortColumn,
} from './highlight-columns.ts';

export { HIGHLIGHT_SORT_COLUMNS, HIGHLIGHT_STATUS_FILTERS, type HighlightSortColumn };

/** order_by is '{column}_{asc|desc}', or 'desc' for relevance (search only). */
export const highlightOrderBySchema = z.union([
  z.literal('desc'),
  z.templateLiteral([z.enum(HIGHLIGHT_SORT_COLUMNS), '_', z.enum(['asc', 'desc'])]),
]);
export type HighlightOrderBy = z.infer<typeof highlightOrderBySchema>;

/**
 * Keyset paging: an opaque cursor carrying the sort column, the last highlight of the page before and
 * that row's sort value. With a cursor the next page starts right after that row in the requested order
 * (one index seek, as fast at row 500,000 as at row 50, with no lookup of the anchor row first); `page`
 * still works for jumps. Not used by the relevance order. A cursor of another column falls back to `page`.
 *
 * The value travels exactly: dates as epoch microseconds, clicks as integers, CTRs as the shortest text
 * of the double (JavaScript's and PostgreSQL's agree), NULL as '~'. Every character is URL-safe.
 */
const CURSOR_PREFIX = 'h2.';
export interface HighlightCursor {
  column: HighlightSortColumn;
  afterId: number;
  /** The anchor row's sort value as the database compares it back; null for a NULL CTR. */
  value: string | null;
}
const INTEGER_TEXT = /^-?\d{1,18}$/;
/** A double as its shortest exact text, without the '+' of a positive exponent; null if not finite. */
const doubleText = (text: string): string | null => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? String(n).replace('e+', 'e') : null;
};
/** Dates (as epoch microseconds) and clicks are integers; the CTRs are doubles. */
export const isIntegerSortColumn = (column: HighlightSortColumn) =>
  column !== 'regular_ctr' && column !== 'ia_ctr';

export const encodeHighlightCursor = ({ column, afterId, value }: HighlightCursor): string => {
  const valueText = value === null ? '~' : isIntegerSortColumn(column) ? value : (doubleText(value) ?? '~');
  return `${CURSOR_PREFIX}${HIGHLIGHT_SORT_COLUMNS.indexOf(column)}.${afterId.toString(36)}.${valueText}`;
};

const CURSOR_NOT_OURS = 'cursor is not one this server gave out';
const CURSOR_SHAPE = /^h2\.([0-4])\.([0-9a-z]{1,11})\.(~|[0-9.e-]{1,40})$/;

/** The cursor's parts, or null when it is not one encodeHighlightCursor could have made. */
function decodeHighlightCursor(cursor: string): HighlightCursor | null {
  const [, columnIndex, id36, valueText] = CURSOR_SHAPE.exec(cursor) ?? [];
  const column = HIGHLIGHT_SORT_COLUMNS[Number(columnIndex)];
  const afterId = Number.parseInt(id36 ?? '', 36);
  if (!column || valueText === undefined || !Number.isSafeInteger(afterId) || afterId <= 0) return null;
  if (valueText === '~') return { column, afterId, value: null };
  const value = isIntegerSortColumn(column)
    ? INTEGER_TEXT.test(valueText)
      ? valueText
      : null
    : doubleText(valueText);
  return value === null ? null : { column, afterId, value };
}

export const highlightCursorSchema = z.string().transform((cursor, ctx): HighlightCursor => {
  const decoded = decodeHighlightCursor(cursor);
  if (decoded) return decoded;
  ctx.addIssue({ code: 'custom', message: CURSOR_NOT_OURS });
  return z.NEVER;
});

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

/** GET highlights/export.csv: the list's filters, search and sort, every page. */
export const highlightExportQuerySchema = highlightListQuerySchema
  .omit({ page: true, per: true, cursor: true })
  .extend({ q: searchTextSchema.optional() });

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
export type AuditDownloadQuery = z.infer<typeof auditDownloadQuerySchema>;

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
