import { describe, expect, it } from 'vitest';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import type { Suggestion } from '../api/get-task-details.ts';
import { compareOptions } from './compareOptions.ts';

const file = (fps: number): KeyframeFile => ({
  grid_manager_ver: '2.0',
  fps,
  input_width: 320,
  input_height: 180,
  output_vertical_width: 1080,
  output_vertical_height: 1920,
  groups: [],
});
const suggestion = (id: number, source: number, keyframes: KeyframeFile | null): Suggestion => ({
  vertical_content_id: id,
  video_id: 1,
  start_time: 2,
  end_time: 10,
  source,
  active: false,
  vertical_highlight_id: null,
  keyframe_json_file: keyframes,
  feedback: null,
});

describe('compareOptions', () => {
  it('offers the opened suggestion as saved first, then every other one with a file, by source', () => {
    const opened = suggestion(1, 1, file(24));
    const edited = file(25);
    const options = compareOptions(opened, edited, [
      opened,
      suggestion(2, 2, file(24)),
      suggestion(3, 7, file(24)),
      suggestion(4, 4, null),
    ]);
    expect(options.map((o) => [o.key, o.label])).toEqual([
      ['opened', 'Algo Suggestion (as opened)'],
      ['2', 'Manual Suggestion 0:02.0–0:10.0'],
      ['3', 'Algo Suggestion 0:02.0–0:10.0'],
    ]);
    expect(options[0]!.file).toBe(edited);
  });
});
