// The one list of keyboard keys the `?` help shows. A screen (or a part of one, like an editor) registers
// the keys it handles while it is mounted; the help lists the console's own keys and every group
// registered at the moment, so it always describes the current screen. Registration only describes keys:
// each screen still handles its own key presses.
import { useEffect, useSyncExternalStore } from 'react';

export interface ShortcutEntry {
  /** As the user presses them: 'Alt+Q', 'Ctrl+K', '?', 'Space'. */
  keys: string;
  description: string;
}

export interface ShortcutGroup {
  id: number;
  title: string;
  entries: readonly ShortcutEntry[];
}

let groups: readonly ShortcutGroup[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** Adds a group; the returned function removes it. (Outside React; components use useShortcutHelp.) */
export function registerShortcuts(title: string, entries: readonly ShortcutEntry[]): () => void {
  const group = { id: nextId++, title, entries };
  groups = [...groups, group];
  changed();
  return () => {
    groups = groups.filter((g) => g !== group);
    changed();
  };
}

/**
 * Lists `entries` under `title` in the `?` help while the calling component is mounted. Entries are
 * compared by content, so an inline array does not re-register on every render.
 */
export function useShortcutHelp(title: string, entries: readonly ShortcutEntry[]): void {
  const key = JSON.stringify([title, entries]);
  useEffect(() => {
    const [t, e] = JSON.parse(key) as [string, ShortcutEntry[]];
    return registerShortcuts(t, e);
  }, [key]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The groups registered now, in the order they were registered. */
export const useShortcutGroups = (): readonly ShortcutGroup[] =>
  useSyncExternalStore(subscribe, () => groups);

/** Whether a key press happens in a place that takes text (where a letter or `?` is typed, not a key). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(type);
}
