// GET vertical_tasks: one server-paged, server-sorted page of vertical tasks:
// the review lists, the program segment tables and the full-video view all read it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VerticalTask } from '@hc/shared/api/vertical';
import type { VERTICAL_CONTENT_TYPES } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';
import { PUSH_FED } from '../../../lib/live.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

export type VerticalContentType = (typeof VERTICAL_CONTENT_TYPES)[number];

/** The response of verticalTaskListSchema. */
export interface VerticalTaskList {
  tasks: VerticalTask[];
  count: number;
  pages: number;
}

/** The query of one list page; arrays go out as `sort_by[]=a&sort_by[]=b`. */
export interface VerticalTasksParams {
  /** 1-based. */
  page: number;
  per: number;
  /** Look-back in days. */
  from: number;
  status: 'review' | 'ready' | 'rejected';
  content_type: VerticalContentType;
  sort_by?: string[];
  order_dir?: ('asc' | 'desc')[];
  publisher_ids?: number[];
  group_ids?: number[];
  free_query?: string;
  /** programs.id of a program's segment tables. */
  program?: number;
}

export function getVerticalTasks(
  params: VerticalTasksParams,
  signal?: AbortSignal,
): Promise<VerticalTaskList> {
  return editorApi<VerticalTaskList>('vertical_tasks', { query: { ...params }, signal });
}

/** Every cached task list starts with this key: a change to a task refreshes them all. */
export const VERTICAL_TASKS_KEY = ['vertical', 'tasks'] as const;

export function verticalTasksQueryOptions(params: VerticalTasksParams) {
  return queryOptions({
    queryKey: [...VERTICAL_TASKS_KEY, params] as const,
    queryFn: ({ signal }) => getVerticalTasks(params, signal),
    // Keep the current rows on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
    retry: retryTransient,
    meta: PUSH_FED,
  });
}

/** One page of vertical tasks for a table; idle while `enabled` is false. */
export function useVerticalTasks(params: VerticalTasksParams, enabled = true) {
  return useQuery({ ...verticalTasksQueryOptions(params), enabled });
}
