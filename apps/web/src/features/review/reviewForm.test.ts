import { describe, expect, it } from 'vitest';
import { reviewFormError } from '@hc/shared/api/review';
import {
  BAD,
  GOOD,
  TV_INVALID,
  TV_VALID,
  initialReviewForm,
  isReviewValid,
  missingFor,
  reviewFormReducer,
  toFeedback,
} from './reviewForm.ts';
import type { HighlightReview, ReviewFormAction, ReviewFormState } from './reviewForm.ts';

const run = (actions: ReviewFormAction[], ids: number[] = [11, 12]): ReviewFormState =>
  actions.reduce(reviewFormReducer, initialReviewForm(7, ids));
const item = (state: ReviewFormState, id = 11): HighlightReview => state.items.find((i) => i.id === id)!;

describe('reviewFormReducer: the rules of one highlight', () => {
  const cases: { name: string; actions: ReviewFormAction[]; expected: Omit<HighlightReview, 'id'> }[] = [
    {
      name: 'a new form has nothing rated',
      actions: [],
      expected: { apv_quality: null, apv_reason: null, tv_quality: null, tv_reason: null },
    },
    {
      name: 'Bad forces TV No with the reason other',
      actions: [{ type: 'apvQuality', id: 11, value: BAD }],
      expected: { apv_quality: BAD, apv_reason: null, tv_quality: TV_INVALID, tv_reason: 'other' },
    },
    {
      name: 'Bad overrides an earlier TV Yes',
      actions: [
        { type: 'tvQuality', id: 11, value: TV_VALID },
        { type: 'apvQuality', id: 11, value: BAD },
      ],
      expected: { apv_quality: BAD, apv_reason: null, tv_quality: TV_INVALID, tv_reason: 'other' },
    },
    {
      name: 'Good clears the APV reason and leaves TV as it was',
      actions: [
        { type: 'apvQuality', id: 11, value: BAD },
        { type: 'apvReason', id: 11, value: 'bad cut' },
        { type: 'apvQuality', id: 11, value: GOOD },
      ],
      expected: { apv_quality: GOOD, apv_reason: null, tv_quality: TV_INVALID, tv_reason: 'other' },
    },
    {
      name: 'TV Yes clears the TV reason',
      actions: [
        { type: 'apvQuality', id: 11, value: GOOD },
        { type: 'tvQuality', id: 11, value: TV_INVALID },
        { type: 'tvReason', id: 11, value: 'too much text on screen' },
        { type: 'tvQuality', id: 11, value: TV_VALID },
      ],
      expected: { apv_quality: GOOD, apv_reason: null, tv_quality: TV_VALID, tv_reason: null },
    },
    {
      name: 'TV Yes is refused while APV is Bad',
      actions: [
        { type: 'apvQuality', id: 11, value: BAD },
        { type: 'tvQuality', id: 11, value: TV_VALID },
      ],
      expected: { apv_quality: BAD, apv_reason: null, tv_quality: TV_INVALID, tv_reason: 'other' },
    },
    {
      name: 'Good after Bad frees TV again',
      actions: [
        { type: 'apvQuality', id: 11, value: BAD },
        { type: 'apvQuality', id: 11, value: GOOD },
        { type: 'tvQuality', id: 11, value: TV_VALID },
      ],
      expected: { apv_quality: GOOD, apv_reason: null, tv_quality: TV_VALID, tv_reason: null },
    },
    {
      name: 'TV No keeps no reason until one is chosen',
      actions: [{ type: 'tvQuality', id: 11, value: TV_INVALID }],
      expected: { apv_quality: null, apv_reason: null, tv_quality: TV_INVALID, tv_reason: null },
    },
    {
      name: 'a TV reason is taken with TV No',
      actions: [
        { type: 'tvQuality', id: 11, value: TV_INVALID },
        { type: 'tvReason', id: 11, value: 'too much text on screen' },
      ],
      expected: {
        apv_quality: null,
        apv_reason: null,
        tv_quality: TV_INVALID,
        tv_reason: 'too much text on screen',
      },
    },
    {
      name: 'an APV reason is ignored without Bad',
      actions: [
        { type: 'apvQuality', id: 11, value: GOOD },
        { type: 'apvReason', id: 11, value: 'graphics' },
      ],
      expected: { apv_quality: GOOD, apv_reason: null, tv_quality: null, tv_reason: null },
    },
    {
      name: 'a TV reason is ignored with TV Yes',
      actions: [
        { type: 'tvQuality', id: 11, value: TV_VALID },
        { type: 'tvReason', id: 11, value: 'other' },
      ],
      expected: { apv_quality: null, apv_reason: null, tv_quality: TV_VALID, tv_reason: null },
    },
    {
      name: 'quick good on a fresh highlight: Good and TV Yes',
      actions: [{ type: 'quickGood', id: 11 }],
      expected: { apv_quality: GOOD, apv_reason: null, tv_quality: TV_VALID, tv_reason: null },
    },
    {
      name: 'quick good keeps a TV No already chosen',
      actions: [
        { type: 'tvQuality', id: 11, value: TV_INVALID },
        { type: 'tvReason', id: 11, value: 'too much text on screen' },
        { type: 'quickGood', id: 11 },
      ],
      expected: {
        apv_quality: GOOD,
        apv_reason: null,
        tv_quality: TV_INVALID,
        tv_reason: 'too much text on screen',
      },
    },
    {
      name: 'quick bad is Bad',
      actions: [{ type: 'quickBad', id: 11 }],
      expected: { apv_quality: BAD, apv_reason: null, tv_quality: TV_INVALID, tv_reason: 'other' },
    },
  ];
  it.each(cases)('$name', ({ actions, expected }) => {
    expect(item(run(actions))).toEqual({ id: 11, ...expected });
  });

  it('an action touches only its own highlight', () => {
    const state = run([{ type: 'apvQuality', id: 11, value: BAD }]);
    expect(item(state, 12)).toEqual({
      id: 12,
      apv_quality: null,
      apv_reason: null,
      tv_quality: null,
      tv_reason: null,
    });
  });

  it('an unknown highlight id leaves the state as it is', () => {
    const state = run([]);
    expect(reviewFormReducer(state, { type: 'quickBad', id: 99 })).toBe(state);
  });

  it('reset starts a new, empty form for another article', () => {
    const state = run([{ type: 'quickBad', id: 11 }]);
    expect(reviewFormReducer(state, { type: 'reset', articleId: 8, highlightIds: [21] })).toEqual({
      articleId: 8,
      items: [{ id: 21, apv_quality: null, apv_reason: null, tv_quality: null, tv_reason: null }],
    });
  });
});

describe('isReviewValid', () => {
  const cases: { name: string; actions: ReviewFormAction[]; ids?: number[]; valid: boolean }[] = [
    { name: 'nothing rated', actions: [], valid: false },
    { name: 'no highlights at all', actions: [], ids: [], valid: false },
    { name: 'one of two rated', actions: [{ type: 'quickGood', id: 11 }], valid: false },
    {
      name: 'both good',
      actions: [
        { type: 'quickGood', id: 11 },
        { type: 'quickGood', id: 12 },
      ],
      valid: true,
    },
    {
      name: 'APV Good without a TV rating',
      actions: [
        { type: 'apvQuality', id: 11, value: GOOD },
        { type: 'quickGood', id: 12 },
      ],
      valid: false,
    },
    {
      name: 'Bad without a reason',
      actions: [
        { type: 'quickBad', id: 11 },
        { type: 'quickGood', id: 12 },
      ],
      valid: false,
    },
    {
      name: 'Bad with a reason (TV No / other forced)',
      actions: [
        { type: 'quickBad', id: 11 },
        { type: 'apvReason', id: 11, value: 'not interesting' },
        { type: 'quickGood', id: 12 },
      ],
      valid: true,
    },
    {
      name: 'TV No without a reason',
      actions: [
        { type: 'apvQuality', id: 11, value: GOOD },
        { type: 'tvQuality', id: 11, value: TV_INVALID },
        { type: 'quickGood', id: 12 },
      ],
      valid: false,
    },
    {
      name: 'a reason cleared again',
      actions: [
        { type: 'quickBad', id: 11 },
        { type: 'apvReason', id: 11, value: 'bad cut' },
        { type: 'apvReason', id: 11, value: null },
        { type: 'quickGood', id: 12 },
      ],
      valid: false,
    },
    { name: 'a single highlight, good', ids: [11], actions: [{ type: 'quickGood', id: 11 }], valid: true },
  ];
  it.each(cases)('$name → $valid', ({ actions, ids, valid }) => {
    expect(isReviewValid(run(actions, ids))).toBe(valid);
  });

  // The server re-checks the same rules: what the form calls valid, it takes for done and reject.
  it.each(cases.filter((c) => c.valid))('the server rules accept "$name"', ({ actions, ids = [11, 12] }) => {
    const state = run(actions, ids);
    expect(reviewFormError('done', ids, toFeedback(state))).toBeNull();
    expect(reviewFormError('reject', ids, toFeedback(state))).toBeNull();
  });

  it('whatever the form holds, manual sends what the server takes', () => {
    const state = run([{ type: 'quickBad', id: 11 }]);
    expect(reviewFormError('manual', [11, 12], toFeedback(state))).toBeNull();
  });
});

describe('missingFor and toFeedback', () => {
  it('names what a highlight still needs', () => {
    const state = run([{ type: 'quickBad', id: 11 }]);
    expect(missingFor(item(state))).toEqual(['APV reason']);
    expect(missingFor(item(state, 12))).toEqual(['APV quality', 'TV validity']);
  });

  it('sends only complete highlights, in the server shape', () => {
    const state = run([
      { type: 'quickBad', id: 11 },
      { type: 'apvReason', id: 11, value: 'graphics' },
    ]);
    expect(toFeedback(state)).toEqual([
      { id: 11, apv_quality: 1, apv_reason: 'graphics', tv_quality: 1, tv_reason: 'other' },
    ]);
  });
});
