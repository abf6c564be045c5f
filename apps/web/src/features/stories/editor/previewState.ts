// The story preview's states: paused, then loading while the html is asked for and
// for STORY_PREVIEW_AUTOPLAY_MS after it arrives, then playing; a failure goes back to paused. Replay
// plays the last html again from the start (a new `run` remounts the frame).
export type PreviewStatus = 'paused' | 'loading' | 'playing';

export interface PreviewState {
  status: PreviewStatus;
  /** The last html that arrived. */
  html: string | null;
  /** Whether the html of the current request has arrived (the autoplay delay runs from then). */
  arrived: boolean;
  /** Counts plays; the frame is keyed by it. */
  run: number;
  /** Counts requests, so a late answer to an older one is ignored. */
  request: number;
}

export type PreviewAction =
  | { type: 'request' }
  | { type: 'arrived'; html: string; request: number }
  | { type: 'failed'; request: number }
  /** The autoplay delay after arrival has passed. */
  | { type: 'play' }
  | { type: 'replay' };

export const initialPreviewState: PreviewState = {
  status: 'paused',
  html: null,
  arrived: false,
  run: 0,
  request: 0,
};

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'request':
      return { ...state, status: 'loading', arrived: false, request: state.request + 1 };
    case 'arrived':
      if (action.request !== state.request || state.status !== 'loading') return state;
      return { ...state, html: action.html, arrived: true };
    case 'failed':
      if (action.request !== state.request) return state;
      return { ...state, status: 'paused', arrived: false };
    case 'play':
      if (state.status !== 'loading' || !state.arrived) return state;
      return { ...state, status: 'playing', run: state.run + 1 };
    case 'replay':
      if (state.html === null || state.status === 'loading') return state;
      return { ...state, status: 'loading', arrived: true, request: state.request + 1 };
  }
}

/** Whether the autoplay timer should run: the html is in and the preview is still loading. */
export const awaitsAutoplay = (state: PreviewState): boolean => state.status === 'loading' && state.arrived;
