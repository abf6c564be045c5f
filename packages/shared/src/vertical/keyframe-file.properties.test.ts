// Properties of the crop model over random keyframe files (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cropWindowAt,
  keyframeFileSchema,
  objectRectAt,
  validateKeyframeFile,
  type KeyframeFile,
  type Rect,
} from './keyframe-file.ts';
import { keyframeFileArbitrary } from './test-arbitraries.ts';

// A failure found late could shrink for minutes inside one synchronous call, where no test timeout fires:
// the time limit bounds the search and the shrinking (a failure found is still reported).
const RUNS = { numRuns: 200, interruptAfterTimeLimit: 30_000 };
/** Hundreds of generated files per property: seconds on a loaded CI machine, not the default 5 s. */
const PROPERTY_TIMEOUT_MS = 60_000;

function expectInsideFrame(rect: Rect, file: KeyframeFile) {
  expect(rect.width).toBeGreaterThan(0);
  expect(rect.height).toBeGreaterThan(0);
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.y).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(file.input_width);
  expect(rect.y + rect.height).toBeLessThanOrEqual(file.input_height);
}

/** Frames of the file and around it: before the first group, at every boundary, after the last. */
const frameOf = (file: KeyframeFile, pick: number) => {
  const last = file.groups[file.groups.length - 1]!.end_frame;
  return (pick % (last + 3)) - 1;
};

describe('crop model properties', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('objectRectAt stays inside the frame, whatever the keyframes say', () => {
    fc.assert(
      fc.property(keyframeFileArbitrary({ valid: false }), fc.nat(), ({ file }, pick) => {
        const frame = frameOf(file, pick);
        const size = { width: file.input_width, height: file.input_height };
        for (const group of file.groups) {
          for (const object of group.objects) expectInsideFrame(objectRectAt(object, frame, size), file);
        }
      }),
      RUNS,
    );
  });

  it('objectRectAt lies between the keyframes around the frame (linear, held outside)', () => {
    fc.assert(
      fc.property(keyframeFileArbitrary({ valid: true }), fc.nat(), ({ file }, pick) => {
        const frame = frameOf(file, pick);
        const size = { width: file.input_width, height: file.input_height };
        for (const object of file.groups.flatMap((g) => g.objects)) {
          const keys = object.keyframes;
          if (keys.length === 0) continue;
          const before = [...keys].reverse().find((k) => k.frame <= frame) ?? keys[0]!;
          const after = keys.find((k) => k.frame >= frame) ?? keys[keys.length - 1]!;
          const { x, y } = objectRectAt(object, frame, size);
          expect(x).toBeGreaterThanOrEqual(Math.min(before.x, after.x) - 1e-9);
          expect(x).toBeLessThanOrEqual(Math.max(before.x, after.x) + 1e-9);
          expect(y).toBeGreaterThanOrEqual(Math.min(before.y, after.y) - 1e-9);
          expect(y).toBeLessThanOrEqual(Math.max(before.y, after.y) + 1e-9);
          const exact = keys.find((k) => k.frame === frame);
          if (exact) expect({ x, y }).toEqual({ x: exact.x, y: exact.y });
        }
      }),
      RUNS,
    );
  });

  it('cropWindowAt is whole pixels inside the frame, of the output aspect within rounding', () => {
    fc.assert(
      fc.property(keyframeFileArbitrary({ valid: false }), fc.nat(), ({ file }, pick) => {
        const crop = cropWindowAt(file, frameOf(file, pick));
        expectInsideFrame(crop, file);
        for (const v of Object.values(crop)) expect(Number.isInteger(v)).toBe(true);
        const aspect = file.output_vertical_width / file.output_vertical_height;
        // One side is rounded from the other: off by at most a pixel on the side that was derived.
        const off = Math.min(
          Math.abs(crop.width - crop.height * aspect),
          Math.abs(crop.height - crop.width / aspect),
        );
        expect(off).toBeLessThanOrEqual(1);
        if (crop.width >= 100 && crop.height >= 100) {
          expect(Math.abs(crop.width / crop.height / aspect - 1)).toBeLessThan(0.01);
        }
      }),
      RUNS,
    );
  });

  it('cropWindowAt holds every object of the group when a window of that size fits', () => {
    fc.assert(
      fc.property(keyframeFileArbitrary({ valid: true }), fc.nat(), ({ file }, pick) => {
        const frame = frameOf(file, pick);
        const group = file.groups.find((g) => frame >= g.start_frame && frame <= g.end_frame);
        if (!group || group.objects.length === 0) return;
        const size = { width: file.input_width, height: file.input_height };
        const rects = group.objects.map((o) => objectRectAt(o, frame, size));
        const left = Math.min(...rects.map((r) => r.x));
        const top = Math.min(...rects.map((r) => r.y));
        const right = Math.max(...rects.map((r) => r.x + r.width));
        const bottom = Math.max(...rects.map((r) => r.y + r.height));
        const aspect = file.output_vertical_width / file.output_vertical_height;
        const height = Math.max(bottom - top, (right - left) / aspect);
        if (height + 1 > file.input_height || height * aspect + 1 > file.input_width) return;
        const crop = cropWindowAt(file, frame);
        expect(crop.x).toBeLessThanOrEqual(left + 1);
        expect(crop.y).toBeLessThanOrEqual(top + 1);
        expect(crop.x + crop.width).toBeGreaterThanOrEqual(right - 1);
        expect(crop.y + crop.height).toBeGreaterThanOrEqual(bottom - 1);
      }),
      RUNS,
    );
  });

  it('the schema and validateKeyframeFile accept every well-made file', () => {
    fc.assert(
      fc.property(keyframeFileArbitrary({ valid: true }), ({ file, video }) => {
        expect(keyframeFileSchema.safeParse(file).success).toBe(true);
        expect(validateKeyframeFile(file, video)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('validateKeyframeFile names the start frame of a group moved off its place', () => {
    fc.assert(
      fc.property(
        // fc.pre, not .filter: a filtered fc.gen() arbitrary never yields in fast-check 4.10.
        keyframeFileArbitrary({ valid: true }),
        fc.nat(),
        fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
        ({ file, video }, pick, shift) => {
          fc.pre(file.groups.length > 1);
          const g = 1 + (pick % (file.groups.length - 1));
          const groups = file.groups.map((group, i) =>
            i === g ? { ...group, start_frame: group.start_frame + shift } : group,
          );
          const fields = validateKeyframeFile({ ...file, groups }, video).map((p) => p.field);
          expect(fields).toContain(`groups.${g}.start_frame`);
        },
      ),
      RUNS,
    );
  });
});
