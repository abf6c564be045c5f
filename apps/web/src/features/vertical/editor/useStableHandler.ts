// A function that never changes and calls the latest one given: handlers for memo components of the frame
// editor, which re-renders at every frame of playback (PrimeReact Buttons remount their icon on every
// render, so the parts that do not follow the playhead must not render with it: the keyframe-editor bench).
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableHandler<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
