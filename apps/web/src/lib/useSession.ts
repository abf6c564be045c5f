// The stored session as React state: re-renders on login, logout, publisher switch and the 401 dialog.
import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession } from './session.ts';
import type { StoredSession } from './session.ts';

let cached: StoredSession | null = null;

// useSyncExternalStore needs a stable snapshot: reuse the last object while nothing changed.
function snapshot(): StoredSession | null {
  const current = readSession();
  if (current?.email === cached?.email && current?.token === cached?.token) return cached;
  cached = current;
  return cached;
}

/** The session in local storage, or null when signed out. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
