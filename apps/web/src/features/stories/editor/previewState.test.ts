import { describe, expect, it } from 'vitest';
import { awaitsAutoplay, initialPreviewState, previewReducer } from './previewState.ts';
import type { PreviewAction, PreviewState } from './previewState.ts';

const run = (actions: PreviewAction[], from: PreviewState = initialPreviewState) =>
  actions.reduce(previewReducer, from);

describe('story preview states', () => {
  it('starts paused', () => expect(initialPreviewState.status).toBe('paused'));

  it('goes paused → loading → (html arrives, still loading) → playing', () => {
    const loading = run([{ type: 'request' }]);
    expect(loading.status).toBe('loading');
    expect(awaitsAutoplay(loading)).toBe(false);
    const arrived = previewReducer(loading, { type: 'arrived', html: '<p>a</p>', request: loading.request });
    expect(arrived.status).toBe('loading');
    expect(awaitsAutoplay(arrived)).toBe(true);
    const playing = previewReducer(arrived, { type: 'play' });
    expect(playing).toMatchObject({ status: 'playing', html: '<p>a</p>', run: 1 });
  });

  it('does not play before the html arrived', () => {
    expect(run([{ type: 'request' }, { type: 'play' }]).status).toBe('loading');
  });

  it('returns to paused on failure', () => {
    const s = run([{ type: 'request' }, { type: 'failed', request: 1 }]);
    expect(s.status).toBe('paused');
  });

  it('ignores the answer of an older request', () => {
    const s = run([{ type: 'request' }, { type: 'request' }, { type: 'arrived', html: 'old', request: 1 }]);
    expect(s.html).toBeNull();
    expect(run([{ type: 'failed', request: 1 }], s).status).toBe('loading');
  });

  it('replays the last html through loading, with a new run', () => {
    const playing = run([{ type: 'request' }, { type: 'arrived', html: 'x', request: 1 }, { type: 'play' }]);
    const replay = previewReducer(playing, { type: 'replay' });
    expect(replay.status).toBe('loading');
    expect(awaitsAutoplay(replay)).toBe(true);
    expect(previewReducer(replay, { type: 'play' })).toMatchObject({ status: 'playing', run: 2 });
  });

  it('cannot replay without html', () => {
    expect(previewReducer(initialPreviewState, { type: 'replay' })).toBe(initialPreviewState);
  });
});
