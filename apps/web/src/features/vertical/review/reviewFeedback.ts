// The feedback panel of the vertical review modal: per suggestion a
// quality ('good') or a list of reasons, never both; which actions that allows. Approve acts on the selected
// suggestion and needs it rated good; Manual, Modify and Reject need a reason on at least one suggestion.
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';

export type BadQualityReason = (typeof VERTICAL_BAD_QUALITY_REASONS)[number];

export interface SuggestionFeedback {
  quality: '' | 'good';
  reason: string[];
}

/** Feedback by vertical_content_id. */
export type FeedbackState = Readonly<Record<number, SuggestionFeedback>>;

export const NO_FEEDBACK: SuggestionFeedback = { quality: '', reason: [] };

/** The stored feedback of each suggestion (reasons outside the catalogue are dropped), else none. */
export function initialFeedback(
  suggestions: { vertical_content_id: number; feedback: SuggestionFeedback | null }[],
): FeedbackState {
  const known = new Set<string>(VERTICAL_BAD_QUALITY_REASONS);
  const state: Record<number, SuggestionFeedback> = {};
  for (const s of suggestions) {
    const reason = (s.feedback?.reason ?? []).filter((r) => known.has(r));
    state[s.vertical_content_id] =
      s.feedback?.quality === 'good' && reason.length === 0
        ? { quality: 'good', reason: [] }
        : { quality: '', reason };
  }
  return state;
}

export const feedbackOf = (state: FeedbackState, id: number | null): SuggestionFeedback =>
  (id !== null ? state[id] : undefined) ?? NO_FEEDBACK;

/** Rates a suggestion good (clearing its reasons) or takes the rating back. */
export function setGood(state: FeedbackState, id: number, good: boolean): FeedbackState {
  return { ...state, [id]: good ? { quality: 'good', reason: [] } : NO_FEEDBACK };
}

/** Adds or removes a reason; a reason means bad quality, so it clears 'good'. Catalogue order is kept. */
export function toggleReason(state: FeedbackState, id: number, reason: BadQualityReason): FeedbackState {
  const current = new Set(feedbackOf(state, id).reason);
  if (current.has(reason)) current.delete(reason);
  else current.add(reason);
  return {
    ...state,
    [id]: { quality: '', reason: VERTICAL_BAD_QUALITY_REASONS.filter((r) => current.has(r)) },
  };
}

/** Every reason given on any suggestion, in catalogue order (what Reject sends). */
export function allReasons(state: FeedbackState): string[] {
  const given = new Set(Object.values(state).flatMap((f) => f.reason));
  return VERTICAL_BAD_QUALITY_REASONS.filter((r) => given.has(r));
}

export type VerticalAction = 'approve' | 'manual' | 'modify' | 'reject';

export interface ActionRules {
  /** Manual is offered for full videos only. */
  shown: Record<VerticalAction, boolean>;
  enabled: Record<VerticalAction, boolean>;
}

export function actionRules(
  state: FeedbackState,
  selectedId: number | null,
  contentType: 'highlight' | 'full_video',
): ActionRules {
  const reasoned = allReasons(state).length > 0;
  return {
    shown: { approve: true, manual: contentType === 'full_video', modify: true, reject: true },
    enabled: {
      approve: feedbackOf(state, selectedId).quality === 'good',
      manual: contentType === 'full_video' && reasoned,
      modify: reasoned && selectedId !== null,
      reject: reasoned,
    },
  };
}
