// The package editor's three columns around one reducer (editorState.ts): available highlights, the
// package's highlights, and the save panel. This component owns the state, the drag in progress, the
// leave-page prompt and the 'Highlight removed' dialog; the columns only render and report.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Highlight } from '@hc/shared/api/highlights';
import type { Package } from '@hc/shared/api/packages';
import { collabDocName } from '@hc/shared/api/collab';
import { messages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { readSession } from '../../../lib/session.ts';
import { useLeavePrompt } from '../../../lib/useLeavePrompt.ts';
import { useCollabDoc } from '../../../lib/collab/useCollabDoc.ts';
import { PresenceBar } from '../../../components/PresenceBar.tsx';
import { UndoRedoButtons } from '../../../components/UndoRedoButtons.tsx';
import { useSharedUndo } from '../../../lib/collab/useSharedUndo.ts';
import {
  addError,
  editorHighlightFrom,
  editorReducer,
  editorStateFromPackage,
  newEditorState,
} from './editorState.ts';
import type { EditorAction, EditorHighlight, EditorState } from './editorState.ts';
import {
  createPackageUndoManager,
  isSeeded,
  markPackageSaved,
  seedPackageDoc,
  withDraft,
  writePackageDraft,
} from './packageDoc.ts';
import type { DragItem } from './dragTypes.ts';
import { AvailableColumn } from './AvailableColumn.tsx';
import { PackageColumn } from './PackageColumn.tsx';
import { SavePanel } from './SavePanel.tsx';
import { EditorDialog } from './EditorDialog.tsx';

export interface PackageEditorProps {
  /** The loaded package; null for a new one. */
  initial: Package | null;
  /** ?publisherId=N: a suggestion opened in embedded or deep-link mode. */
  publisherId?: number;
}

/** The leave-page prompt's texts (the product description gives none). */
const LEAVE = {
  header: 'Leave without saving?',
  message: 'This package has unsaved changes. If you leave now, they will be lost.',
};

export function PackageEditor({ initial, publisherId }: PackageEditorProps) {
  const toast = useToast();
  const [state, setState] = useState<EditorState>(() =>
    initial ? editorStateFromPackage(initial) : newEditorState(),
  );
  const [drag, setDrag] = useState<DragItem | null>(null);

  // ---- co-editing: an existing package's draft is the shared document package:{embed_id}.
  // A suggestion opened for another publisher (?publisherId=) is edited alone, as before.
  const collab = useCollabDoc(
    initial && publisherId === undefined ? collabDocName.package(initial.embed_id) : null,
  );
  const { doc, origin } = collab;
  // Edits go into the document once it has synced; before that the editor waits ('Connecting…'), and
  // when the server has no co-editing for it the editor works on its own state.
  const shared = collab.synced && !collab.readOnly;
  const editable = !collab.readOnly && (collab.synced || collab.status === 'off');
  const stateRef = useRef(state);
  const commit = useCallback((next: EditorState) => {
    stateRef.current = next;
    setState(next);
  }, []);
  const sharedRef = useRef(shared);
  const editableRef = useRef(editable);
  useEffect(() => {
    sharedRef.current = shared;
    editableRef.current = editable;
  }, [shared, editable]);

  // Every change of the document, this editor's or another's, is read back into the state.
  useEffect(() => {
    const onUpdate = () => {
      if (isSeeded(doc)) commit(withDraft(stateRef.current, doc));
    };
    doc.on('update', onUpdate);
    return () => doc.off('update', onUpdate);
  }, [doc, commit]);
  // The empty-doc handshake: after the first sync, the first editor writes the REST draft.
  useEffect(() => {
    if (!collab.synced || !initial) return;
    if (!collab.readOnly) seedPackageDoc(doc, initial);
    if (isSeeded(doc)) commit(withDraft(stateRef.current, doc));
  }, [collab.synced, collab.readOnly, doc, initial, commit]);

  /** Runs an action: the reducer decides, the document gets the difference with this editor's origin. */
  const dispatch = useCallback(
    (action: EditorAction) => {
      const prev = stateRef.current;
      const local = action.type === 'requestSave' || action.type === 'confirmRemoval';
      if (!local && !editableRef.current && action.type !== 'saved') return;
      if (action.type === 'saved' && sharedRef.current) {
        // The draft in the document is what was saved (or newer, if someone edited meanwhile).
        markPackageSaved(doc, action.pkg, readSession()?.email ?? '', Date.now(), origin);
        commit(withDraft({ ...prev, requestedSave: false, pendingRemoval: null }, doc));
        return;
      }
      const next = editorReducer(prev, action);
      if (next === prev) return;
      commit(next);
      if (sharedRef.current) writePackageDraft(doc, next, origin);
    },
    [doc, origin, commit],
  );

  // Per-user undo: only this editor's transactions are on its stack.
  const undo = useSharedUndo(doc, origin, createPackageUndoManager, shared);

  // Leaving with unsaved changes asks first. Actions that leave on purpose (after a save, a discard, a
  // delete) call allowLeave first, so their own navigation is not blocked.
  const { blocker, settle: allowLeave } = useLeavePrompt(state.unsaved);

  /** Adds a highlight at `index` (the end by default); a sixth is refused with the catalogue toast. */
  const add = (highlight: EditorHighlight, index?: number) => {
    const refused = addError(state);
    if (refused) {
      toast.error(refused);
      return;
    }
    dispatch({ type: 'add', highlight, index });
  };
  const remove = (id: number) => dispatch({ type: 'remove', id });

  const inPackage = new Set(state.highlights.map((h) => h.id));
  const pending = state.pendingRemoval;

  return (
    <div
      className={collab.status === 'off' ? 'hc-pe' : 'hc-pe hc-pe--collab'}
      data-testid="package-editor"
      data-unsaved={state.unsaved}
      data-collab={collab.status}
    >
      {collab.status !== 'off' && (
        <PresenceBar
          status={collab.status}
          peers={collab.peers}
          readOnly={collab.readOnly}
          notice={collab.notice}
          testId="pe-collab"
        >
          <UndoRedoButtons undo={undo} testIdPrefix="pe" />
        </PresenceBar>
      )}
      {/* A disabled fieldset turns every control off while the editor may not edit (view only, or
          before the first sync). */}
      <fieldset className="hc-pe__columns hc-pe__fieldset" disabled={!editable}>
        <AvailableColumn
          isInPackage={(id) => inPackage.has(id)}
          full={addError(state) !== null}
          drag={drag}
          onDragChange={setDrag}
          onAdd={(h: Highlight) => add(editorHighlightFrom(h))}
          onDropFromPackage={remove}
        />
        <PackageColumn
          highlights={state.highlights}
          packageType={state.packageType}
          readOnly={!editable}
          peers={collab.peers}
          onSelect={collab.select}
          drag={drag}
          onDragChange={setDrag}
          onAdd={add}
          onMove={(from, to) => dispatch({ type: 'move', from, to })}
          onRemove={remove}
          onRename={(id, title) => dispatch({ type: 'rename', id, title })}
        />
        <SavePanel state={state} dispatch={dispatch} publisherId={publisherId} allowLeave={allowLeave} />
      </fieldset>

      <EditorDialog
        visible={pending !== null}
        header={messages.highlightRemovedTitle}
        testId="pe-removed-dialog"
        message={
          <>
            <strong>{pending?.highlight.title}</strong> will not be available for Top Videos in the future.
            This cannot be undone. Keep it removed?
          </>
        }
        acceptLabel="Yes"
        rejectLabel="No"
        danger
        onAccept={() => dispatch({ type: 'confirmRemoval' })}
        onReject={() => dispatch({ type: 'undoRemoval' })}
        acceptTestId="pe-removed-yes"
        rejectTestId="pe-removed-no"
      />

      <EditorDialog
        visible={blocker.state === 'blocked'}
        header={LEAVE.header}
        testId="pe-leave-dialog"
        message={LEAVE.message}
        acceptLabel="Leave"
        rejectLabel="Stay"
        danger
        onAccept={() => blocker.proceed?.()}
        onReject={() => blocker.reset?.()}
        acceptTestId="pe-leave-yes"
        rejectTestId="pe-leave-no"
      />
    </div>
  );
}
