// The suggestions the frame editor can compare the reviewer's path with and apply per shot: the one being
// edited as it was opened, then the task's other suggestions that have a keyframe file, whatever made
// them (the pipeline, the console's own reframing, a reviewer), each labelled by its source.
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import type { Suggestion } from '../api/get-task-details.ts';
import { formatVideoTime } from '../player/videoFrames.ts';
import { suggestionLabel } from '../review/suggestions.ts';

export interface CompareOption {
  key: string;
  label: string;
  file: KeyframeFile;
}

export function compareOptions(
  opened: Suggestion,
  openedFile: KeyframeFile,
  all: Suggestion[],
): CompareOption[] {
  const range = (s: Suggestion) => `${formatVideoTime(s.start_time)}–${formatVideoTime(s.end_time)}`;
  const others = all.flatMap((s) =>
    s.vertical_content_id !== opened.vertical_content_id && s.keyframe_json_file
      ? [
          {
            key: String(s.vertical_content_id),
            label: `${suggestionLabel(s)} ${range(s)}`,
            file: s.keyframe_json_file,
          },
        ]
      : [],
  );
  return [{ key: 'opened', label: `${suggestionLabel(opened)} (as opened)`, file: openedFile }, ...others];
}
