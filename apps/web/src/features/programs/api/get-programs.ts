// GET dashboard v2 programs/index: one page of live programs, searched, sorted and paged by the server
// (spec 001 §2.7, §7 "Programs").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramList } from '@hc/shared/api/programs';
import { ApiError, dashboardApi } from '../../../lib/api.ts';
import type { ProgramsParams } from '../programsSearch.ts';

export function getPrograms(params: ProgramsParams, signal?: AbortSignal): Promise<ProgramList> {
  return dashboardApi<ProgramList>('programs/index', { query: { ...params }, signal });
}

const retryTransient = (failureCount: number, error: Error) =>
  failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500);

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
