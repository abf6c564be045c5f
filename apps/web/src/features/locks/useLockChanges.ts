// Keeps a list's cached pages in step with the leases: each pushed `lock_changed` of the list's kind is
// written into every cached page under `queryKey` (setQueryData), so the 'locked by' tags move live
// without a refetch.
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LockChangedEvent, LockKind } from '@hc/shared/live/events';
import { useLiveEvent } from '../../lib/live.ts';
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
  const apply = (event: LockChangedEvent) => {
    if (event.kind !== kind) return;
    client.setQueriesData<Page>({ queryKey }, (page) => (page === undefined ? page : update(page, event)));
  };
  useLiveEvent('lock_changed', apply);
  return apply;
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

/**
 * The time a list's 'locked by' tags are drawn for: now, moved on when the next lease shown lapses, so
 * a lease nobody renewed (a crashed browser) drops its tag without an event.
 */
export function useLockClock(rows: readonly LockFields[], me: string): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  const lapse = nextLockLapse(rows, me, now);
  useEffect(() => {
    if (lapse === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, lapse - Date.now()) + 250);
    return () => clearTimeout(timer);
  }, [lapse]);
  return now;
}
