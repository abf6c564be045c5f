// What the edit modal's time range means for the keyframe file and for the call Generate makes. Pure, so
// it is tested without a browser.
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { editAction, type TimeRange } from '@hc/shared/vertical/time-range';

/** How the edit modal was opened: changing an algorithm suggestion, or making a manual one. */
export type EditMode = 'modify' | 'manual';

/** The frames a range renders, inclusive, as the server counts them (start rounded, end exclusive). */
export function rangeFrames(range: TimeRange, fps: number): { startFrame: number; endFrame: number } {
  const startFrame = Math.round(range.start * fps);
  return { startFrame, endFrame: Math.max(startFrame, Math.round(range.end * fps) - 1) };
}

/**
 * The file with its groups reaching over [first, last]: the first group starts no later than `first`
 * and the last ends no earlier than `last`, so a range moved past the suggestion's still has a group
 * (Add Frame, keyframes) on every frame it renders. Keyframes stay where they are. The same file when
 * the groups already cover the range, or when there is no group.
 */
export function coverFrames(file: KeyframeFile, first: number, last: number): KeyframeFile {
  const head = file.groups[0];
  const tail = file.groups[file.groups.length - 1];
  if (!head || !tail || (head.start_frame <= first && tail.end_frame >= last)) return file;
  const groups = file.groups.map((group, i) => ({
    ...group,
    start_frame: i === 0 ? Math.min(group.start_frame, first) : group.start_frame,
    end_frame: i === file.groups.length - 1 ? Math.max(group.end_frame, last) : group.end_frame,
  }));
  return { ...file, groups };
}

/**
 * The call Generate or Create New makes: create (a new manual suggestion) in Manual Creation, for
 * Create New, and when the range no longer overlaps the suggestion's (then it is a new 'manual' one); update
 * (Modify) otherwise.
 */
export function writeCallFor(
  mode: EditMode,
  kind: 'generate' | 'createNew',
  original: TimeRange,
  chosen: TimeRange,
): 'create' | 'update' {
  if (mode === 'manual' || kind === 'createNew') return 'create';
  return editAction(original, chosen) === 'manual' ? 'create' : 'update';
}
