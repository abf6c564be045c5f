// The Auto Highlight Review form as a pure reducer, so its rules are tested without rendering:
// per highlight an APV quality (Good 0 / Bad 1) with a reason, and a TV validity (Yes 0 / No 1) with a
// reason. Bad forces TV No with the reason 'other'; Good clears the APV reason; Yes clears the TV reason.
// While APV is Bad, TV stays No. The form is valid when every highlight is rated on both and every
// Bad / No has a reason.
import type { REVIEW_APV_REASONS, REVIEW_TV_REASONS } from '@hc/shared/constants';

export type ApvReason = (typeof REVIEW_APV_REASONS)[number];
export type TvReason = (typeof REVIEW_TV_REASONS)[number];

/** APV quality: 0 Good, 1 Bad. TV validity: 0 Yes, 1 No. */
export type Rating = 0 | 1;
export const GOOD: Rating = 0;
export const BAD: Rating = 1;
export const TV_VALID: Rating = 0;
export const TV_INVALID: Rating = 1;

/** The reason a Bad APV rating forces on the TV side. */
export const FORCED_TV_REASON: TvReason = 'other';

export interface HighlightReview {
  id: number;
  apv_quality: Rating | null;
  apv_reason: ApvReason | null;
  tv_quality: Rating | null;
  tv_reason: TvReason | null;
}

export interface ReviewFormState {
  /** The article the form belongs to; a new article starts a new form. */
  articleId: number | null;
  items: HighlightReview[];
}

export type ReviewFormAction =
  | { type: 'reset'; articleId: number; highlightIds: readonly number[] }
  | { type: 'apvQuality'; id: number; value: Rating }
  | { type: 'apvReason'; id: number; value: ApvReason | null }
  | { type: 'tvQuality'; id: number; value: Rating }
  | { type: 'tvReason'; id: number; value: TvReason | null }
  /** The keyboard's "looks good": APV Good, and TV Yes when TV validity is not chosen yet. */
  | { type: 'quickGood'; id: number }
  /** The keyboard's "bad": APV Bad (which forces TV No / 'other'). */
  | { type: 'quickBad'; id: number };

export const emptyReview = (id: number): HighlightReview => ({
  id,
  apv_quality: null,
  apv_reason: null,
  tv_quality: null,
  tv_reason: null,
});

export const initialReviewForm = (articleId: number | null = null, ids: readonly number[] = []) => ({
  articleId,
  items: ids.map(emptyReview),
});

function withApvQuality(item: HighlightReview, value: Rating): HighlightReview {
  return value === BAD
    ? { ...item, apv_quality: BAD, tv_quality: TV_INVALID, tv_reason: FORCED_TV_REASON }
    : { ...item, apv_quality: GOOD, apv_reason: null };
}

function withTvQuality(item: HighlightReview, value: Rating): HighlightReview {
  return value === TV_VALID
    ? { ...item, tv_quality: TV_VALID, tv_reason: null }
    : { ...item, tv_quality: TV_INVALID };
}

function applyToItem(item: HighlightReview, action: Exclude<ReviewFormAction, { type: 'reset' }>) {
  switch (action.type) {
    case 'apvQuality':
      return withApvQuality(item, action.value);
    case 'apvReason':
      // A reason belongs to a Bad rating only.
      return item.apv_quality === BAD ? { ...item, apv_reason: action.value } : item;
    case 'tvQuality':
      // Bad keeps TV No (the server refuses a Bad that is valid for TV).
      return item.apv_quality === BAD && action.value === TV_VALID ? item : withTvQuality(item, action.value);
    case 'tvReason':
      return item.tv_quality === TV_INVALID ? { ...item, tv_reason: action.value } : item;
    case 'quickGood': {
      const good = withApvQuality(item, GOOD);
      return good.tv_quality === null ? withTvQuality(good, TV_VALID) : good;
    }
    case 'quickBad':
      return withApvQuality(item, BAD);
  }
}

export function reviewFormReducer(state: ReviewFormState, action: ReviewFormAction): ReviewFormState {
  if (action.type === 'reset') return initialReviewForm(action.articleId, action.highlightIds);
  if (!state.items.some((item) => item.id === action.id)) return state;
  return {
    ...state,
    items: state.items.map((item) => (item.id === action.id ? applyToItem(item, action) : item)),
  };
}

/** What is still missing for one highlight, as short words for the panel ('' when complete). */
export function missingFor(item: HighlightReview): string[] {
  const missing: string[] = [];
  if (item.apv_quality === null) missing.push('APV quality');
  else if (item.apv_quality === BAD && item.apv_reason === null) missing.push('APV reason');
  if (item.tv_quality === null) missing.push('TV validity');
  else if (item.tv_quality === TV_INVALID && item.tv_reason === null) missing.push('TV reason');
  return missing;
}

export const isItemComplete = (item: HighlightReview): boolean => missingFor(item).length === 0;

/** Valid when there is something to review and every highlight is rated with the reasons it needs. */
export const isReviewValid = (state: ReviewFormState): boolean =>
  state.items.length > 0 && state.items.every(isItemComplete);

export interface FeedbackItem {
  id: number;
  apv_quality: Rating;
  apv_reason: string | null;
  tv_quality: Rating;
  tv_reason: string | null;
}

/** The submit_feedback list: the complete items only (all of them when the form is valid). */
export function toFeedback(state: ReviewFormState): FeedbackItem[] {
  return state.items.filter(isItemComplete).map((item) => ({
    id: item.id,
    apv_quality: item.apv_quality as Rating,
    apv_reason: item.apv_reason,
    tv_quality: item.tv_quality as Rating,
    tv_reason: item.tv_reason,
  }));
}
