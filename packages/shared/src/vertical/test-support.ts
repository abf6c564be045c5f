// Fixtures of the vertical model's tests (shared by the example and property tests; not used by the product).
import type { KeyframeFile, KeyframeGroup } from './keyframe-file.ts';

/** The source every fixture file is made for: 10 s of 1280x720 at 30 fps. */
export const TEST_VIDEO = { width: 1280, height: 720, frameCount: 300 };
export const TEST_FRAME = { width: TEST_VIDEO.width, height: TEST_VIDEO.height };

/** A keyframe file for TEST_VIDEO with a 1080x1920 output, holding the given groups. */
export function testKeyframeFile(groups: KeyframeGroup[]): KeyframeFile {
  return {
    grid_manager_ver: '2.0',
    fps: 30,
    input_width: TEST_VIDEO.width,
    input_height: TEST_VIDEO.height,
    output_vertical_width: 1080,
    output_vertical_height: 1920,
    groups,
  };
}
