// The frame editor's state in React: the shared model's editor state (packages/shared/src/vertical/
// frame-editor.ts does every edit), the selected object, and the edit log each change produces, handed to
// the queue that sends it (debounced for keyframe saves). Nothing here edits a keyframe file itself.
import { useEffect, useMemo, useRef, useState } from 'react';
import { KEYFRAME_SAVE_DEBOUNCE_MS } from '@hc/shared/constants';
import { groupAtFrame, type KeyframeFile, type Rect } from '@hc/shared/vertical/keyframe-file';
import type { Shot } from '@hc/shared/vertical/crop-path';
import {
  addObject,
  applySuggestionToShot,
  copyBox,
  holdBox,
  resizeObject,
  canAddObject,
  canUndo,
  clearGroups,
  createEditorState,
  createKeyframe,
  deleteKeyframe,
  deleteObject,
  keyframeAt,
  modifyKeyframe,
  moveKeyframe,
  removeFrames,
  reset,
  splitGroup,
  undo,
  type EditContext,
  type EditLogEntry,
  type EditorState,
  type EditResult,
} from '@hc/shared/vertical/frame-editor';
import { logEdit } from '../api/log-edit.ts';
import { ApiError } from '../../../lib/api.ts';
import { createEditLogQueue } from './editLogQueue.ts';
import { coverFrames } from './editRange.ts';

export interface FrameEditor {
  state: EditorState;
  file: KeyframeFile;
  /** The object being edited (in the group at the playhead). */
  selectedObjectId: number | null;
  select(objectId: number | null): void;
  canUndo: boolean;
  canAddObject(frame: number): boolean;
  split(frame: number): boolean;
  addObject(frame: number): boolean;
  deleteObject(groupId: number, objectId: number): boolean;
  createKeyframe(frame: number): boolean;
  deleteKeyframe(groupId: number, objectId: number, frame: number): boolean;
  moveKeyframe(groupId: number, objectId: number, from: number, to: number): boolean;
  modifyKeyframe(groupId: number, objectId: number, frame: number, x: number, y: number): boolean;
  removeFrames(groupId: number, objectId: number, from: number, to: number): boolean;
  resizeObject(groupId: number, objectId: number, frame: number, box: Rect): boolean;
  /** The selected object's box at `frame` copied to `to`. */
  copyBox(frame: number, to: number): boolean;
  /** The selected object held where it is at `frame` until `to`. */
  holdBox(frame: number, to: number): boolean;
  applySuggestion(suggestion: KeyframeFile, shot: Shot): boolean;
  /** Seconds of smoothing the render applies (a setting of the file, not an undo step). */
  setSmoothing(seconds: number): void;
  /** Undoes the last change only while it is still `after` (an Undo in a toast about that change). */
  undoIf(after: EditorState): boolean;
  /** The state after the last change (read at once, not at the next render). */
  latest(): EditorState;
  undo(): boolean;
  reset(): boolean;
  clearGroups(): boolean;
  /** Stretches the outer groups over [first, last] (a saved time range); an undo step, not logged. */
  cover(first: number, last: number): boolean;
  /** Sends the waiting keyframe saves (before a submit or on close). */
  flushLog(): Promise<void>;
}

/** `maxObjects`: the most objects one group may hold, from the player's setting (Add Frame shows below it). */
/**
 * An entry refused for now (the per-user rate, the server busy or out of reach) is sent again: 2, 4, 8,
 * 16 s later; anything else (a refusal of the entry itself) is not.
 */
const EDIT_LOG_RETRIES = 4;
function editLogRetryAfterMs(error: unknown, attempt: number): number | null {
  const transient =
    error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
  return transient && attempt <= EDIT_LOG_RETRIES ? 1000 * 2 ** attempt : null;
}

export function useFrameEditor(
  initialFile: KeyframeFile,
  verticalVideoId: number,
  maxObjects: number,
): FrameEditor {
  const [state, setState] = useState(() => createEditorState(initialFile));
  // Handlers read the latest state synchronously (two edits in one tick must chain, not race).
  const current = useRef(state);
  const [selectedObjectId, setSelectedObjectId] = useState<number | null>(
    () => initialFile.groups[0]?.objects[0]?.object_id ?? null,
  );
  const queue = useMemo(
    () =>
      createEditLogQueue<EditLogEntry>({
        send: logEdit,
        debounceMs: KEYFRAME_SAVE_DEBOUNCE_MS,
        onError: (error, entry) => console.error(`edit log: ${entry.action} was not recorded`, error),
        retryAfterMs: editLogRetryAfterMs,
      }),
    [],
  );
  // Closing the editor still records the last keyframe save.
  useEffect(() => () => void queue.flush(), [queue]);

  const apply = (operation: (state: EditorState, ctx: EditContext) => EditResult): EditResult | null => {
    const result = operation(current.current, { verticalVideoId, timestamp: Date.now() });
    if (result.state === current.current) return null;
    current.current = result.state;
    setState(result.state);
    queue.push(result.log);
    return result;
  };

  const selectedAt = (frame: number) => {
    const group = groupAtFrame(current.current.file, frame);
    const object = group?.objects.find((o) => o.object_id === selectedObjectId);
    return group && object ? { group, object } : null;
  };

  return {
    state,
    file: state.file,
    selectedObjectId,
    select: setSelectedObjectId,
    canUndo: canUndo(state),
    canAddObject: (frame) => {
      const group = groupAtFrame(state.file, frame);
      return !!group && canAddObject(state, group.group_id, maxObjects);
    },
    split: (frame) => !!apply((s, ctx) => splitGroup(s, frame, ctx)),
    addObject: (frame) => {
      const group = groupAtFrame(current.current.file, frame);
      if (!group) return false;
      const result = apply((s, ctx) => addObject(s, group.group_id, ctx, maxObjects));
      const added = result?.log.find((e) => e.action === 'CREATE_OBJECT')?.object_id;
      if (added != null) setSelectedObjectId(added);
      return !!result;
    },
    deleteObject: (groupId, objectId) => !!apply((s, ctx) => deleteObject(s, { groupId, objectId }, ctx)),
    createKeyframe: (frame) => {
      const at = selectedAt(frame);
      if (!at || keyframeAt(at.object, frame)) return false;
      const ref = { groupId: at.group.group_id, objectId: at.object.object_id };
      return !!apply((s, ctx) => createKeyframe(s, ref, frame, ctx));
    },
    deleteKeyframe: (groupId, objectId, frame) =>
      !!apply((s, ctx) => deleteKeyframe(s, { groupId, objectId }, frame, ctx)),
    moveKeyframe: (groupId, objectId, from, to) =>
      !!apply((s, ctx) => moveKeyframe(s, { groupId, objectId }, from, to, ctx)),
    modifyKeyframe: (groupId, objectId, frame, x, y) =>
      !!apply((s, ctx) => modifyKeyframe(s, { groupId, objectId }, frame, { x, y }, ctx)),
    removeFrames: (groupId, objectId, from, to) =>
      !!apply((s, ctx) => removeFrames(s, { groupId, objectId }, from, to, ctx)),
    resizeObject: (groupId, objectId, frame, box) =>
      !!apply((s, ctx) => resizeObject(s, { groupId, objectId }, frame, box, ctx)),
    copyBox: (frame, to) => {
      const at = selectedAt(frame);
      if (!at) return false;
      const ref = { groupId: at.group.group_id, objectId: at.object.object_id };
      return !!apply((s, ctx) => copyBox(s, ref, frame, to, ctx));
    },
    holdBox: (frame, to) => {
      const at = selectedAt(frame);
      if (!at) return false;
      const ref = { groupId: at.group.group_id, objectId: at.object.object_id };
      return !!apply((s, ctx) => holdBox(s, ref, frame, to, ctx));
    },
    applySuggestion: (suggestion, shot) =>
      !!apply((s, ctx) => applySuggestionToShot(s, suggestion, shot, ctx)),
    setSmoothing: (seconds) => {
      const s = current.current;
      const next = { ...s, file: { ...s.file, smoothing_seconds: seconds } };
      current.current = next;
      setState(next);
    },
    latest: () => current.current,
    undoIf: (after) => current.current === after && !!apply(undo),
    undo: () => !!apply(undo),
    reset: () => {
      const result = apply(reset);
      const objectId = result?.state.file.groups[0]?.objects[0]?.object_id;
      if (objectId != null) setSelectedObjectId(objectId);
      return !!result;
    },
    clearGroups: () => !!apply(clearGroups),
    cover: (first, last) =>
      !!apply((s) => {
        const file = coverFrames(s.file, first, last);
        if (file === s.file) return { state: s, log: [] };
        return { state: { file, history: [...s.history, s.file.groups] }, log: [] };
      }),
    flushLog: () => queue.flush(),
  };
}
