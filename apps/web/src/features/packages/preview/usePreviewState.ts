// The preview's state as a hook, so a screen can drive it from its own PREVIEW button if it wants to.
import { useCallback, useMemo, useState } from 'react';
import type { ShowreelItem } from '../../../embed/playlist.ts';
import {
  previewItems,
  previewPhase,
  startWith,
  type PreviewPackage,
  type PreviewPhase,
} from './previewState.ts';

export interface PreviewState {
  phase: PreviewPhase;
  /** What the showreel plays (null until started, or after reloading with too few highlights). */
  playing: readonly ShowreelItem[] | null;
  /** PREVIEW and 'Click to Reload': play the package as it is now. */
  start(): void;
}

/** Tracks what the preview plays against the package as it is edited. */
export function usePreviewState(pkg: PreviewPackage): PreviewState {
  const items = useMemo(() => previewItems(pkg), [pkg]);
  const [playing, setPlaying] = useState<ShowreelItem[] | null>(null);
  const start = useCallback(() => setPlaying(startWith(items)), [items]);
  return { phase: previewPhase(items, playing), playing, start };
}
