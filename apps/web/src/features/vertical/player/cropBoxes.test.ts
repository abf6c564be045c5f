import { describe, expect, it } from 'vitest';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { cropBoxesAt, displaySize, toDisplay } from './cropBoxes.ts';

const file = (dx: number): KeyframeFile => ({
  grid_manager_ver: '2.0',
  fps: 25,
  input_width: 1280,
  input_height: 720,
  output_vertical_width: 1080,
  output_vertical_height: 1920,
  groups: [
    {
      group_id: 1,
      start_frame: 0,
      end_frame: 49,
      objects: [
        {
          object_id: 1,
          rect: [0, 0, 400, 720],
          keyframes: [
            { frame: 0, x: dx, y: 0 },
            { frame: 40, x: dx + 400, y: 0 },
          ],
        },
      ],
    },
    { group_id: 2, start_frame: 50, end_frame: 99, objects: [] },
  ],
});

describe('cropBoxesAt', () => {
  it('interpolates each object of the group at the frame, in source pixels', () => {
    const [box] = cropBoxesAt([{ id: 7, file: file(100) }], 20, 7, null);
    expect(box).toEqual({
      suggestionId: 7,
      objectId: 1,
      role: 'selected',
      rect: { x: 300, y: 0, width: 400, height: 720 },
      source: { width: 1280, height: 720 },
    });
  });

  it('holds after the last keyframe and clamps inside the frame', () => {
    expect(cropBoxesAt([{ id: 7, file: file(600) }], 45, 7, null)[0]!.rect.x).toBe(880);
  });

  it('draws nothing outside the groups, in an empty group or without a file', () => {
    expect(cropBoxesAt([{ id: 7, file: file(0) }], 60, 7, null)).toEqual([]);
    expect(cropBoxesAt([{ id: 7, file: file(0) }], 500, 7, null)).toEqual([]);
    expect(cropBoxesAt([{ id: 7, file: null }], 10, 7, null)).toEqual([]);
  });

  it('colours by role and puts the selected suggestion on top', () => {
    const layers = [
      { id: 1, file: file(0) },
      { id: 2, file: file(10) },
      { id: 3, file: file(20) },
    ];
    const roles = cropBoxesAt(layers, 0, 1, 3).map((b) => [b.suggestionId, b.role]);
    expect(roles).toEqual([
      [2, 'other'],
      [3, 'hovered'],
      [1, 'selected'],
    ]);
    expect(cropBoxesAt(layers, 0, 1, 1).map((b) => b.role)).toEqual(['other', 'other', 'selected']);
  });
});

describe('toDisplay', () => {
  it('scales position and size to the displayed picture', () => {
    const rect = { x: 100, y: 50, width: 400, height: 720 };
    expect(toDisplay(rect, { width: 1280, height: 720 }, { width: 640, height: 360 })).toEqual({
      x: 50,
      y: 25,
      width: 200,
      height: 360,
    });
  });

  it('maps a file counted in another size onto the same spot of the picture', () => {
    const inFile = { x: 960, y: 0, width: 606, height: 1080 };
    const onScreen = toDisplay(inFile, { width: 1920, height: 1080 }, { width: 800, height: 450 });
    expect(onScreen).toEqual({ x: 400, y: 0, width: 252.5, height: 450 });
  });

  it('draws nothing for an empty source', () => {
    expect(
      toDisplay({ x: 1, y: 1, width: 1, height: 1 }, { width: 0, height: 0 }, { width: 10, height: 10 }),
    ).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('displaySize', () => {
  it('keeps the picture aspect at the width given', () => {
    expect(displaySize({ width: 1280, height: 720 }, 848)).toEqual({ width: 848, height: 477 });
    expect(displaySize({ width: 720, height: 1280 }, 360)).toEqual({ width: 360, height: 640 });
  });
  it('is empty until the width or the picture is known', () => {
    expect(displaySize({ width: 1280, height: 720 }, 0)).toEqual({ width: 0, height: 0 });
    expect(displaySize({ width: 0, height: 0 }, 500)).toEqual({ width: 0, height: 0 });
  });
});
