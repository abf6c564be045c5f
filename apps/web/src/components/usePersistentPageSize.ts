// A table page size remembered in local storage per table (default 10, options 10/20/50/100).
import { useCallback, useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';

const PREFIX = 'hc.pageSize.';

/** Reads a stored page size, falling back to the default when missing or not one of the options. */
export function readPageSize(
  key: string,
  options: readonly number[] = TABLE_PAGE_SIZE_OPTIONS,
  fallback: number = TABLE_PAGE_SIZE_DEFAULT,
): number {
  try {
    const stored = Number(localStorage.getItem(PREFIX + key));
    return options.includes(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

/** [pageSize, setPageSize] for the table named `key`; the setter persists the choice. */
export function usePersistentPageSize(
  key: string,
  options: readonly number[] = TABLE_PAGE_SIZE_OPTIONS,
  fallback: number = TABLE_PAGE_SIZE_DEFAULT,
): [number, (size: number) => void] {
  const [size, setSize] = useState(() => readPageSize(key, options, fallback));
  const update = useCallback(
    (next: number) => {
      if (!options.includes(next)) return;
      setSize(next);
      try {
        localStorage.setItem(PREFIX + key, String(next));
      } catch {
        // Storage full or disabled: the size still applies for this visit.
      }
    },
    [key, options],
  );
  return [size, update];
}
