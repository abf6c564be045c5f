// Per-user undo of a shared document: only this editor's transactions (its origin) are on the stack, so an
// undo never reverts another editor's change. Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) work outside text boxes,
// whose own undo stays the browser's.
import { useEffect, useMemo, useState } from 'react';
import type * as Y from 'yjs';

export interface SharedUndo {
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
}

/**
 * `create` builds the editor's UndoManager (its scope and tracked origin); it must be a stable function.
 * `enabled` is false while the editor may not edit (before the first sync, view only).
 */
export function useSharedUndo(
  doc: Y.Doc,
  origin: unknown,
  create: (doc: Y.Doc, origin: unknown) => Y.UndoManager,
  enabled: boolean,
): SharedUndo {
  // Made and destroyed by one effect (a memoised manager destroyed by an effect's cleanup would stay
  // destroyed when React runs the effects again, as StrictMode does).
  const [manager, setManager] = useState<Y.UndoManager | null>(null);
  useEffect(() => {
    const made = create(doc, origin);
    setManager(made);
    return () => {
      made.destroy();
      setManager(null);
    };
  }, [doc, origin, create]);

  const [stacks, setStacks] = useState({ undo: false, redo: false });
  useEffect(() => {
    if (!manager) return;
    const update = () => setStacks({ undo: manager.canUndo(), redo: manager.canRedo() });
    update();
    const events = ['stack-item-added', 'stack-item-popped', 'stack-cleared'] as const;
    events.forEach((event) => manager.on(event, update));
    return () => events.forEach((event) => manager.off(event, update));
  }, [manager]);

  useEffect(() => {
    if (!enabled || !manager) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) manager.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') manager.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, manager]);

  return useMemo(
    () => ({
      canUndo: enabled && stacks.undo,
      canRedo: enabled && stacks.redo,
      undo: () => void manager?.undo(),
      redo: () => void manager?.redo(),
    }),
    [enabled, stacks, manager],
  );
}
