// The package editor's three columns around one reducer (editorState.ts): available highlights, the
// package's highlights, and the save panel. This component owns the state, the drag in progress, the
// leave-page prompt and the 'Highlight removed' dialog; the columns only render and report.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { Highlight } from '@hc/shared/api/highlights';
import type { Package } from '@hc/shared/api/packages';
import { messages } from '@hc/shared/messages';
import { useToast } from '../../../app/toast.tsx';
import { LOGIN_PATH } from '../../../app/navigation.ts';
import { readSession } from '../../../lib/session.ts';
import {
  addError,
  editorHighlightFrom,
  editorReducer,
  editorStateFromPackage,
  newEditorState,
} from './editorState.ts';
import type { EditorHighlight } from './editorState.ts';
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

/** The leave-page prompt's texts (the spec words none). */
const LEAVE = {
  header: 'Leave without saving?',
  message: 'This package has unsaved changes. If you leave now, they will be lost.',
};

export function PackageEditor({ initial, publisherId }: PackageEditorProps) {
  const toast = useToast();
  const [state, dispatch] = useReducer(editorReducer, initial, (pkg) =>
    pkg ? editorStateFromPackage(pkg) : newEditorState(),
  );
  const [drag, setDrag] = useState<DragItem | null>(null);

  // The unsaved flag as the blocker reads it. Actions that leave on purpose (after a save, a discard, a
  // delete) clear it first, so their own navigation is not blocked.
  const unsavedRef = useRef(state.unsaved);
  useEffect(() => {
    unsavedRef.current = state.unsaved;
  }, [state.unsaved]);
  const allowLeave = useCallback(() => {
    unsavedRef.current = false;
  }, []);

  // In-app navigation while unsaved asks first. Logout (to /login, or the session already gone) does not:
  // the unsaved work is in-memory state and leaving clears it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== LOGIN_PATH &&
      readSession() !== null,
  );
  // Reloading or closing the tab while unsaved: the browser's own prompt.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!unsavedRef.current || readSession() === null) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

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
    <div className="hc-pe" data-testid="package-editor" data-unsaved={state.unsaved}>
      <div className="hc-pe__columns">
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
          drag={drag}
          onDragChange={setDrag}
          onAdd={add}
          onMove={(from, to) => dispatch({ type: 'move', from, to })}
          onRemove={remove}
          onRename={(id, title) => dispatch({ type: 'rename', id, title })}
        />
        <SavePanel state={state} dispatch={dispatch} publisherId={publisherId} allowLeave={allowLeave} />
      </div>

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
