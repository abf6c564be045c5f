// The state of one server-paged list screen in one call: filters, sort and page from the address bar,
// the page size remembered per table, and the paginator's handler. Screens add their query and
// columns; the address is the only place the view lives, so a reload, a bookmark or back shows it again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTablePageEvent } from 'primereact/datatable';
import { useDebouncedValue } from '../../components/useDebouncedValue.ts';
import { usePersistentPageSize } from '../../components/usePersistentPageSize.ts';
import { useListUrlState } from './urlState.ts';
import type { ListUrlState, UrlFields } from './urlState.ts';

/** How long a search box waits for the user to pause before the address (and the server) follows. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListPage<F extends UrlFields> extends ListUrlState<F> {
  per: number;
  onPage: (event: DataTablePageEvent) => void;
}

export function useListPage<F extends UrlFields>(fields: F, pageSizeKey: string): ListPage<F> {
  const url = useListUrlState(fields);
  const [per, setPer] = usePersistentPageSize(pageSizeKey);
  const { setPage } = url;
  const onPage = useCallback(
    (e: DataTablePageEvent) => {
      if (e.rows !== per) {
        // A new page size starts again at page 1.
        setPer(e.rows);
        setPage(1);
        return;
      }
      setPage((e.page ?? Math.floor(e.first / e.rows)) + 1);
    },
    [per, setPer, setPage],
  );
  return { ...url, per, onPage };
}

/**
 * A search box's text: shown as typed, written to the address once the user pauses (replacing the
 * history entry, so back skips the half-typed words), and following the address when it changes from
 * elsewhere (back, forward, reset).
 */
export function useSearchText(
  value: string,
  commit: (text: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  // What this box last put in the address: the address catching up with it (a beat after the debounce,
  // later on a slow machine) must not take back what was typed since.
  const [committed, setCommitted] = useState<string | null>(null);
  const [text, setText] = useFollowedText(value, committed);
  const debounced = useDebouncedValue(text, delay);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  });
  useEffect(() => {
    if (debounced !== valueRef.current) {
      setCommitted(debounced);
      commitRef.current(debounced);
    }
  }, [debounced]);
  return [text, setText];
}

/**
 * A text box's own text that starts as the address's value and follows it when the address changes
 * (back, forward, reset); in between, the box holds what the user types. `own` is what the box itself
 * last put in the address: the address arriving at it is not followed.
 */
export function useFollowedText(value: string, own: string | null = null): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== own) setText(value);
  }
  return [text, setText];
}
