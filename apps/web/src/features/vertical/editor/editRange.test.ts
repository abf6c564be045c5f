import { describe, expect, it } from 'vitest';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { coverFrames, rangeFrames, writeCallFor } from './editRange.ts';

const file: KeyframeFile = {
  grid_manager_ver: '2.0',
  fps: 25,
  input_width: 1280,
  input_height: 720,
  output_vertical_width: 1080,
  output_vertical_height: 1920,
  groups: [
    { group_id: 1, start_frame: 38, end_frame: 99, objects: [] },
    {
      group_id: 2,
      start_frame: 100,
      end_frame: 237,
      objects: [{ object_id: 1, rect: [0, 0, 100, 100], keyframes: [{ frame: 100, x: 0, y: 0 }] }],
    },
  ],
};

describe('rangeFrames', () => {
  it('counts frames as the server does: start rounded, end exclusive', () => {
    expect(rangeFrames({ start: 1.5, end: 9.5 }, 25)).toEqual({ startFrame: 38, endFrame: 237 });
    expect(rangeFrames({ start: 3, end: 9 }, 24)).toEqual({ startFrame: 72, endFrame: 215 });
  });
  it('never ends before it starts', () => {
    expect(rangeFrames({ start: 2, end: 2 }, 25)).toEqual({ startFrame: 50, endFrame: 50 });
  });
});

describe('coverFrames', () => {
  it('returns the same file when the groups already cover the range', () => {
    expect(coverFrames(file, 38, 237)).toBe(file);
    expect(coverFrames(file, 50, 200)).toBe(file);
  });
  it('stretches the first group back and the last group on, keeping keyframes and the middle', () => {
    const covered = coverFrames(file, 10, 260);
    expect(covered.groups.map((g) => [g.start_frame, g.end_frame])).toEqual([
      [10, 99],
      [100, 260],
    ]);
    expect(covered.groups[1]!.objects).toBe(file.groups[1]!.objects);
    // The input file is left as it was.
    expect(file.groups[0]!.start_frame).toBe(38);
  });
  it('leaves a file without groups alone', () => {
    const empty = { ...file, groups: [] };
    expect(coverFrames(empty, 0, 10)).toBe(empty);
  });
});

describe('writeCallFor', () => {
  const original = { start: 2, end: 10 };
  it('updates the suggestion while the range still overlaps it (modify)', () => {
    expect(writeCallFor('modify', 'generate', original, { start: 3, end: 9 })).toBe('update');
    expect(writeCallFor('modify', 'generate', original, { start: 9, end: 15 })).toBe('update');
  });
  it('creates once the range no longer overlaps (a range that only touches does not)', () => {
    expect(writeCallFor('modify', 'generate', original, { start: 10, end: 16 })).toBe('create');
    expect(writeCallFor('modify', 'generate', original, { start: 12, end: 18 })).toBe('create');
  });
  it('always creates in Manual Creation and for Create New', () => {
    expect(writeCallFor('manual', 'generate', original, original)).toBe('create');
    expect(writeCallFor('modify', 'createNew', original, original)).toBe('create');
  });
});
