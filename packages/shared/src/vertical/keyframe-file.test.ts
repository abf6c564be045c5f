import { describe, expect, it } from 'vitest';
import {
  cropWindowAt,
  frameCountOf,
  fullHeightWindow,
  groupAtFrame,
  keyframeFileSchema,
  objectRectAt,
  validateKeyframeFile,
  type KeyframeFile,
  type KeyframeObject,
} from './keyframe-file.ts';
import { TEST_FRAME, TEST_VIDEO, testKeyframeFile } from './test-support.ts';

/** 10 s at 30 fps, two scenes, a 9:16 object in each. */
function sampleFile(): KeyframeFile {
  return testKeyframeFile([
    {
      group_id: 1,
      start_frame: 0,
      end_frame: 149,
      objects: [
        {
          object_id: 1,
          rect: [100, 0, 404, 720],
          keyframes: [
            { frame: 0, x: 100, y: 0 },
            { frame: 100, x: 600, y: 0 },
          ],
        },
      ],
    },
    {
      group_id: 2,
      start_frame: 150,
      end_frame: 299,
      objects: [{ object_id: 1, rect: [800, 0, 404, 720], keyframes: [{ frame: 150, x: 800, y: 0 }] }],
    },
  ]);
}

const fields = (file: KeyframeFile, video = TEST_VIDEO) =>
  validateKeyframeFile(file, video).map((p) => p.field);

describe('keyframeFileSchema', () => {
  it('accepts a well-formed file and keeps its values', () => {
    expect(keyframeFileSchema.parse(sampleFile())).toEqual(sampleFile());
  });

  it.each([
    ['fps above 120', (f: KeyframeFile) => ({ ...f, fps: 240 }), 'fps'],
    ['fps of zero', (f: KeyframeFile) => ({ ...f, fps: 0 }), 'fps'],
    [
      'an odd output width',
      (f: KeyframeFile) => ({ ...f, output_vertical_width: 1081 }),
      'output_vertical_width',
    ],
    ['an input wider than 8192', (f: KeyframeFile) => ({ ...f, input_width: 9000 }), 'input_width'],
    [
      'a fractional frame',
      (f: KeyframeFile) => ({ ...f, groups: [{ ...f.groups[0]!, start_frame: 0.5 }] }),
      'groups.0.start_frame',
    ],
    [
      'a rect of three numbers',
      (f: KeyframeFile) => ({
        ...f,
        groups: [{ ...f.groups[0]!, objects: [{ ...f.groups[0]!.objects[0]!, rect: [1, 2, 3] }] }],
      }),
      'groups.0.objects.0.rect',
    ],
    [
      'more than 2000 groups',
      (f: KeyframeFile) => ({ ...f, groups: Array.from({ length: 2001 }, () => f.groups[0]!) }),
      'groups',
    ],
    ['no version', (f: KeyframeFile) => ({ ...f, grid_manager_ver: ' ' }), 'grid_manager_ver'],
  ])('refuses %s', (_name, change, path) => {
    const result = keyframeFileSchema.safeParse(change(sampleFile()));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('validateKeyframeFile', () => {
  it('finds nothing wrong with a good file', () => {
    expect(validateKeyframeFile(sampleFile(), TEST_VIDEO)).toEqual([]);
  });

  it('needs the input size of the video', () => {
    expect(validateKeyframeFile(sampleFile(), { ...TEST_VIDEO, width: 1920, height: 1080 })).toEqual([
      { field: 'input_width', message: "must be the video's width (1920)" },
      { field: 'input_height', message: "must be the video's height (1080)" },
    ]);
  });

  it('needs at least one group', () => {
    expect(fields({ ...sampleFile(), groups: [] })).toEqual(['groups']);
  });

  it('names a gap, an overlap and an unsorted group by the start frame at fault', () => {
    const gap = sampleFile();
    gap.groups[1]!.start_frame = 152;
    expect(validateKeyframeFile(gap, TEST_VIDEO)[0]).toEqual({
      field: 'groups.1.start_frame',
      message: 'must be 150, the frame after the previous group',
    });
    const overlap = sampleFile();
    overlap.groups[1]!.start_frame = 140;
    expect(fields(overlap)).toEqual(['groups.1.start_frame']);
    const file = sampleFile();
    file.groups.reverse();
    expect(fields(file)).toContain('groups.1.start_frame');
  });

  it('keeps groups inside the video and end after start', () => {
    const file = sampleFile();
    file.groups[1]!.end_frame = 300;
    expect(validateKeyframeFile(file, TEST_VIDEO)).toEqual([
      { field: 'groups.1.end_frame', message: 'must be at most 299, the last frame of the video' },
    ]);
    const backwards = sampleFile();
    backwards.groups[1]!.end_frame = 149;
    // Its keyframe at 150 is then outside the group too.
    expect(fields(backwards)).toEqual(['groups.1.end_frame', 'groups.1.objects.0.keyframes.0.frame']);
    // A shorter video than the file was made for.
    expect(fields(sampleFile(), { ...TEST_VIDEO, frameCount: 120 })).toEqual([
      'groups.0.end_frame',
      'groups.1.start_frame',
      'groups.1.end_frame',
    ]);
  });

  it('refuses repeated group and object ids', () => {
    const file = sampleFile();
    file.groups[1]!.group_id = 1;
    file.groups[0]!.objects.push({ ...file.groups[0]!.objects[0]! });
    expect(fields(file)).toEqual(['groups.0.objects.1.object_id', 'groups.1.group_id']);
  });

  it('keeps rects and keyframe positions inside the frame', () => {
    const file = sampleFile();
    file.groups[0]!.objects[0]!.rect = [900, 0, 404, 720];
    file.groups[0]!.objects[0]!.keyframes[1] = { frame: 100, x: 0, y: -1 };
    expect(validateKeyframeFile(file, TEST_VIDEO)).toEqual([
      { field: 'groups.0.objects.0.rect', message: 'must lie inside the 1280x720 frame' },
      {
        field: 'groups.0.objects.0.keyframes.1',
        message: 'puts the 404x720 object outside the 1280x720 frame',
      },
    ]);
  });

  it('keeps keyframes inside their group, sorted and one per frame', () => {
    const outside = sampleFile();
    outside.groups[0]!.objects[0]!.keyframes[1]!.frame = 150;
    expect(validateKeyframeFile(outside, TEST_VIDEO)).toEqual([
      { field: 'groups.0.objects.0.keyframes.1.frame', message: 'must be inside its group (0-149)' },
    ]);
    const repeated = sampleFile();
    repeated.groups[0]!.objects[0]!.keyframes[1]!.frame = 0;
    expect(validateKeyframeFile(repeated, TEST_VIDEO)).toEqual([
      { field: 'groups.0.objects.0.keyframes.1.frame', message: 'must come after the previous keyframe (0)' },
    ]);
  });
});

describe('frameCountOf', () => {
  it.each([
    [10, 30, 300],
    [12, 25, 300],
    [10, 29.97, 300],
    [0, 30, 0],
  ])('%s s at %s fps is %s frames', (seconds, fps, frames) =>
    expect(frameCountOf(seconds, fps)).toBe(frames),
  );
});

describe('groupAtFrame', () => {
  it('finds the group holding the frame, boundaries included', () => {
    const file = sampleFile();
    expect(groupAtFrame(file, 0)?.group_id).toBe(1);
    expect(groupAtFrame(file, 149)?.group_id).toBe(1);
    expect(groupAtFrame(file, 150)?.group_id).toBe(2);
    expect(groupAtFrame(file, 299)?.group_id).toBe(2);
    expect(groupAtFrame(file, 300)).toBeUndefined();
    expect(groupAtFrame(file, -1)).toBeUndefined();
  });
});

describe('objectRectAt', () => {
  const object: KeyframeObject = {
    object_id: 1,
    rect: [0, 0, 100, 100],
    keyframes: [
      { frame: 10, x: 100, y: 200 },
      { frame: 20, x: 200, y: 100 },
      { frame: 30, x: 200, y: 300 },
    ],
  };

  it('interpolates linearly between keyframes', () => {
    expect(objectRectAt(object, 15, TEST_FRAME)).toEqual({ x: 150, y: 150, width: 100, height: 100 });
    expect(objectRectAt(object, 25, TEST_FRAME)).toEqual({ x: 200, y: 200, width: 100, height: 100 });
    expect(objectRectAt(object, 20, TEST_FRAME)).toEqual({ x: 200, y: 100, width: 100, height: 100 });
  });

  it('holds before the first and after the last keyframe', () => {
    expect(objectRectAt(object, 0, TEST_FRAME)).toMatchObject({ x: 100, y: 200 });
    expect(objectRectAt(object, 99, TEST_FRAME)).toMatchObject({ x: 200, y: 300 });
  });

  it('sits at its rect without keyframes', () => {
    expect(objectRectAt({ ...object, rect: [5, 6, 10, 20], keyframes: [] }, 3, TEST_FRAME)).toEqual({
      x: 5,
      y: 6,
      width: 10,
      height: 20,
    });
  });

  it('is clamped inside the frame', () => {
    const off = { ...object, keyframes: [{ frame: 0, x: 1250, y: -40 }] };
    expect(objectRectAt(off, 0, TEST_FRAME)).toEqual({ x: 1180, y: 0, width: 100, height: 100 });
    const huge = { ...object, rect: [0, 0, 2000, 1000] as KeyframeObject['rect'], keyframes: [] };
    expect(objectRectAt(huge, 0, TEST_FRAME)).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
  });
});

describe('cropWindowAt', () => {
  it('is the object itself when it already has the output aspect', () => {
    const file = sampleFile();
    // 720 * 9/16 = 405: the 404-wide object grows by one pixel.
    expect(cropWindowAt(file, 0)).toEqual({ x: 100, y: 0, width: 405, height: 720 });
    expect(cropWindowAt(file, 50)).toEqual({ x: 350, y: 0, width: 405, height: 720 });
    expect(cropWindowAt(file, 200)).toEqual({ x: 800, y: 0, width: 405, height: 720 });
  });

  it('grows a small object around its centre to the output aspect', () => {
    const file = sampleFile();
    file.groups[0]!.objects = [{ object_id: 1, rect: [600, 300, 100, 100], keyframes: [] }];
    // 100 wide -> 178 tall at 9:16, centred on (650, 350).
    expect(cropWindowAt(file, 10)).toEqual({ x: 600, y: 261, width: 100, height: 178 });
  });

  it('covers the union of the objects, shrunk to the input height and moved inside the frame', () => {
    const file = sampleFile();
    file.groups[0]!.objects = [
      { object_id: 1, rect: [0, 0, 100, 100], keyframes: [] },
      { object_id: 2, rect: [500, 600, 100, 100], keyframes: [] },
    ];
    // Union 600x700 -> 9:16 would be 1067 tall: shrunk to 720 (405 wide), centred on x 300.
    expect(cropWindowAt(file, 10)).toEqual({ x: 98, y: 0, width: 405, height: 720 });
    file.groups[0]!.objects[1]!.rect = [1180, 0, 100, 100];
    expect(cropWindowAt(file, 10)).toEqual({ x: 438, y: 0, width: 405, height: 720 });
  });

  it('is the centred full-height window without a group or without objects', () => {
    const file = sampleFile();
    const centred = { x: 438, y: 0, width: 405, height: 720 };
    expect(fullHeightWindow(file)).toEqual(centred);
    expect(cropWindowAt(file, 400)).toEqual(centred);
    file.groups[1]!.objects = [];
    expect(cropWindowAt(file, 200)).toEqual(centred);
  });

  it('fits the width when the output is wider than the source', () => {
    const file = { ...sampleFile(), output_vertical_width: 1920, output_vertical_height: 800 };
    file.groups = [];
    expect(fullHeightWindow(file)).toEqual({ x: 0, y: 94, width: 1280, height: 533 });
  });
});
