// The package editor's preview rules, without React: it needs at least
// PACKAGE_MIN_HIGHLIGHTS highlights, starts on PREVIEW, and an edit while it plays makes it stale until
// the user reloads it with the new content.
import { MP4_SUFFIX, PACKAGE_MIN_HIGHLIGHTS } from '@hc/shared/constants';
import { sameItems, type ShowreelItem } from '../../../embed/playlist.ts';

/** What the preview needs of a package: the editor's working copy or a listed package both fit. */
export interface PreviewPackage {
  name: string;
  highlights: readonly { id: number; title: string; video_url: string; thumbnail: string }[];
}

/**
 * tooFew: 'Please select at least 3 APVs!'; ready: 'To see the component, click PREVIEW button';
 * playing: the showreel; stale: frozen behind 'Click to Reload' after an edit while playing.
 */
export type PreviewPhase = 'tooFew' | 'ready' | 'playing' | 'stale';

/** The showreel items of a console package: the spec's video_url is extension-less, the MP4 plays. */
export function previewItems(pkg: PreviewPackage): ShowreelItem[] {
  return pkg.highlights.map(({ id, title, video_url, thumbnail }) => ({
    id,
    title,
    video_url: video_url.endsWith(MP4_SUFFIX) ? video_url : video_url + MP4_SUFFIX,
    thumbnail,
  }));
}

/** The phase of a preview showing `current`, given what it started playing (null: not started). */
export function previewPhase(
  current: readonly ShowreelItem[],
  playing: readonly ShowreelItem[] | null,
): PreviewPhase {
  if (playing) return sameItems(current, playing) ? 'playing' : 'stale';
  return current.length < PACKAGE_MIN_HIGHLIGHTS ? 'tooFew' : 'ready';
}

/** What PREVIEW or 'Click to Reload' starts: the current items, or nothing when there are too few. */
export function startWith(current: readonly ShowreelItem[]): ShowreelItem[] | null {
  return current.length < PACKAGE_MIN_HIGHLIGHTS ? null : current.slice();
}
