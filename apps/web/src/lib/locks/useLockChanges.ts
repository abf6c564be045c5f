// Keeps a list's cached pages in step with the leases: each pushed `lock_changed` of the list's kind is
// written into every cached page under `queryKey` (setQueryData), so the 'locked by' tags move live
// without a refetch.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LockChangedEvent, LockKind } from '@hc/shared/live/events';
import { askAgain } from '../ask-again.ts';
import { useLiveEvent } from '../live.ts';
import { nextLockLapse, withLockChange, type LockFields } from './lockRows.ts';

/**
 * Applies `lock_changed` events of `kind` to the cached pages under `queryKey`; `update` rewrites one
 * page's rows with withLockChange (each list's page has its own shape). Returns the same application for
 * a change this screen made itself (an admin's break).
 */
export function useLockChanges<Page>(
  kind: LockKind,
  queryKey: QueryKey,
  update: (page: Page, event: LockChangedEvent) => Page,
): (event: LockChangedEvent) => void {
  const client = useQueryClient();
  const apply = (event: LockChangedEvent) => void applyLockChange(client, kind, queryKey, update, event);
  useLiveEvent('lock_changed', apply);
  return apply;
}

/**
 * Writes one `lock_changed` into the cached pages under `queryKey`. A page still being fetched may have
 * been read before the change and would put the old holder back when it lands (the race pending_counts
 * had): it is asked again. Pages at rest are not.
 */
export async function applyLockChange<Page>(
  client: QueryClient,
  kind: LockKind,
  queryKey: QueryKey,
  update: (page: Page, event: LockChangedEvent) => Page,
  event: LockChangedEvent,
): Promise<void> {
  if (event.kind !== kind) return;
  client.setQueriesData<Page>({ queryKey }, (page) => (page === undefined ? page : update(page, event)));
  await askAgain(client, { queryKey, fetchStatus: 'fetching' });
}

/** withLockChange for a page holding its rows under one field. */
export function pageWithLockChange<
  Row extends LockFields,
  K extends string,
  Page extends { [P in K]: Row[] },
>(page: Page, field: K, idOf: (row: Row) => number, event: LockChangedEvent): Page {
  const rows = page[field];
  const next = withLockChange(rows, idOf, event);
  return next === rows ? page : { ...page, [field]: next };
}

/** How long a lease the list last heard of is still shown past its expiry while the list is asked again. */
const LAPSE_GRACE_MS = 2_000;

/**
 * The time a list's 'locked by' tags are drawn for. A holder's heartbeats renew its lease without an
 * event, so when the expiry the list knows of comes, the list is asked again (`onLapse`): a renewed lease
 * comes back with its new expiry, a lapsed one (a crashed browser) without a holder. The tag stays for a
 * short grace meanwhile, so a renewed lease does not flicker, and goes after it even if the call fails.
 */
export function useLockClock(rows: readonly LockFields[], me: string, onLapse: () => void): number {
  const [, setTick] = useState(0);
  const shown = Date.now() - LAPSE_GRACE_MS;
  const lapse = nextLockLapse(rows, me, shown);
  const latestOnLapse = useRef(onLapse);
  useEffect(() => {
    latestOnLapse.current = onLapse;
  });
  useEffect(() => {
    if (lapse === null) return;
    const ask = setTimeout(() => latestOnLapse.current(), Math.max(0, lapse - Date.now()));
    const redraw = setTimeout(
      () => setTick((t) => t + 1),
      Math.max(0, lapse + LAPSE_GRACE_MS - Date.now()) + 50,
    );
    return () => {
      clearTimeout(ask);
      clearTimeout(redraw);
    };
  }, [lapse]);
  return shown;
}
