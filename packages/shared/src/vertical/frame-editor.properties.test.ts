// Properties of the frame editor over random keyframe files and random edit sequences (fast-check):
// whatever a reviewer does, the groups stay sorted, contiguous and over the same frames, the file stays
// valid for its video, every change logs entries, and Undo walks back through every earlier state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateKeyframeFile, type KeyframeFile, type KeyframeGroup } from './keyframe-file.ts';
import {
  addObject,
  clearGroups,
  createEditorState,
  createKeyframe,
  deleteKeyframe,
  deleteObject,
  modifyKeyframe,
  moveKeyframe,
  removeFrames,
  reset,
  splitGroup,
  undo,
  type EditContext,
  type EditResult,
  type EditorState,
  type ObjectRef,
} from './frame-editor.ts';
import { keyframeFileArbitrary } from './test-arbitraries.ts';

// A failure found late could shrink for minutes inside one synchronous call, where no test timeout fires:
// the time limit bounds the search and the shrinking (a failure found is still reported).
const RUNS = { numRuns: 150, interruptAfterTimeLimit: 30_000 };
const PROPERTY_TIMEOUT_MS = 60_000;
const ctx: EditContext = { verticalVideoId: 7, timestamp: 1_700_000_000_000 };

/**
 * One edit as numbers; applied to whatever state it meets (picks are taken modulo what exists), so any
 * sequence is a sequence a reviewer could click.
 */
const editArbitrary = fc.record({
  kind: fc.constantFrom(
    'split',
    'add',
    'deleteObject',
    'createKeyframe',
    'deleteKeyframe',
    'move',
    'modify',
    'removeFrames',
    'reset',
    'clear',
  ),
  pick: fc.nat(),
  frameA: fc.nat(),
  frameB: fc.nat(),
  x: fc.integer({ min: -4000, max: 4000 }),
  y: fc.integer({ min: -4000, max: 4000 }),
});
type Edit = typeof editArbitrary extends fc.Arbitrary<infer T> ? T : never;

const span = (file: KeyframeFile) => ({
  first: file.groups[0]!.start_frame,
  last: file.groups[file.groups.length - 1]!.end_frame,
});

function apply(state: EditorState, edit: Edit): EditResult {
  const { first, last } = span(state.file);
  const frameOf = (n: number) => first + (n % (last - first + 1));
  const group = state.file.groups[edit.pick % state.file.groups.length]!;
  const object = group.objects[edit.pick % Math.max(1, group.objects.length)];
  const ref: ObjectRef | null = object ? { groupId: group.group_id, objectId: object.object_id } : null;
  switch (edit.kind) {
    case 'split':
      return splitGroup(state, frameOf(edit.frameA), ctx);
    case 'add':
      return addObject(state, group.group_id, ctx, 3);
    case 'reset':
      return reset(state, ctx);
    case 'clear':
      return clearGroups(state, ctx);
  }
  if (!ref) return { state, log: [] };
  const inGroup = (n: number) => group.start_frame + (n % (group.end_frame - group.start_frame + 1));
  switch (edit.kind) {
    case 'deleteObject':
      return deleteObject(state, ref, ctx);
    case 'createKeyframe':
      return createKeyframe(state, ref, inGroup(edit.frameA), ctx);
    case 'deleteKeyframe':
      return deleteKeyframe(state, ref, inGroup(edit.frameA), ctx);
    case 'move':
      return moveKeyframe(state, ref, inGroup(edit.frameA), inGroup(edit.frameB), ctx);
    case 'modify':
      return modifyKeyframe(state, ref, inGroup(edit.frameA), { x: edit.x, y: edit.y }, ctx);
    case 'removeFrames':
      return removeFrames(state, ref, inGroup(edit.frameA), inGroup(edit.frameB), ctx);
  }
}

function expectWellFormed(groups: KeyframeGroup[], first: number, last: number) {
  expect(groups.length).toBeGreaterThan(0);
  expect(groups[0]!.start_frame).toBe(first);
  expect(groups[groups.length - 1]!.end_frame).toBe(last);
  groups.forEach((group, i) => {
    expect(group.end_frame).toBeGreaterThanOrEqual(group.start_frame);
    if (i > 0) expect(group.start_frame).toBe(groups[i - 1]!.end_frame + 1);
  });
}

describe('frame editor properties', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('groups never overlap, always cover the same frames, and the file stays valid after any edits', () => {
    fc.assert(
      fc.property(
        keyframeFileArbitrary({ valid: true }),
        fc.array(editArbitrary, { maxLength: 25 }),
        ({ file, video }, edits) => {
          const { first, last } = span(file);
          let state = createEditorState(file);
          for (const edit of edits) {
            const before = state;
            const result = apply(state, edit);
            state = result.state;
            expectWellFormed(state.file.groups, first, last);
            expect(validateKeyframeFile(state.file, video)).toEqual([]);
            // A change is logged and can be undone; no change logs nothing and adds no undo step.
            const changed = state.history.length > before.history.length;
            expect(result.log.length > 0).toBe(changed);
            if (!changed) expect(state).toBe(before);
          }
        },
      ),
      RUNS,
    );
  });

  it('Undo after any sequence of edits steps back through every earlier state to the original file', () => {
    fc.assert(
      fc.property(
        keyframeFileArbitrary({ valid: true }),
        fc.array(editArbitrary, { maxLength: 25 }),
        ({ file }, edits) => {
          let state = createEditorState(file);
          const earlier: KeyframeGroup[][] = [];
          for (const edit of edits) {
            const next = apply(state, edit).state;
            if (next.history.length > state.history.length) earlier.push(state.file.groups);
            state = next;
          }
          while (earlier.length > 0) {
            const result = undo(state, ctx);
            expect(result.log.map((e) => e.action)).toEqual(['UNDO']);
            state = result.state;
            expect(state.file.groups).toEqual(earlier.pop());
          }
          expect(state.file).toEqual(file);
          expect(undo(state, ctx).log).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});
