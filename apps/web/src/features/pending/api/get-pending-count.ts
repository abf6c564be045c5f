// GET vertical_tasks with the pending-count query (page 1, per 1, from 120, status review): the user
// menu's red badge reads data.count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PENDING_COUNT_QUERY } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';

/** Refetch interval of the badge; socket pushes replace it in a later issue (kept as a fallback). */
export const PENDING_COUNT_REFETCH_MS = 60_000;

interface PendingTasksPage {
  count: number;
}

export const getPendingCount = async (signal?: AbortSignal): Promise<number> => {
  const data = await editorApi<PendingTasksPage>('vertical_tasks', {
    query: { ...PENDING_COUNT_QUERY },
    signal,
  });
  return typeof data.count === 'number' ? data.count : 0;
};

export const pendingCountQueryOptions = () =>
  queryOptions({
    queryKey: ['pending', 'count'],
    queryFn: ({ signal }) => getPendingCount(signal),
    refetchInterval: PENDING_COUNT_REFETCH_MS,
  });

/** The total of pending tasks, refreshed every minute. */
export const usePendingCount = (enabled = true) => useQuery({ ...pendingCountQueryOptions(), enabled });
