import { describe, expect, it } from 'vitest';
import {
  addObject,
  canAddObject,
  DEFAULT_PLAYER_MAX_OBJECTS,
  playerMaxObjects,
  canUndo,
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
  type EditorState,
} from './frame-editor.ts';
import { cropWindowAt, objectRectAt, validateKeyframeFile, type KeyframeFile } from './keyframe-file.ts';
import { TEST_FRAME, TEST_VIDEO, testKeyframeFile } from './test-support.ts';

const ctx = { verticalVideoId: 7300001, timestamp: 1_764_000_000_000 };
/** The moving object of the sample file. */
const REF = { groupId: 1, objectId: 1 };

/** Frames 0-299 in one group with one 9:16 object moving right over frames 0-100-200. */
function sampleFile(): KeyframeFile {
  return testKeyframeFile([
    {
      group_id: 1,
      start_frame: 0,
      end_frame: 299,
      objects: [
        {
          object_id: 1,
          rect: [100, 0, 404, 720],
          keyframes: [
            { frame: 0, x: 100, y: 0 },
            { frame: 100, x: 300, y: 0 },
            { frame: 200, x: 800, y: 0 },
          ],
        },
      ],
    },
  ]);
}

const start = (): EditorState => createEditorState(sampleFile());
const object1 = (s: EditorState, group = 0) => s.file.groups[group]!.objects[0]!;
const entry = (fields: object) => ({
  ...fields,
  timestamp: ctx.timestamp,
  vertical_video_id: ctx.verticalVideoId,
});

describe('splitGroup', () => {
  it('starts a new group one frame after the split frame and keeps the crop path', () => {
    const before = start();
    const { state, log } = splitGroup(before, 150, ctx);
    expect(state.file.groups.map((g) => [g.group_id, g.start_frame, g.end_frame])).toEqual([
      [1, 0, 150],
      [2, 151, 299],
    ]);
    // Each part gets a keyframe at its side of the cut, where the object was.
    expect(object1(state, 0).keyframes.map((k) => k.frame)).toEqual([0, 100, 150]);
    expect(object1(state, 1).keyframes).toEqual([
      { frame: 151, x: 555, y: 0 },
      { frame: 200, x: 800, y: 0 },
    ]);
    for (const f of [0, 120, 150, 151, 180, 250]) {
      expect(cropWindowAt(state.file, f)).toEqual(cropWindowAt(before.file, f));
    }
    expect(log).toEqual([
      entry({
        frame: 150,
        action: 'GROUP_SPLIT',
        old_value: '0-299',
        new_value: '0-150,151-299',
        object_id: null,
        group_id: 1,
      }),
    ]);
    expect(validateKeyframeFile(state.file, TEST_VIDEO)).toEqual([]);
  });

  it('ignores a split on a group boundary or outside the groups', () => {
    const s = splitGroup(start(), 150, ctx).state;
    for (const frame of [0, 150, 151, 299, 300, -1]) {
      const result = splitGroup(s, frame, ctx);
      expect(result.state).toBe(s);
      expect(result.log).toEqual([]);
    }
  });
});

describe('objects', () => {
  it('adds a centred object of the smallest crop the render takes, spanning the group, keyed at its start', () => {
    // 720 px of source to 1920 px of output: only the full height keeps the enlargement as small as it can be.
    const s = splitGroup(start(), 150, ctx).state;
    const { state, log } = addObject(s, 2, ctx);
    const added = state.file.groups[1]!.objects[1]!;
    expect(added).toEqual({
      object_id: 2,
      rect: [438, 0, 405, 720],
      keyframes: [{ frame: 151, x: 438, y: 0, status: 'manual' }],
    });
    expect(objectRectAt(added, 299, TEST_FRAME)).toEqual({ x: 438, y: 0, width: 405, height: 720 });
    expect(log).toEqual([
      entry({
        frame: 151,
        action: 'CREATE_OBJECT',
        old_value: null,
        new_value: '438,0,405,720',
        object_id: 2,
        group_id: 2,
      }),
    ]);
  });

  it('adds nothing once the group holds the player limit', () => {
    const s = addObject(start(), 1, ctx, 2).state;
    expect(canAddObject(s, 1, 2)).toBe(false);
    expect(canAddObject(s, 1, 3)).toBe(true);
    const result = addObject(s, 1, ctx, 2);
    expect(result.state).toBe(s);
    expect(result.log).toEqual([]);
  });

  it('deletes an object', () => {
    const { state, log } = deleteObject(start(), REF, ctx);
    expect(state.file.groups[0]!.objects).toEqual([]);
    expect(log).toEqual([
      entry({
        frame: 0,
        action: 'DELETE_OBJECT',
        old_value: '100,0,404,720',
        new_value: null,
        object_id: 1,
        group_id: 1,
      }),
    ]);
    expect(deleteObject(state, REF, ctx).state).toBe(state);
  });
});

describe('keyframes', () => {
  it('creates a keyframe where the object is, marked manual', () => {
    const { state, log } = createKeyframe(start(), REF, 50, ctx);
    expect(object1(state).keyframes[1]).toEqual({ frame: 50, x: 200, y: 0, status: 'manual' });
    expect(log).toEqual([
      entry({
        frame: 50,
        action: 'CREATE_KEYFRAME',
        old_value: null,
        new_value: '200,0',
        object_id: 1,
        group_id: 1,
      }),
    ]);
    // None twice, none outside the group.
    expect(createKeyframe(state, REF, 50, ctx).state).toBe(state);
    expect(createKeyframe(state, REF, 300, ctx).state).toBe(state);
  });

  it('deletes a keyframe; the frames around it are interpolated again', () => {
    const { state, log } = deleteKeyframe(start(), REF, 100, ctx);
    expect(object1(state).keyframes.map((k) => k.frame)).toEqual([0, 200]);
    expect(objectRectAt(object1(state), 100, TEST_FRAME).x).toBe(450);
    expect(log).toEqual([
      entry({
        frame: 100,
        action: 'DELETE_KEYFRAME',
        old_value: '300,0',
        new_value: null,
        object_id: 1,
        group_id: 1,
      }),
    ]);
  });

  it('moves a keyframe to another frame; both sides follow', () => {
    const { state, log } = moveKeyframe(start(), REF, 100, 50, ctx);
    expect(object1(state).keyframes.map((k) => [k.frame, k.x])).toEqual([
      [0, 100],
      [50, 300],
      [200, 800],
    ]);
    expect(objectRectAt(object1(state), 25, TEST_FRAME).x).toBe(200);
    expect(objectRectAt(object1(state), 125, TEST_FRAME).x).toBe(550);
    expect(log).toEqual([
      entry({
        frame: 50,
        action: 'MOVE_KEYFRAME',
        old_value: '100',
        new_value: '50',
        object_id: 1,
        group_id: 1,
      }),
    ]);
  });

  it('moves past other keyframes and keeps them sorted, never onto one or out of the group', () => {
    const s = start();
    expect(object1(moveKeyframe(s, REF, 0, 150, ctx).state).keyframes.map((k) => k.frame)).toEqual([
      100, 150, 200,
    ]);
    expect(moveKeyframe(s, REF, 0, 100, ctx).state).toBe(s);
    expect(moveKeyframe(s, REF, 0, 300, ctx).state).toBe(s);
    expect(moveKeyframe(s, REF, 7, 8, ctx).state).toBe(s);
  });

  it('modifies a keyframe: new x,y kept inside the frame, status manual, the pair logged as text', () => {
    const { state, log } = modifyKeyframe(start(), REF, 100, { x: 2000.4, y: 10.6 }, ctx);
    expect(object1(state).keyframes[1]).toEqual({ frame: 100, x: 876, y: 0, status: 'manual' });
    expect(log).toEqual([
      entry({
        frame: 100,
        action: 'MODIFY_KEYFRAME',
        old_value: '300,0',
        new_value: '876,0',
        object_id: 1,
        group_id: 1,
      }),
    ]);
  });

  it('modifying where there is no keyframe creates one first, in one undo step', () => {
    const s = start();
    const { state, log } = modifyKeyframe(s, REF, 150, { x: 600, y: 0 }, ctx);
    expect(object1(state).keyframes.map((k) => [k.frame, k.x, k.status])).toEqual([
      [0, 100, undefined],
      [100, 300, undefined],
      [150, 600, 'manual'],
      [200, 800, undefined],
    ]);
    expect(log.map((e) => [e.action, e.old_value, e.new_value])).toEqual([
      ['CREATE_KEYFRAME', null, '550,0'],
      ['MODIFY_KEYFRAME', '550,0', '600,0'],
    ]);
    expect(undo(state, ctx).state.file).toEqual(s.file);
  });

  it('removes the selected object keyframes in a frame range', () => {
    const { state, log } = removeFrames(start(), REF, 150, 50, ctx);
    expect(object1(state).keyframes.map((k) => k.frame)).toEqual([0, 200]);
    expect(log.map((e) => [e.action, e.frame])).toEqual([['DELETE_KEYFRAME', 100]]);
    expect(removeFrames(state, REF, 20, 30, ctx).state).toBe(state);
  });
});

describe('reset and clear groups', () => {
  it('reset leaves one group over the same frames with the centred full-height window', () => {
    const s = splitGroup(addObject(start(), 1, ctx).state, 100, ctx).state;
    const { state, log } = reset(s, ctx);
    expect(state.file.groups).toEqual([
      {
        group_id: 3,
        start_frame: 0,
        end_frame: 299,
        objects: [{ object_id: 3, rect: [438, 0, 405, 720], keyframes: [{ frame: 0, x: 438, y: 0 }] }],
      },
    ]);
    expect(cropWindowAt(state.file, 120)).toEqual({ x: 438, y: 0, width: 405, height: 720 });
    expect(log).toEqual([
      entry({
        frame: 0,
        action: 'RESET',
        old_value: '2 groups',
        new_value: '0-299',
        object_id: 3,
        group_id: 3,
      }),
    ]);
  });

  it('clear groups leaves one group without objects, cropped like reset', () => {
    const { state, log } = clearGroups(splitGroup(start(), 100, ctx).state, ctx);
    expect(state.file.groups).toEqual([{ group_id: 3, start_frame: 0, end_frame: 299, objects: [] }]);
    expect(cropWindowAt(state.file, 120)).toEqual({ x: 438, y: 0, width: 405, height: 720 });
    expect(log[0]?.action).toBe('RESET');
  });
});

describe('undo', () => {
  it('steps back through every change, one at a time, to the file it started from', () => {
    const s0 = start();
    const s1 = splitGroup(s0, 120, ctx).state;
    const s2 = addObject(s1, 2, ctx).state;
    const s3 = modifyKeyframe(s2, { groupId: 2, objectId: 2 }, 130, { x: 10, y: 10 }, ctx).state;
    const s4 = reset(s3, ctx).state;
    expect(s4.history).toHaveLength(4);

    const u1 = undo(s4, ctx);
    expect(u1.state.file).toEqual(s3.file);
    expect(u1.log).toEqual([
      entry({
        frame: null,
        action: 'UNDO',
        old_value: '1 groups',
        new_value: '2 groups',
        object_id: null,
        group_id: null,
      }),
    ]);
    const u2 = undo(u1.state, ctx).state;
    expect(u2.file).toEqual(s2.file);
    const u4 = undo(undo(u2, ctx).state, ctx).state;
    expect(u4).toEqual(s0);
    expect(canUndo(u4)).toBe(false);
    expect(undo(u4, ctx)).toEqual({ state: u4, log: [] });
  });

  it('never changes the state it was given', () => {
    const s0 = start();
    const frozen = structuredClone(s0);
    splitGroup(s0, 120, ctx);
    moveKeyframe(s0, REF, 100, 120, ctx);
    modifyKeyframe(s0, REF, 100, { x: 0, y: 0 }, ctx);
    removeFrames(s0, REF, 0, 299, ctx);
    reset(s0, ctx);
    expect(s0).toEqual(frozen);
  });
});

describe('playerMaxObjects', () => {
  it("takes the player's setting when it is a whole number from 1 to 10", () => {
    expect(playerMaxObjects('1')).toBe(1);
    expect(playerMaxObjects('5')).toBe(5);
    expect(playerMaxObjects(' 10 ')).toBe(10);
  });
  it('falls back to three when the setting is missing or says something else', () => {
    for (const bad of [undefined, '', '0', '11', '2.5', '-1', 'three', '1e1']) {
      expect(playerMaxObjects(bad), String(bad)).toBe(DEFAULT_PLAYER_MAX_OBJECTS);
    }
    expect(DEFAULT_PLAYER_MAX_OBJECTS).toBe(3);
  });
});
