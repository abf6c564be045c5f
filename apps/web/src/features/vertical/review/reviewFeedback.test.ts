import { describe, expect, it } from 'vitest';
import { VERTICAL_BAD_QUALITY_REASONS as REASONS } from '@hc/shared/constants';
import {
  actionRules,
  allReasons,
  feedbackOf,
  initialFeedback,
  setGood,
  toggleReason,
} from './reviewFeedback.ts';

const [R0, R1, R2] = [REASONS[0], REASONS[1], REASONS[2]];

describe('initialFeedback', () => {
  it('starts from the stored feedback, dropping reasons outside the catalogue', () => {
    const state = initialFeedback([
      { vertical_content_id: 1, feedback: { quality: 'good', reason: [] } },
      { vertical_content_id: 2, feedback: { quality: '', reason: [R1, 'made up'] } },
      { vertical_content_id: 3, feedback: null },
    ]);
    expect(state).toEqual({
      1: { quality: 'good', reason: [] },
      2: { quality: '', reason: [R1] },
      3: { quality: '', reason: [] },
    });
  });
});

describe('good and reasons exclude each other', () => {
  it('a reason clears good, good clears the reasons', () => {
    let state = setGood({}, 1, true);
    state = toggleReason(state, 1, R1);
    expect(feedbackOf(state, 1)).toEqual({ quality: '', reason: [R1] });
    state = setGood(state, 1, true);
    expect(feedbackOf(state, 1)).toEqual({ quality: 'good', reason: [] });
    expect(feedbackOf(setGood(state, 1, false), 1)).toEqual({ quality: '', reason: [] });
  });

  it('toggles a reason off again and keeps the catalogue order', () => {
    let state = toggleReason({}, 1, R2);
    state = toggleReason(state, 1, R0);
    expect(feedbackOf(state, 1).reason).toEqual([R0, R2]);
    expect(feedbackOf(toggleReason(state, 1, R0), 1).reason).toEqual([R2]);
  });
});

describe('allReasons', () => {
  it('joins the reasons of every suggestion once, in catalogue order', () => {
    const state = toggleReason(toggleReason(toggleReason({}, 1, R2), 2, R0), 2, R2);
    expect(allReasons(state)).toEqual([R0, R2]);
  });
});

describe('actionRules', () => {
  it('Approve needs the selected suggestion rated good', () => {
    const state = setGood({}, 1, true);
    expect(actionRules(state, 1, 'highlight').enabled.approve).toBe(true);
    expect(actionRules(state, 2, 'highlight').enabled.approve).toBe(false);
    expect(actionRules({}, 1, 'highlight').enabled.approve).toBe(false);
  });

  it('Modify, Manual and Reject need one reason on any suggestion', () => {
    const none = actionRules(setGood({}, 1, true), 1, 'full_video').enabled;
    expect([none.modify, none.manual, none.reject]).toEqual([false, false, false]);
    const some = actionRules(toggleReason({}, 2, R0), 1, 'full_video').enabled;
    expect([some.modify, some.manual, some.reject]).toEqual([true, true, true]);
  });

  it('offers Manual for full videos only', () => {
    const highlight = actionRules(toggleReason({}, 1, R0), 1, 'highlight');
    expect(highlight.shown.manual).toBe(false);
    expect(highlight.enabled.manual).toBe(false);
    expect(actionRules({}, 1, 'full_video').shown.manual).toBe(true);
  });
});
