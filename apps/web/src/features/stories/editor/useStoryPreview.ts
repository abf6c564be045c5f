// The story preview: request → html → a pause → playing (previewState.ts). The saved story plays when
// the editor opens; `runPreview` shows another (the draft, or the story just published).
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { STORY_PREVIEW_AUTOPLAY_MS } from '@hc/shared/constants';
import { getStoryPreview } from '../api/preview-story.ts';
import { awaitsAutoplay, initialPreviewState, previewReducer } from './previewState.ts';

export function useStoryPreview(storyId: number) {
  const [preview, previewDispatch] = useReducer(previewReducer, initialPreviewState);
  const [previewSource, setPreviewSource] = useState<'saved' | 'draft'>('saved');
  const requestRef = useRef(0);
  const runPreview = useCallback(
    (load: (signal?: AbortSignal) => Promise<{ html: string }>, source: 'saved' | 'draft') => {
      previewDispatch({ type: 'request' });
      const request = ++requestRef.current;
      setPreviewSource(source);
      return load().then(
        ({ html }) => {
          previewDispatch({ type: 'arrived', html, request });
          return true;
        },
        () => {
          previewDispatch({ type: 'failed', request });
          return false;
        },
      );
    },
    [],
  );
  useEffect(() => {
    if (!awaitsAutoplay(preview)) return;
    const timer = window.setTimeout(() => previewDispatch({ type: 'play' }), STORY_PREVIEW_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [preview]);
  // The saved story plays when the editor opens.
  useEffect(() => {
    void runPreview((signal) => getStoryPreview(storyId, signal), 'saved');
  }, [storyId, runPreview]);

  return { preview, previewDispatch, previewSource, runPreview };
}
