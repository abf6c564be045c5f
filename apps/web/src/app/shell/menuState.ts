// Which parent items of the side drawer are open, remembered in local storage so a reload keeps the menu as the user left it.
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'hc.menu.open';

function read(): Record<string, boolean> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, boolean>)
      : {};
  } catch {
    return {};
  }
}

/** Open/closed per parent id; a parent never toggled is open when it holds the current route. */
export function useMenuOpenState(): [Record<string, boolean>, (id: string, open: boolean) => void] {
  const [state, setState] = useState(read);
  const set = useCallback((id: string, open: boolean) => {
    setState((prev) => {
      const next = { ...prev, [id]: open };
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // storage full or disabled: the state still holds for this page view
      }
      return next;
    });
  }, []);
  return [state, set];
}
