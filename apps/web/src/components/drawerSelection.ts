// The row a list page shows in its detail drawer, held outside the page's state: opening or closing the
// drawer then re-renders the drawer alone, not the page and its table of up to 100 rows (the web-vitals bench's
// INP: at 4x throttling the Escape that closed the highlights drawer spent 40 ms re-rendering the table).
import { useState, useSyncExternalStore } from 'react';

export interface DrawerState<T> {
  /** The page's own copy of the row: it survives paging; kept while the drawer slides closed. */
  row: T | null;
  visible: boolean;
}

export interface DrawerSelection<T> {
  /** Shows the row in the drawer. */
  open(row: T): void;
  hide(): void;
  /** Rewrites the kept copy (an optimistic change); null clears it and hides the drawer (a deleted row). */
  update(change: (row: T) => T | null): void;
  subscribe(listener: () => void): () => void;
  state(): DrawerState<T>;
}

export function createDrawerSelection<T>(): DrawerSelection<T> {
  let current: DrawerState<T> = { row: null, visible: false };
  const listeners = new Set<() => void>();
  const set = (next: DrawerState<T>) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    open: (row) => set({ row, visible: true }),
    hide: () => set({ ...current, visible: false }),
    update(change) {
      if (current.row === null) return;
      const row = change(current.row);
      set(row === null ? { row: null, visible: false } : { ...current, row });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    state: () => current,
  };
}

/** The page's drawer selection: one per mounted page, the same object across its renders. */
export function useDrawerSelection<T>(): DrawerSelection<T> {
  const [selection] = useState(createDrawerSelection<T>);
  return selection;
}

/**
 * What the drawer shows, for the component that renders it: the copy of the row in the current page wins
 * over the kept one when there is one (it carries the latest cache updates).
 */
export function useDrawerRow<T>(
  selection: DrawerSelection<T>,
  pageRows: readonly T[] | undefined,
  sameRow: (a: T, b: T) => boolean,
): DrawerState<T> {
  const { row, visible } = useSyncExternalStore(selection.subscribe, selection.state);
  const fresh = row === null ? null : (pageRows?.find((r) => sameRow(r, row)) ?? row);
  return { row: fresh, visible };
}
