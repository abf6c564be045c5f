// GET pending_counts: the per-item menu badges (autoHighlightReview, verticalHighlight,
// verticalFullContent) and the user menu's total (tasksTotal). The live
// channel pushes new counts after every change that moves them; the one-minute poll runs only
// while the channel is down (and every query is refetched after it reconnects).
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingCounts } from '@hc/shared/api/pending';
import type { PendingKey } from '@hc/shared/routes';
import { editorApi } from '../../api.ts';
import { liveStatus, PUSH_FED, useLiveEvent, useLiveStatus } from '../../live.ts';

export const PENDING_COUNTS_REFETCH_MS = 60_000;

const KEYS = ['autoHighlightReview', 'verticalFullContent', 'verticalHighlight', 'tasksTotal'] as const;

/** Missing or odd fields read as 0. */
export function normalizePendingCounts(
  data: Partial<Record<string, unknown>> | null | undefined,
): PendingCounts {
  const counts = {} as PendingCounts;
  for (const key of KEYS) {
    const value = data?.[key];
    counts[key] = typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  }
  return counts;
}

/** One pending item fewer for `key`, and for the total (after a review the server has taken). */
export function lowerPendingCount(counts: PendingCounts, key: PendingKey, remaining?: number): PendingCounts {
  const next = remaining ?? Math.max(0, counts[key] - 1);
  const dropped = Math.max(0, counts[key] - next);
  return { ...counts, [key]: next, tasksTotal: Math.max(0, counts.tasksTotal - dropped) };
}

export async function getPendingCounts(signal?: AbortSignal): Promise<PendingCounts> {
  return normalizePendingCounts(await editorApi<Record<string, unknown>>('pending_counts', { signal }));
}

export const pendingCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['pending', 'counts'] as const,
    queryFn: ({ signal }) => getPendingCounts(signal),
    refetchInterval: () => (liveStatus() === 'connected' ? false : PENDING_COUNTS_REFETCH_MS),
    meta: PUSH_FED,
  });

/** The pending counts of the signed-in user, as last pushed or fetched. */
export const usePendingCounts = (enabled = true) => useQuery({ ...pendingCountsQueryOptions(), enabled });

/**
 * Writes every pushed count into the cache the badges read (mounted once by the shell). When the channel
 * drops, one fetch makes the query evaluate its interval again, so the minute poll starts while it is down.
 * Connects ask the counts again (PUSH_FED, lib/live.ts).
 */
export function usePushedPendingCounts(): void {
  const queryClient = useQueryClient();
  const { queryKey } = pendingCountsQueryOptions();
  // A fetch still in flight may have read the counts before the change this push reports, and would
  // overwrite it when it lands (seen in e2e on a slow machine: the badge fell back): it is cancelled first.
  useLiveEvent('pending_counts', (counts) => {
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.setQueryData(queryKey, normalizePendingCounts(counts)));
  });
  const status = useLiveStatus();
  const wasConnected = useRef(false);
  useEffect(() => {
    if (status === 'connected') {
      wasConnected.current = true;
    } else if (wasConnected.current) {
      wasConnected.current = false;
      void queryClient.refetchQueries({ queryKey: pendingCountsQueryOptions().queryKey });
    }
  }, [status, queryClient]);
}
