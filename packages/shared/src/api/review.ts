// Auto Highlight Review: the pending queue, an article's auto highlights and the feedback submission
//. The form rules live here once: the web form and the server use them.
import { z } from 'zod';
import { MAX_PER_PAGE, REVIEW_APV_REASONS, REVIEW_TV_REASONS } from '../constants.ts';
import { idSchema } from './common.ts';
import { highlightSchema } from './highlights.ts';
import { lockedByFields } from './locks.ts';

export const PENDING_REVIEW_SORTS = ['created_at', 'title', 'publisher_name', 'id'] as const;
export type PendingReviewSort = (typeof PENDING_REVIEW_SORTS)[number];

export const pendingReviewQuerySchema = z.object({
  sort_by: z.enum(PENDING_REVIEW_SORTS).default('created_at'),
  order_by: z.enum(['asc', 'desc']).default('desc'),
  /** One-based; page 0 or per 0 answers only the count. */
  page: z.coerce.number().int().min(0).max(1_000_000).default(1),
  per: z.coerce.number().int().min(0).max(MAX_PER_PAGE).default(10),
  /** Only this publisher's articles (admins: any publisher; others: publishers they review for). */
  publisher: idSchema.optional(),
});
export type PendingReviewQuery = z.infer<typeof pendingReviewQuerySchema>;

/** GET articles/pending_review/export.csv: the queue's publisher filter and sort, every page. */
export const pendingReviewExportQuerySchema = pendingReviewQuerySchema.omit({ page: true, per: true });

export const pendingArticleSchema = z.object({
  id: z.number(),
  publisher_id: z.number(),
  publisher_name: z.string(),
  title: z.string(),
  /** Seconds. */
  created_at: z.number(),
  featured: z.boolean(),
  /** The article's URL. */
  raw_url: z.string(),
  /** The article's best auto highlight (the first of auto_highlights), null when it has none. */
  highlight_id: z.number().nullable(),
  /** Issue 7 (not in the spec): who holds the article's lock now; the queue opens the next free one. */
  ...lockedByFields,
});
export type PendingArticle = z.infer<typeof pendingArticleSchema>;

export const pendingReviewListSchema = z.object({
  articles: z.array(pendingArticleSchema),
  /** Pending articles in the filter's scope. */
  count: z.number(),
});
export type PendingReviewList = z.infer<typeof pendingReviewListSchema>;

export const autoHighlightsQuerySchema = z.object({ article_id: idSchema });

export const autoHighlightsSchema = z.object({
  article_id: z.number(),
  /** Best first (recommendation score), at most `limit`. */
  highlights: z.array(highlightSchema),
  /** numberOfAlgoSuggestions: the publisher's setting, else the global one, else DEFAULT_ALGO_SUGGESTIONS. */
  limit: z.number(),
});
export type AutoHighlights = z.infer<typeof autoHighlightsSchema>;

export const REVIEW_ACTIONS = ['done', 'reject', 'manual'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** 0 Good / Yes, 1 Bad / No; null while not rated. */
const ratingSchema = z.union([z.literal(0), z.literal(1)]).nullable();
const reasonSchema = z.string().max(200).nullable();

export const highlightFeedbackSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  apv_quality: ratingSchema,
  apv_reason: reasonSchema,
  tv_quality: ratingSchema,
  tv_reason: reasonSchema,
});
export type HighlightFeedback = z.infer<typeof highlightFeedbackSchema>;

export const submitFeedbackBodySchema = z.object({
  article_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  action_type: z.enum(REVIEW_ACTIONS),
  /** The highlight the reviewer chose (e.g. activated); must be one of the article's. */
  highlight_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  feedback: z.array(highlightFeedbackSchema).max(50),
});
export type SubmitFeedbackBody = z.infer<typeof submitFeedbackBodySchema>;

export const submitFeedbackResultSchema = z.object({
  article_id: z.number(),
  /** The caller's pending count after this review (pending_counts.autoHighlightReview). */
  remaining: z.number(),
});
export type SubmitFeedbackResult = z.infer<typeof submitFeedbackResultSchema>;

/** Server answers the spec does not word (422 and 409 of submit_feedback). */
export const reviewErrors = {
  notRated: (id: number) => `Highlight ${id} must be rated for APV quality and TV validity.`,
  duplicate: (id: number) => `Highlight ${id} is rated more than once.`,
  badNeedsReason: (id: number) => `Highlight ${id} is rated Bad: choose an APV reason.`,
  unknownApvReason: (reason: string) => `'${reason}' is not an APV reason.`,
  unknownTvReason: (reason: string) => `'${reason}' is not a TV reason.`,
  goodHasReason: (id: number) => `Highlight ${id} is rated Good: it cannot have an APV reason.`,
  badNeedsTvNo: (id: number) => `Highlight ${id} is rated Bad: its TV validity must be No with a reason.`,
  tvYesHasReason: (id: number) => `Highlight ${id} is valid for TV: it cannot have a TV reason.`,
  alreadyReviewed: 'This article was already reviewed by someone else.',
} as const;

const isApvReason = (r: string) => (REVIEW_APV_REASONS as readonly string[]).includes(r);
const isTvReason = (r: string) => (REVIEW_TV_REASONS as readonly string[]).includes(r);

/**
 * The review form's rules: every shown highlight rated (for done and reject; manual may
 * leave highlights unrated), Bad (1) needs an APV reason and TV No (1) with a reason (the form sets
 * 'other'), Good (0) has no APV reason, TV Yes (0) has no TV reason, reasons from the shared lists.
 * Returns the first broken rule's message, or null.
 */
export function reviewFormError(
  action: ReviewAction,
  shownIds: readonly number[],
  feedback: readonly HighlightFeedback[],
): string | null {
  const seen = new Set<number>();
  for (const f of feedback) {
    if (seen.has(f.id)) return reviewErrors.duplicate(f.id);
    seen.add(f.id);
    if (f.apv_reason !== null && !isApvReason(f.apv_reason))
      return reviewErrors.unknownApvReason(f.apv_reason);
    if (f.tv_reason !== null && !isTvReason(f.tv_reason)) return reviewErrors.unknownTvReason(f.tv_reason);
    if (f.apv_quality === 1) {
      if (f.apv_reason === null) return reviewErrors.badNeedsReason(f.id);
      if (f.tv_quality !== 1 || f.tv_reason === null) return reviewErrors.badNeedsTvNo(f.id);
    }
    if (f.apv_quality === 0 && f.apv_reason !== null) return reviewErrors.goodHasReason(f.id);
    if (f.tv_quality === 0 && f.tv_reason !== null) return reviewErrors.tvYesHasReason(f.id);
    if (action !== 'manual' && (f.apv_quality === null || f.tv_quality === null))
      return reviewErrors.notRated(f.id);
  }
  if (action !== 'manual') {
    const missing = shownIds.find((id) => !seen.has(id));
    if (missing !== undefined) return reviewErrors.notRated(missing);
  }
  return null;
}
