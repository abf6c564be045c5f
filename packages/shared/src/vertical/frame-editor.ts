// The frame editor of the edit modal (the spec's "Frame editor rules") as pure functions over an editor
// state. Every operation returns the next state and the edit-log entries it produced; an
// operation that changes nothing returns the same state object and no entries, and is not an undo step.
// Values are never mutated: unchanged groups, objects and keyframes are shared between history steps.
import { NEW_OBJECT_RECT_SIZE, type EDIT_LOG_ACTIONS } from '../constants.ts';
import { minimumBoxSize, type Shot } from './crop-path.ts';
import {
  fullHeightWindow,
  groupAtFrame,
  objectPositionAt,
  type Rect,
  type Keyframe,
  type KeyframeFile,
  type KeyframeGroup,
  type KeyframeObject,
} from './keyframe-file.ts';

/** CREATE_KEYFRAME, DELETE_KEYFRAME, MOVE_KEYFRAME, MODIFY_KEYFRAME, CREATE_OBJECT, DELETE_OBJECT, GROUP_SPLIT, UNDO, RESET. */
export type EditLogAction = (typeof EDIT_LOG_ACTIONS)[number];

/** One edit-log entry, the payload of POST audit_log/create with object_type 'vertical_video'. */
export interface EditLogEntry {
  frame: number | null;
  action: EditLogAction;
  old_value: string | null;
  new_value: string | null;
  /** Milliseconds. */
  timestamp: number;
  object_id: number | null;
  vertical_video_id: number;
  group_id: number | null;
}

/** The file being edited and the earlier group states, oldest first (undo pops the last). */
export interface EditorState {
  file: KeyframeFile;
  history: KeyframeGroup[][];
}

export interface EditResult {
  state: EditorState;
  log: EditLogEntry[];
}

/** What every log entry carries besides the change: the task (video id) and the time of the change. */
export interface EditContext {
  verticalVideoId: number;
  /** Milliseconds (Date.now() in the browser); passed in so the functions stay pure. */
  timestamp: number;
}

/** The user-made mark on keyframes. */
export const MANUAL = 'manual';

export function createEditorState(file: KeyframeFile): EditorState {
  return { file, history: [] };
}

// ---------------------------------------------------------------- helpers

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const xy = (p: { x: number; y: number }) => `${p.x},${p.y}`;

type Change = Omit<EditLogEntry, 'timestamp' | 'vertical_video_id'>;

function unchanged(state: EditorState): EditResult {
  return { state, log: [] };
}

/** The next state with new groups (the current ones become an undo step) and its log. */
function commit(
  state: EditorState,
  groups: KeyframeGroup[],
  ctx: EditContext,
  changes: Change[],
): EditResult {
  return {
    state: { file: { ...state.file, groups }, history: [...state.history, state.file.groups] },
    log: changes.map((c) => ({ ...c, timestamp: ctx.timestamp, vertical_video_id: ctx.verticalVideoId })),
  };
}

function findGroup(state: EditorState, groupId: number): KeyframeGroup | undefined {
  return state.file.groups.find((g) => g.group_id === groupId);
}

const replaceGroup = (state: EditorState, group: KeyframeGroup): KeyframeGroup[] =>
  state.file.groups.map((g) => (g.group_id === group.group_id ? group : g));

const withKeyframes = (object: KeyframeObject, keyframes: Keyframe[]): KeyframeObject => ({
  ...object,
  keyframes: [...keyframes].sort((a, b) => a.frame - b.frame),
});

const inGroup = (group: KeyframeGroup, frame: number) =>
  Number.isInteger(frame) && frame >= group.start_frame && frame <= group.end_frame;

/** The object's top-left at a frame, in whole pixels, inside the frame. */
function positionAt(file: KeyframeFile, object: KeyframeObject, frame: number): { x: number; y: number } {
  const p = objectPositionAt(object, frame);
  return {
    x: clamp(Math.round(p.x), 0, Math.max(0, file.input_width - object.rect[2])),
    y: clamp(Math.round(p.y), 0, Math.max(0, file.input_height - object.rect[3])),
  };
}

const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;
const allObjectIds = (file: KeyframeFile) => file.groups.flatMap((g) => g.objects.map((o) => o.object_id));

/** The keyframe of an object at exactly that frame, if any. */
export function keyframeAt(object: KeyframeObject, frame: number): Keyframe | undefined {
  return object.keyframes.find((k) => k.frame === frame);
}

// ---------------------------------------------------------------- groups

/**
 * Splits the group holding `frame`: it keeps [start, frame] and a new group (id max+1) takes
 * [frame + 1, end]. A split on a group boundary (its first or last frame) or outside every group is
 * ignored. Each object goes on in both parts with the same id, its keyframes shared out by frame, and a
 * keyframe added at each side of the cut where needed so the crop path does not change.
 */
export function splitGroup(state: EditorState, frame: number, ctx: EditContext): EditResult {
  const { file } = state;
  const group = file.groups.find((g) => inGroup(g, frame));
  if (!group || frame === group.start_frame || frame === group.end_frame) return unchanged(state);
  const { groups, change } = cutAt(file, group, frame);
  return commit(state, groups, ctx, [change]);
}

/**
 * The groups with `group` cut after `frame` (it keeps [start, frame], a new group takes the rest), and
 * the GROUP_SPLIT entry. The caller makes sure start <= frame < end.
 */
function cutAt(
  file: KeyframeFile,
  group: KeyframeGroup,
  frame: number,
): { groups: KeyframeGroup[]; change: Change } {
  const cutObject = (object: KeyframeObject, from: number, to: number, edge: number): KeyframeObject => {
    if (object.keyframes.length === 0) return object;
    const own = object.keyframes.filter((k) => k.frame >= from && k.frame <= to);
    if (own.some((k) => k.frame === edge)) return { ...object, keyframes: own };
    return withKeyframes(object, [...own, { frame: edge, ...positionAt(file, object, edge) }]);
  };
  const first: KeyframeGroup = {
    ...group,
    end_frame: frame,
    objects: group.objects.map((o) => cutObject(o, group.start_frame, frame, frame)),
  };
  const second: KeyframeGroup = {
    group_id: nextId(file.groups.map((g) => g.group_id)),
    start_frame: frame + 1,
    end_frame: group.end_frame,
    objects: group.objects.map((o) => cutObject(o, frame + 1, group.end_frame, frame + 1)),
  };
  return {
    groups: file.groups.flatMap((g) => (g === group ? [first, second] : [g])),
    change: {
      frame,
      action: 'GROUP_SPLIT',
      old_value: `${group.start_frame}-${group.end_frame}`,
      new_value: `${first.start_frame}-${first.end_frame},${second.start_frame}-${second.end_frame}`,
      object_id: null,
      group_id: group.group_id,
    },
  };
}

/** The frames the file covers: from the first group's start to the last group's end. */
function coveredFrames(file: KeyframeFile): { start: number; end: number } {
  return {
    start: file.groups[0]?.start_frame ?? 0,
    end: file.groups[file.groups.length - 1]?.end_frame ?? 0,
  };
}

function singleGroup(
  state: EditorState,
  objects: (groupStart: number) => KeyframeObject[],
  ctx: EditContext,
) {
  const { file } = state;
  const { start, end } = coveredFrames(file);
  const group: KeyframeGroup = {
    group_id: nextId(file.groups.map((g) => g.group_id)),
    start_frame: start,
    end_frame: end,
    objects: objects(start),
  };
  return commit(state, [group], ctx, [
    {
      frame: start,
      action: 'RESET',
      old_value: `${file.groups.length} groups`,
      new_value: `${start}-${end}`,
      object_id: group.objects[0]?.object_id ?? null,
      group_id: group.group_id,
    },
  ]);
}

/**
 * Reset: one group over the frames the file covers, holding one object, the full-height window of the
 * output aspect centred in the frame (what the render crops with nothing to follow), with one keyframe at
 * the start. New group and object ids (max+1) so the edit log never mixes them up with earlier ones.
 */
export function reset(state: EditorState, ctx: EditContext): EditResult {
  const { file } = state;
  const window = fullHeightWindow(file);
  const objectId = nextId(allObjectIds(file));
  return singleGroup(
    state,
    (start) => [
      {
        object_id: objectId,
        rect: [window.x, window.y, window.width, window.height],
        keyframes: [{ frame: start, x: window.x, y: window.y }],
      },
    ],
    ctx,
  );
}

/** Clear groups: one group over the frames the file covers and no objects (rendered as the centred window). */
export function clearGroups(state: EditorState, ctx: EditContext): EditResult {
  return singleGroup(state, () => [], ctx);
}

// ---------------------------------------------------------------- objects

/** The player's setting (settings call) for the most objects one group may hold. */
export const PLAYER_MAX_OBJECTS_SETTING = 'verticalPlayerMaxObjects';
/**
 * Without the setting: three. The crop is the union of a group's objects grown to 9:16, and out of a 16:9
 * source that window is about a third of the frame wide, so more followed objects rarely stay in the output.
 */
export const DEFAULT_PLAYER_MAX_OBJECTS = 3;
/** What the setting may say: at least one object, and no more than the editor can show in its list. */
export const PLAYER_MAX_OBJECTS_BOUNDS = { min: 1, max: 10 } as const;

/** The limit the player's setting gives, or the default when it is missing or not a whole number in bounds. */
export function playerMaxObjects(setting: string | undefined): number {
  if (setting === undefined || !/^\s*\d+\s*$/.test(setting)) return DEFAULT_PLAYER_MAX_OBJECTS;
  const value = Number(setting);
  const { min, max } = PLAYER_MAX_OBJECTS_BOUNDS;
  return value >= min && value <= max ? value : DEFAULT_PLAYER_MAX_OBJECTS;
}

/** Whether Add Frame may add one more object to the group; `maxObjects` comes from the player. */
export function canAddObject(state: EditorState, groupId: number, maxObjects = Infinity): boolean {
  const group = findGroup(state, groupId);
  return !!group && group.objects.length < maxObjects;
}

/**
 * The size of an added object: a box of the output's shape, as tall as the larger of 100 px and the
 * smallest crop the render accepts (a 100x100 box alone would make a crop the render must refuse),
 * inside the frame.
 */
export function newObjectSize(file: KeyframeFile): { width: number; height: number } {
  const aspect = file.output_vertical_width / file.output_vertical_height;
  const height = Math.min(file.input_height, Math.max(NEW_OBJECT_RECT_SIZE, minimumBoxSize(file).height));
  return { width: Math.min(file.input_width, Math.max(1, Math.round(height * aspect))), height };
}

/**
 * Adds an object (id max+1 over the file) to the group, sized by newObjectSize, centred in the frame,
 * spanning the group, with one user-made keyframe at the group's start.
 * Nothing happens when the group holds `maxObjects` already.
 */
export function addObject(
  state: EditorState,
  groupId: number,
  ctx: EditContext,
  maxObjects = Infinity,
): EditResult {
  const { file } = state;
  const group = findGroup(state, groupId);
  if (!group || !canAddObject(state, groupId, maxObjects)) return unchanged(state);
  const { width: w, height: h } = newObjectSize(file);
  const x = Math.round((file.input_width - w) / 2);
  const y = Math.round((file.input_height - h) / 2);
  const object: KeyframeObject = {
    object_id: nextId(allObjectIds(file)),
    rect: [x, y, w, h],
    keyframes: [{ frame: group.start_frame, x, y, status: MANUAL }],
  };
  return commit(state, replaceGroup(state, { ...group, objects: [...group.objects, object] }), ctx, [
    {
      frame: group.start_frame,
      action: 'CREATE_OBJECT',
      old_value: null,
      new_value: object.rect.join(','),
      object_id: object.object_id,
      group_id: group.group_id,
    },
  ]);
}

/** Which object an operation acts on. */
export interface ObjectRef {
  groupId: number;
  objectId: number;
}

type ObjectChange = Pick<EditLogEntry, 'frame' | 'action' | 'old_value' | 'new_value'>;

/**
 * Applies `edit` to the referenced object; `edit` returns the object's next value and what to log (its
 * object and group ids are added), or null when nothing changes. An unknown reference changes nothing.
 */
function editObject(
  state: EditorState,
  ref: ObjectRef,
  ctx: EditContext,
  edit: (
    object: KeyframeObject,
    group: KeyframeGroup,
  ) => { object: KeyframeObject | null; log: ObjectChange[] } | null,
): EditResult {
  const group = findGroup(state, ref.groupId);
  const object = group?.objects.find((o) => o.object_id === ref.objectId);
  const result = group && object ? edit(object, group) : null;
  if (!group || !result) return unchanged(state);
  // A null object deletes it.
  const objects = group.objects.flatMap((o) => (o !== object ? [o] : result.object ? [result.object] : []));
  const ids = { object_id: ref.objectId, group_id: ref.groupId };
  return commit(
    state,
    replaceGroup(state, { ...group, objects }),
    ctx,
    result.log.map((change) => ({ ...change, ...ids })),
  );
}

export function deleteObject(state: EditorState, ref: ObjectRef, ctx: EditContext): EditResult {
  return editObject(state, ref, ctx, (object, group) => ({
    object: null,
    log: [
      {
        frame: group.start_frame,
        action: 'DELETE_OBJECT',
        old_value: object.rect.join(','),
        new_value: null,
      },
    ],
  }));
}

// ---------------------------------------------------------------- keyframes

/** A keyframe at `frame` where the object is now (interpolated), marked manual; none if one is there. */
export function createKeyframe(
  state: EditorState,
  ref: ObjectRef,
  frame: number,
  ctx: EditContext,
): EditResult {
  return editObject(state, ref, ctx, (object, group) => {
    if (!inGroup(group, frame) || keyframeAt(object, frame)) return null;
    const key: Keyframe = { frame, ...positionAt(state.file, object, frame), status: MANUAL };
    return {
      object: withKeyframes(object, [...object.keyframes, key]),
      log: [{ frame, action: 'CREATE_KEYFRAME', old_value: null, new_value: xy(key) }],
    };
  });
}

/** Removes the keyframe at `frame`; the object then follows its other keyframes (or its rect). */
export function deleteKeyframe(
  state: EditorState,
  ref: ObjectRef,
  frame: number,
  ctx: EditContext,
): EditResult {
  return removeFrames(state, ref, frame, frame, ctx);
}

/**
 * Moves the keyframe at `from` to `to` (same group, a frame without a keyframe) keeping its position;
 * the frames on both sides follow, as they are interpolated. It may pass other keyframes.
 */
export function moveKeyframe(
  state: EditorState,
  ref: ObjectRef,
  from: number,
  to: number,
  ctx: EditContext,
): EditResult {
  return editObject(state, ref, ctx, (object, group) => {
    const key = keyframeAt(object, from);
    if (!key || !inGroup(group, to) || keyframeAt(object, to)) return null;
    const keyframes = object.keyframes.map((k) => (k === key ? { ...k, frame: to } : k));
    return {
      object: withKeyframes(object, keyframes),
      log: [{ frame: to, action: 'MOVE_KEYFRAME', old_value: String(from), new_value: String(to) }],
    };
  });
}

/**
 * Puts the object's top-left at (x, y) at `frame` (rounded, kept inside the frame) and marks the
 * keyframe manual. Without a keyframe at that frame one is created first (logged CREATE_KEYFRAME, then
 * MODIFY_KEYFRAME; one undo step). MODIFY_KEYFRAME's values are the 'x,y' pairs before and after.
 */
export function modifyKeyframe(
  state: EditorState,
  ref: ObjectRef,
  frame: number,
  position: { x: number; y: number },
  ctx: EditContext,
): EditResult {
  const { file } = state;
  return editObject(state, ref, ctx, (object, group) => {
    if (!inGroup(group, frame)) return null;
    const next = {
      x: clamp(Math.round(position.x), 0, Math.max(0, file.input_width - object.rect[2])),
      y: clamp(Math.round(position.y), 0, Math.max(0, file.input_height - object.rect[3])),
    };
    const existing = keyframeAt(object, frame);
    if (existing && existing.x === next.x && existing.y === next.y && existing.status === MANUAL) return null;
    const before = existing ?? { frame, ...positionAt(file, object, frame) };
    const key: Keyframe = { ...before, ...next, status: MANUAL };
    const keyframes = existing
      ? object.keyframes.map((k) => (k === existing ? key : k))
      : [...object.keyframes, key];
    const created: ObjectChange[] = existing
      ? []
      : [{ frame, action: 'CREATE_KEYFRAME', old_value: null, new_value: xy(before) }];
    return {
      object: withKeyframes(object, keyframes),
      log: [...created, { frame, action: 'MODIFY_KEYFRAME', old_value: xy(before), new_value: xy(next) }],
    };
  });
}

/**
 * Remove frames: deletes the object's keyframes from `fromFrame` to `toFrame` (inclusive, either order),
 * one DELETE_KEYFRAME entry each, one undo step. The frames between the remaining keyframes are then
 * interpolated again; an object left without keyframes sits at its rect.
 */
export function removeFrames(
  state: EditorState,
  ref: ObjectRef,
  fromFrame: number,
  toFrame: number,
  ctx: EditContext,
): EditResult {
  const lo = Math.min(fromFrame, toFrame);
  const hi = Math.max(fromFrame, toFrame);
  const inRange = (k: Keyframe) => k.frame >= lo && k.frame <= hi;
  return editObject(state, ref, ctx, (object) => {
    const removed = object.keyframes.filter(inRange);
    if (removed.length === 0) return null;
    return {
      object: { ...object, keyframes: object.keyframes.filter((k) => !inRange(k)) },
      log: removed.map((k) => ({
        frame: k.frame,
        action: 'DELETE_KEYFRAME',
        old_value: xy(k),
        new_value: null,
      })),
    };
  });
}

/**
 * Resizes the object's box to `rect`'s size and puts it at `rect`'s top-left at `frame` (a manual
 * keyframe, created when missing). The box has one size for its whole span, so its other keyframes keep
 * their centres: a resize zooms each of them around where it looks. Whole pixels, inside the frame.
 * Logged RESIZE_OBJECT ('width,height' before and after), then the keyframe's CREATE and MODIFY.
 */
export function resizeObject(
  state: EditorState,
  ref: ObjectRef,
  frame: number,
  rect: Rect,
  ctx: EditContext,
): EditResult {
  const { file } = state;
  const width = clamp(Math.round(rect.width), 1, file.input_width);
  const height = clamp(Math.round(rect.height), 1, file.input_height);
  const placed = { x: rect.x, y: rect.y };
  const sized = editObject(state, ref, ctx, (object, group) => {
    if (!inGroup(group, frame)) return null;
    const [, , oldW, oldH] = object.rect;
    if (width === oldW && height === oldH) return null;
    const dx = Math.round((oldW - width) / 2);
    const dy = Math.round((oldH - height) / 2);
    const inside = (p: { x: number; y: number }) => ({
      x: clamp(p.x + dx, 0, file.input_width - width),
      y: clamp(p.y + dy, 0, file.input_height - height),
    });
    const rest = inside({ x: object.rect[0], y: object.rect[1] });
    const keyframes = object.keyframes.map((k) => ({ ...k, ...inside(k) }));
    const resized: KeyframeObject = { ...object, rect: [rest.x, rest.y, width, height], keyframes };
    return {
      object: resized,
      log: [
        { frame, action: 'RESIZE_OBJECT', old_value: `${oldW},${oldH}`, new_value: `${width},${height}` },
      ],
    };
  });
  if (sized.state === state) return modifyKeyframe(state, ref, frame, placed, ctx);
  // The position at the frame is one more change of the same step.
  const moved = modifyKeyframe(sized.state, ref, frame, placed, ctx);
  return { state: { ...moved.state, history: sized.state.history }, log: [...sized.log, ...moved.log] };
}

/** Gives the object at `toFrame` the position it has at `fromFrame` (a manual keyframe there). */
export function copyBox(
  state: EditorState,
  ref: ObjectRef,
  fromFrame: number,
  toFrame: number,
  ctx: EditContext,
): EditResult {
  const group = findGroup(state, ref.groupId);
  const object = group?.objects.find((o) => o.object_id === ref.objectId);
  if (!group || !object || !inGroup(group, fromFrame) || !inGroup(group, toFrame)) return unchanged(state);
  return modifyKeyframe(state, ref, toFrame, positionAt(state.file, object, fromFrame), ctx);
}

/**
 * Holds the object where it is at `fromFrame` until `toFrame` (the end of the shot): manual keyframes at
 * both frames with that position, and none between them. One undo step.
 */
export function holdBox(
  state: EditorState,
  ref: ObjectRef,
  fromFrame: number,
  toFrame: number,
  ctx: EditContext,
): EditResult {
  const { file } = state;
  return editObject(state, ref, ctx, (object, group) => {
    if (!inGroup(group, fromFrame) || !inGroup(group, toFrame) || toFrame <= fromFrame) return null;
    const p = positionAt(file, object, fromFrame);
    const between = (k: Keyframe) => k.frame > fromFrame && k.frame <= toFrame;
    const removed = object.keyframes.filter(between);
    const start = keyframeAt(object, fromFrame);
    const end = { frame: toFrame, ...p, status: MANUAL };
    const kept = object.keyframes.filter((k) => !between(k) && k.frame !== fromFrame);
    const log: ObjectChange[] = removed.map((k) => ({
      frame: k.frame,
      action: 'DELETE_KEYFRAME',
      old_value: xy(k),
      new_value: null,
    }));
    if (!start) log.push({ frame: fromFrame, action: 'CREATE_KEYFRAME', old_value: null, new_value: xy(p) });
    log.push({ frame: toFrame, action: 'CREATE_KEYFRAME', old_value: null, new_value: xy(p) });
    return {
      object: withKeyframes(object, [
        ...kept,
        { ...(start ?? { frame: fromFrame }), ...p, status: MANUAL },
        end,
      ]),
      log,
    };
  });
}

/**
 * Puts a suggestion's crop into the reviewer's file for one shot: the file's groups are cut at the shot's
 * edges, and each group inside the shot gets the suggestion's objects there (new ids; their keyframes
 * clipped to the group, with one at each edge so the path inside is the suggestion's). Logged as the
 * splits, a DELETE_OBJECT for each object replaced and a CREATE_OBJECT for each one put in; one undo step.
 * Nothing happens where the suggestion has no group.
 */
export function applySuggestionToShot(
  state: EditorState,
  suggestion: KeyframeFile,
  shot: Shot,
  ctx: EditContext,
): EditResult {
  let file = state.file;
  const changes: Change[] = [];
  for (const edge of [shot.start - 1, shot.end]) {
    const group = file.groups.find((g) => inGroup(g, edge));
    if (group && edge < group.end_frame) {
      const cut = cutAt(file, group, edge);
      file = { ...file, groups: cut.groups };
      changes.push(cut.change);
    }
  }
  let nextObjectId = nextId([...allObjectIds(file), ...allObjectIds(suggestion)]);
  let replaced = false;
  const groups = file.groups.map((group) => {
    if (group.start_frame < shot.start || group.end_frame > shot.end) return group;
    const source = groupAtFrame(suggestion, group.start_frame);
    if (!source) return group;
    replaced = true;
    for (const object of group.objects) {
      changes.push({
        frame: group.start_frame,
        action: 'DELETE_OBJECT',
        old_value: object.rect.join(','),
        new_value: null,
        object_id: object.object_id,
        group_id: group.group_id,
      });
    }
    const objects = source.objects.map((object): KeyframeObject => {
      const at = (frame: number) => {
        const p = objectPositionAt(object, frame);
        return { frame, x: Math.round(p.x), y: Math.round(p.y) };
      };
      const inside = object.keyframes.filter((k) => k.frame > group.start_frame && k.frame < group.end_frame);
      const keyframes =
        object.keyframes.length === 0
          ? []
          : [keyframeAt(object, group.start_frame) ?? at(group.start_frame), ...inside].concat(
              group.end_frame > group.start_frame
                ? [keyframeAt(object, group.end_frame) ?? at(group.end_frame)]
                : [],
            );
      const added = { ...object, object_id: nextObjectId++, keyframes };
      changes.push({
        frame: group.start_frame,
        action: 'CREATE_OBJECT',
        old_value: null,
        new_value: added.rect.join(','),
        object_id: added.object_id,
        group_id: group.group_id,
      });
      return added;
    });
    return { ...group, objects };
  });
  if (!replaced) return unchanged(state);
  return commit(state, groups, ctx, changes);
}

// ---------------------------------------------------------------- history

/** Steps back to the group state before the last change; nothing to undo, nothing happens. */
export function undo(state: EditorState, ctx: EditContext): EditResult {
  const previous = state.history[state.history.length - 1];
  if (!previous) return unchanged(state);
  return {
    state: { file: { ...state.file, groups: previous }, history: state.history.slice(0, -1) },
    log: [
      {
        frame: null,
        action: 'UNDO',
        old_value: `${state.file.groups.length} groups`,
        new_value: `${previous.length} groups`,
        timestamp: ctx.timestamp,
        object_id: null,
        vertical_video_id: ctx.verticalVideoId,
        group_id: null,
      },
    ],
  };
}

/** Whether Undo has anything to step back to. */
export const canUndo = (state: EditorState): boolean => state.history.length > 0;
