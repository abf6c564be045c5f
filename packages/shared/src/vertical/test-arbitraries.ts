// fast-check arbitraries of keyframe files, for the property tests of the vertical model (test-only).
import fc from 'fast-check';
import type { Keyframe, KeyframeFile, KeyframeGroup, KeyframeObject, VideoFacts } from './keyframe-file.ts';

export interface FileAndVideo {
  file: KeyframeFile;
  video: VideoFacts;
}

/**
 * A keyframe file with the video it was made for. `valid`: one validateKeyframeFile accepts (positions
 * inside the frame); otherwise rects may be larger than the frame and positions far outside it, as a
 * client could send before validation.
 */
export function keyframeFileArbitrary(options: { valid: boolean }): fc.Arbitrary<FileAndVideo> {
  return fc.gen().map((g): FileAndVideo => {
    const int = (min: number, max: number) => g(fc.integer, { min, max });
    const width = int(2, 1920);
    const height = int(2, 1080);
    const frameCount = int(1, 900);
    const first = int(0, frameCount - 1);
    const last = int(first, frameCount - 1);
    const cuts =
      last > first
        ? g(() => fc.uniqueArray(fc.integer({ min: first + 1, max: last }), { maxLength: 5 }))
        : [];
    const starts = [first, ...[...cuts].sort((a, b) => a - b)];

    const object = (objectId: number, start: number, end: number): KeyframeObject => {
      const w = options.valid ? int(1, width) : int(1, 2 * width);
      const h = options.valid ? int(1, height) : int(1, 2 * height);
      const x = () => (options.valid ? int(0, width - w) : int(-3 * width, 3 * width));
      const y = () => (options.valid ? int(0, height - h) : int(-3 * height, 3 * height));
      const frames = g(() => fc.uniqueArray(fc.integer({ min: start, max: end }), { maxLength: 6 }));
      const keyframes: Keyframe[] = [...frames]
        .sort((a, b) => a - b)
        .map((frame) => ({ frame, x: x(), y: y() }));
      return { object_id: objectId, rect: [x(), y(), w, h], keyframes };
    };

    const groups: KeyframeGroup[] = starts.map((start, i) => {
      const end = (starts[i + 1] ?? last + 1) - 1;
      const count = int(0, 3);
      return {
        group_id: i + 1,
        start_frame: start,
        end_frame: end,
        objects: Array.from({ length: count }, (_, o) => object(o + 1, start, end)),
      };
    });

    return {
      file: {
        grid_manager_ver: '2.0',
        fps: int(1, 60),
        input_width: width,
        input_height: height,
        // Mostly vertical outputs, sometimes wider than the source, to reach every fitting rule.
        output_vertical_width: 2 * int(1, 1080),
        output_vertical_height: 2 * int(1, 1920),
        groups,
      },
      video: { width, height, frameCount },
    };
  });
}
