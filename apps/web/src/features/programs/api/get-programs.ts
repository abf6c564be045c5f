// GET dashboard v2 programs/index: one page of live programs, searched, sorted and paged by the server.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramList } from '@hc/shared/api/programs';
import { dashboardApi } from '../../../lib/api.ts';
import type { ProgramsParams } from '../programsSearch.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

export function getPrograms(params: ProgramsParams, signal?: AbortSignal): Promise<ProgramList> {
  return dashboardApi<ProgramList>('programs/index', { query: { ...params }, signal });
}

export function programsQueryOptions(params: ProgramsParams) {
  return queryOptions({
    queryKey: ['programs', params] as const,
    queryFn: ({ signal }) => getPrograms(params, signal),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** One page of programs for the table. */
export function usePrograms(params: ProgramsParams) {
  return useQuery(programsQueryOptions(params));
}
