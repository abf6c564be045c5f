// Co-editing of a story: the open forms of existing pages are shared in story:{id}; a page call or a
// publish marks the story changed and the other editors fetch it again (storyDoc.ts). The editor's
// reducer runs through `dispatch` here, which also writes a changed field of an open page into the
// shared document.
import { useCallback, useEffect, useRef } from 'react';
import { collabDocName } from '@hc/shared/api/collab';
import { readSession } from '../../../lib/session.ts';
import { useCollabDoc } from '../../../lib/collab/useCollabDoc.ts';
import { useSharedUndo } from '../../../lib/collab/useSharedUndo.ts';
import { useFetchStory } from '../api/get-story.ts';
import type { Story } from '../api/types.ts';
import { storyEditorReducer } from './storyEditorState.ts';
import type { StoryEditorAction, StoryEditorState } from './storyEditorState.ts';
import {
  clearPageDraft,
  createStoryUndoManager,
  hasPageDraft,
  markStoryChanged,
  readStoryMark,
  withSharedForm,
  writePageDraft,
} from './storyDoc.ts';

export function useStoryCoEditing(
  storyId: number,
  state: StoryEditorState,
  setState: (next: StoryEditorState) => void,
) {
  const collab = useCollabDoc(collabDocName.story(storyId));
  const { doc, origin } = collab;
  const shared = collab.synced && !collab.readOnly;
  const editable = !collab.readOnly && (collab.synced || collab.status === 'off');
  const stateRef = useRef(state);
  const commit = useCallback(
    (next: StoryEditorState) => {
      stateRef.current = next;
      setState(next);
    },
    [setState],
  );
  const sharedRef = useRef(shared);
  useEffect(() => {
    sharedRef.current = shared;
  }, [shared]);

  /** Runs an action: the reducer decides; a changed field of an existing page goes into the document. */
  const dispatch = useCallback(
    (action: StoryEditorAction) => {
      let next = storyEditorReducer(stateRef.current, action);
      if (sharedRef.current) {
        if (action.type === 'editPage') next = withSharedForm(next, doc);
        else if ((action.type === 'change' || action.type === 'setField') && next.form && next.formBase) {
          writePageDraft(doc, next.form, next.formBase, origin);
        }
      }
      commit(next);
    },
    [doc, origin, commit],
  );
  /** Tells the other editors the story changed (they fetch it again). */
  const announce = useCallback(
    (fresh: Story) => {
      if (sharedRef.current)
        markStoryChanged(doc, fresh.updated_at, readSession()?.email ?? '', Date.now(), origin);
    },
    [doc, origin],
  );

  // Another editor changed the story (a page call or a publish): fetch it, and reopen the page this
  // editor has open as now saved, unless someone still has changes on it.
  const lastMark = useRef(readStoryMark(doc)?.changedAt ?? 0);
  const fetchStory = useFetchStory();
  const refetchForOthers = useCallback(async () => {
    const fresh = await fetchStory(storyId).catch(() => null);
    if (!fresh) return;
    const current = stateRef.current;
    let next = storyEditorReducer(current, { type: 'load', story: fresh });
    const openId = current.form?.id;
    if (openId !== undefined && !hasPageDraft(doc, openId)) {
      const page = fresh.pages.find((p) => p.id === openId);
      next = page
        ? storyEditorReducer(next, { type: 'editPage', page })
        : storyEditorReducer(next, { type: 'close' });
    }
    commit(next);
  }, [doc, storyId, commit, fetchStory]);
  useEffect(() => {
    const onUpdate = () => {
      commit(withSharedForm(stateRef.current, doc));
      const mark = readStoryMark(doc);
      if (mark && mark.changedAt !== lastMark.current) {
        lastMark.current = mark.changedAt;
        if (mark.updatedAt !== stateRef.current.story.updated_at) void refetchForOthers();
      }
    };
    doc.on('update', onUpdate);
    return () => doc.off('update', onUpdate);
  }, [doc, commit, refetchForOthers]);

  // Per-user undo of the shared forms.
  const undo = useSharedUndo(doc, origin, createStoryUndoManager, shared);

  /** Drops an open page's shared changes, for every editor (they were saved, published or discarded). */
  const clearSharedDraft = useCallback(
    (pageId: number) => {
      if (sharedRef.current) clearPageDraft(doc, pageId, origin);
    },
    [doc, origin],
  );

  return { collab, shared, editable, dispatch, announce, undo, clearSharedDraft };
}
