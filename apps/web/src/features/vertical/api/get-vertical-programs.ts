// GET vertical_video/programs: the programs of Vertical View, one tab (ready or rejected) at a time, searched,
// sorted and paged by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramSearchType } from '@hc/shared/api/programs';
import type { VerticalProgram, VerticalProgramSort } from '@hc/shared/api/vertical';
import { editorApi } from '../../../lib/api.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

export interface VerticalProgramList {
  programs: VerticalProgram[];
  count: number;
  pages: number;
}

export interface VerticalProgramsParams {
  status: 'review' | 'ready' | 'rejected';
  search_text?: string;
  search_type?: ProgramSearchType;
  sort_by: VerticalProgramSort;
  order_by: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  per: number;
  /** Look-back in days. */
  from: number;
}

export function getVerticalPrograms(
  params: VerticalProgramsParams,
  signal?: AbortSignal,
): Promise<VerticalProgramList> {
  return editorApi<VerticalProgramList>('vertical_video/programs', { query: { ...params }, signal });
}

export function verticalProgramsQueryOptions(params: VerticalProgramsParams) {
  return queryOptions({
    queryKey: ['vertical', 'programs', params] as const,
    queryFn: ({ signal }) => getVerticalPrograms(params, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** One page of Vertical View programs; idle while `enabled` is false. */
export function useVerticalPrograms(params: VerticalProgramsParams, enabled = true) {
  return useQuery({ ...verticalProgramsQueryOptions(params), enabled });
}
