// The session kept in local storage: the lowercased e-mail and the token (publisher id after ':').
import { THEME_STORAGE_KEY } from './theme/storageKey.ts';

const STORAGE_KEY = 'hc.session';

export interface StoredSession {
  email: string;
  token: string;
}

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.email === 'string' && typeof parsed.token === 'string'
      ? { email: parsed.email, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  sessionListeners.forEach((l) => l());
}

/** Logout and the 401 dialog clear every local datum, not just the session. */
export function clearLocalData(): void {
  // The theme is a choice about this browser, not the account's data: it outlives the session.
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
  sessionListeners.forEach((l) => l());
}

const sessionListeners = new Set<() => void>();
// Another tab logged in, out or switched publisher: this tab follows (the storage event fires only in
// the tabs that did not make the change).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) sessionListeners.forEach((l) => l());
  });
}
/** For useSyncExternalStore: re-render when the session changes. */
export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
