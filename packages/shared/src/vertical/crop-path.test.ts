import { describe, expect, it } from 'vitest';
import {
  adjacentKeyframe,
  minimumBoxSize,
  minimumCropHeight,
  pathDifferences,
  shotAt,
  shotsOf,
  smoothKeyframeFile,
  undersizedSpans,
  upscaleOf,
} from './crop-path.ts';
import {
  applySuggestionToShot,
  copyBox,
  createEditorState,
  holdBox,
  newObjectSize,
  resizeObject,
  undo,
} from './frame-editor.ts';
import { cropWindowAt, objectPositionAt, validateKeyframeFile, type KeyframeFile } from './keyframe-file.ts';
import { TEST_VIDEO, testKeyframeFile } from './test-support.ts';

const ctx = { verticalVideoId: 7300001, timestamp: 1_764_000_000_000 };
const REF = { groupId: 1, objectId: 1 };

/** 1920x1080 to 1080x1920: at most 2x means a crop at least 960 px tall. */
function hdFile(
  rect: [number, number, number, number],
  keyframes: KeyframeFile['groups'][0]['objects'][0]['keyframes'],
): KeyframeFile {
  return {
    grid_manager_ver: '2.0',
    fps: 30,
    input_width: 1920,
    input_height: 1080,
    output_vertical_width: 1080,
    output_vertical_height: 1920,
    groups: [{ group_id: 1, start_frame: 0, end_frame: 299, objects: [{ object_id: 1, rect, keyframes }] }],
  };
}

/** A box that jumps 600 px in one frame at frame 100, and two groups (a cut at 200). */
function jumpingFile(smoothing?: number): KeyframeFile {
  return {
    ...testKeyframeFile([
      {
        group_id: 1,
        start_frame: 0,
        end_frame: 199,
        objects: [
          {
            object_id: 1,
            rect: [0, 0, 405, 720],
            keyframes: [
              { frame: 0, x: 0, y: 0 },
              { frame: 99, x: 0, y: 0 },
              { frame: 100, x: 600, y: 0 },
            ],
          },
        ],
      },
      {
        group_id: 2,
        start_frame: 200,
        end_frame: 299,
        objects: [{ object_id: 1, rect: [800, 0, 405, 720], keyframes: [{ frame: 200, x: 800, y: 0 }] }],
      },
    ]),
    ...(smoothing !== undefined ? { smoothing_seconds: smoothing } : {}),
  };
}

describe('how far the render may enlarge', () => {
  it('asks a crop of half the output height, or the full height of a source smaller than that', () => {
    expect(minimumCropHeight(hdFile([0, 0, 540, 960], []))).toBe(960);
    expect(minimumBoxSize(hdFile([0, 0, 540, 960], []))).toEqual({ width: 540, height: 960 });
    // 720 px to 1920: already 2.7x at full height; only the full height is accepted.
    expect(minimumCropHeight(testKeyframeFile([]))).toBe(720);
    expect(upscaleOf(hdFile([0, 0, 540, 960], []), 178)).toBeCloseTo(10.79, 2);
  });

  it('finds the frames whose crop is under the minimum', () => {
    // A 100x100 box: a 100x178 crop, blown up 10.8x.
    const small = hdFile([900, 400, 100, 100], []);
    expect(undersizedSpans(small, 0, 299)).toEqual([{ start: 0, end: 299, height: 178 }]);
    expect(undersizedSpans(hdFile([0, 0, 540, 960], []), 0, 299)).toEqual([]);
    // Two small boxes far apart make a crop tall enough only while they are apart.
    const two: KeyframeFile = {
      ...small,
      groups: [
        {
          group_id: 1,
          start_frame: 0,
          end_frame: 99,
          objects: [
            { object_id: 1, rect: [0, 0, 100, 100], keyframes: [] },
            {
              object_id: 2,
              rect: [0, 0, 100, 100],
              keyframes: [
                { frame: 0, x: 0, y: 900 },
                { frame: 99, x: 0, y: 0 },
              ],
            },
          ],
        },
      ],
    };
    const spans = undersizedSpans(two, 0, 99);
    expect(spans).toHaveLength(1);
    expect(spans[0]!.end).toBe(99);
    expect(cropWindowAt(two, spans[0]!.start).height).toBeLessThan(960);
    expect(cropWindowAt(two, spans[0]!.start - 1).height).toBeGreaterThanOrEqual(960);
  });

  it('adds objects of the smallest accepted box (never under 100 px tall)', () => {
    expect(newObjectSize(hdFile([0, 0, 540, 960], []))).toEqual({ width: 540, height: 960 });
    const tiny = { ...testKeyframeFile([]), output_vertical_width: 90, output_vertical_height: 160 };
    expect(newObjectSize(tiny)).toEqual({ width: 56, height: 100 });
  });
});

describe('smoothing', () => {
  it('leaves a file without smoothing as it is', () => {
    const file = jumpingFile();
    expect(smoothKeyframeFile(file)).toBe(file);
    expect(smoothKeyframeFile(jumpingFile(0))).toEqual(jumpingFile(0));
  });

  it('turns a jump into a ramp inside its group, never across a cut, in whole pixels inside the frame', () => {
    const smoothed = smoothKeyframeFile(jumpingFile(0.5));
    expect(smoothed.smoothing_seconds).toBeUndefined();
    expect(validateKeyframeFile(smoothed, TEST_VIDEO)).toEqual([]);
    const object = smoothed.groups[0]!.objects[0]!;
    const xs = Array.from({ length: 200 }, (_, f) => objectPositionAt(object, f).x);
    let largest = 0;
    for (let f = 1; f < xs.length; f++) largest = Math.max(largest, Math.abs(xs[f]! - xs[f - 1]!));
    // 600 px over ±0.5 s (±15 frames): the largest step is a fraction of the jump.
    expect(largest).toBeLessThan(60);
    expect(xs[0]).toBe(0);
    expect(xs[199]).toBe(600);
    for (const k of object.keyframes) expect(Number.isInteger(k.x) && Number.isInteger(k.y)).toBe(true);
    // The cut at 200 stays a cut: the second group is untouched (one keyframe, nothing to smooth).
    expect(smoothed.groups[1]).toEqual(jumpingFile(0.5).groups[1]);
    expect(cropWindowAt(smoothed, 200).x - cropWindowAt(smoothed, 199).x).toBeGreaterThan(100);
  });

  it('keeps only the keyframes the straight lines between them do not give', () => {
    // A constant-speed pan stays two keyframes however strong the smoothing is (its middle is a line).
    const pan = hdFile(
      [0, 0, 540, 960],
      [
        { frame: 0, x: 0, y: 0 },
        { frame: 299, x: 299 * 4, y: 0 },
      ],
    );
    const smoothed = smoothKeyframeFile({ ...pan, smoothing_seconds: 1 });
    const keys = smoothed.groups[0]!.objects[0]!.keyframes;
    expect(keys.length).toBeLessThan(70);
    for (let f = 0; f < 300; f++) {
      // Between the kept keyframes the path is what the dense smoothing gave: moving 4 px a frame away
      // from the ends, easing in and out at them.
      const x = objectPositionAt(smoothed.groups[0]!.objects[0]!, f).x;
      expect(Number.isInteger(x) || Math.abs(x - Math.round(x)) < 1e-9).toBe(true);
    }
    expect(objectPositionAt(smoothed.groups[0]!.objects[0]!, 150).x).toBe(600);
  });
});

describe('shots and keyframe navigation', () => {
  it('cuts wherever any file starts a group', () => {
    const a = jumpingFile();
    const b = {
      ...jumpingFile(),
      groups: [
        { ...jumpingFile().groups[0]!, end_frame: 119 },
        { ...jumpingFile().groups[1]!, start_frame: 120 },
      ],
    };
    expect(shotsOf([a, b], 0, 299)).toEqual([
      { start: 0, end: 119 },
      { start: 120, end: 199 },
      { start: 200, end: 299 },
    ]);
    expect(shotAt(shotsOf([a], 50, 250), 220)).toEqual({ start: 200, end: 250 });
  });

  it('finds the next and previous keyframe, of any object or of one', () => {
    const file = jumpingFile();
    expect(adjacentKeyframe(file, 0, 1)).toBe(99);
    expect(adjacentKeyframe(file, 100, 1)).toBe(200);
    expect(adjacentKeyframe(file, 100, -1)).toBe(99);
    expect(adjacentKeyframe(file, 0, -1)).toBeNull();
    expect(adjacentKeyframe(file, 250, 1)).toBeNull();
  });
});

describe('comparing paths', () => {
  it('marks the frames where the windows part by more than 5% of the width', () => {
    const a = jumpingFile();
    const b = {
      ...a,
      groups: [
        {
          ...a.groups[0]!,
          objects: [{ ...a.groups[0]!.objects[0]!, keyframes: [{ frame: 0, x: 0, y: 0 }] }],
        },
        a.groups[1]!,
      ],
    };
    expect(pathDifferences(a, b, 0, 299)).toEqual([{ start: 100, end: 199, distance: 600 }]);
    expect(pathDifferences(a, a, 0, 299)).toEqual([]);
  });
});

describe('editing boxes', () => {
  const state = () =>
    createEditorState(
      hdFile(
        [0, 0, 540, 960],
        [
          { frame: 0, x: 0, y: 0 },
          { frame: 100, x: 1000, y: 100 },
          { frame: 200, x: 500, y: 60 },
        ],
      ),
    );

  it('resizes the box around each keyframe and puts it where it was dropped at the frame', () => {
    const { state: s, log } = resizeObject(
      state(),
      REF,
      100,
      { x: 900, y: 0, width: 720, height: 1280 },
      ctx,
    );
    const object = s.file.groups[0]!.objects[0]!;
    // 1280 is taller than the frame: kept at the frame's 1080 (and the width as asked).
    expect(object.rect.slice(2)).toEqual([720, 1080]);
    expect(object.keyframes).toEqual([
      { frame: 0, x: 0, y: 0 },
      { frame: 100, x: 900, y: 0, status: 'manual' },
      { frame: 200, x: 410, y: 0 },
    ]);
    expect(log.map((e) => e.action)).toEqual(['RESIZE_OBJECT', 'MODIFY_KEYFRAME']);
    expect(log[0]).toMatchObject({ old_value: '540,960', new_value: '720,1080' });
    // One undo step.
    expect(undo(s, ctx).state.file).toEqual(state().file);
  });

  it('copies a box to another frame, and holds it to the end of the shot', () => {
    const copied = copyBox(state(), REF, 0, 100, ctx).state.file.groups[0]!.objects[0]!;
    expect(copied.keyframes[1]).toEqual({ frame: 100, x: 0, y: 0, status: 'manual' });
    const held = holdBox(state(), REF, 50, 299, ctx);
    const keys = held.state.file.groups[0]!.objects[0]!.keyframes;
    expect(keys).toEqual([
      { frame: 0, x: 0, y: 0 },
      { frame: 50, x: 500, y: 50, status: 'manual' },
      { frame: 299, x: 500, y: 50, status: 'manual' },
    ]);
    expect(held.log.map((e) => e.action)).toEqual([
      'DELETE_KEYFRAME',
      'DELETE_KEYFRAME',
      'CREATE_KEYFRAME',
      'CREATE_KEYFRAME',
    ]);
    expect(held.state.history).toHaveLength(1);
  });

  it("puts the suggestion's path into one shot, cutting groups at its edges", () => {
    const suggestion = hdFile(
      [1380, 0, 540, 960],
      [
        { frame: 0, x: 1380, y: 0 },
        { frame: 299, x: 0, y: 120 },
      ],
    );
    const { state: s, log } = applySuggestionToShot(state(), suggestion, { start: 100, end: 199 }, ctx);
    expect(s.file.groups.map((g) => [g.start_frame, g.end_frame])).toEqual([
      [0, 99],
      [100, 199],
      [200, 299],
    ]);
    for (let f = 100; f <= 199; f++) {
      const got = cropWindowAt(s.file, f);
      const want = cropWindowAt(suggestion, f);
      expect(Math.abs(got.x - want.x)).toBeLessThanOrEqual(1);
      // The edge keyframes are the suggestion's path there in whole pixels.
      expect(Math.abs(got.y - want.y)).toBeLessThanOrEqual(1);
    }
    // Outside the shot the reviewer's path is kept.
    for (const f of [0, 50, 99, 200, 250])
      expect(cropWindowAt(s.file, f)).toEqual(cropWindowAt(state().file, f));
    expect(log.map((e) => e.action)).toEqual([
      'GROUP_SPLIT',
      'GROUP_SPLIT',
      'DELETE_OBJECT',
      'CREATE_OBJECT',
    ]);
    expect(s.history).toHaveLength(1);
    expect(validateKeyframeFile(s.file, { width: 1920, height: 1080, frameCount: 300 })).toEqual([]);
    // A suggestion with nothing at those frames changes nothing.
    const elsewhere = {
      ...suggestion,
      groups: [{ ...suggestion.groups[0]!, start_frame: 250, end_frame: 299 }],
    };
    expect(applySuggestionToShot(state(), elsewhere, { start: 100, end: 199 }, ctx).state.file).toEqual(
      state().file,
    );
  });
});
