import { describe, expect, it } from 'vitest';
import {
  BULLMQ_STALLED_REASON,
  failureMessage,
  QUEUED_TOO_LONG_MS,
  queuedOutcome,
  renderTagOf,
} from './jobs.ts';
import { jobMessages } from './messages.ts';

describe('renderTagOf', () => {
  it('tags a failed render with its error, and a skipped or lost one with its stored reason', () => {
    expect(renderTagOf({ render_state: 'failed', render_error: 'Source video not found' })).toEqual({
      kind: 'failed',
      text: 'Render failed: Source video not found',
    });
    const skipped = jobMessages.renderSkippedTag('a newer keyframe file version was saved');
    expect(renderTagOf({ render_state: 'failed', render_error: skipped })).toEqual({
      kind: 'skipped',
      text: skipped,
    });
    const lost = jobMessages.renderLostTag(jobMessages.renderLost);
    expect(renderTagOf({ render_state: 'failed', render_error: lost })).toEqual({ kind: 'lost', text: lost });
  });

  it('never tags without a message, and tags nothing queued or finished', () => {
    expect(renderTagOf({ render_state: 'failed', render_error: null })).toEqual({
      kind: 'failed',
      text: jobMessages.renderFailedTag(jobMessages.failedWithoutReason),
    });
    expect(renderTagOf({ render_state: 'queued', render_error: null })).toBeNull();
    expect(renderTagOf({ render_state: null, render_error: null })).toBeNull();
  });
});

describe('queuedOutcome', () => {
  it('says a job still waits only once it has waited past the bound', () => {
    const now = 1_000_000;
    expect(queuedOutcome(now - 1_000, now)).toEqual({ kind: 'queued' });
    expect(queuedOutcome(now - QUEUED_TOO_LONG_MS - 1, now)).toEqual({
      kind: 'queued',
      note: jobMessages.stillWaiting,
    });
    expect(queuedOutcome(undefined, now)).toEqual({ kind: 'queued' });
  });
});

describe('failureMessage', () => {
  it("says BullMQ's lost-with-its-workers reason in the catalogue's words, and never nothing", () => {
    expect(failureMessage(BULLMQ_STALLED_REASON)).toBe(jobMessages.workerStopped);
    expect(failureMessage('  ')).toBe(jobMessages.failedWithoutReason);
    expect(failureMessage('Source video not found')).toBe('Source video not found');
  });
});
