// GET dashboard v2 program/{id}: one program and its highlights.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramDetail } from '@hc/shared/api/programs';
import { ApiError, dashboardApi } from '../../../lib/api.ts';

export function getProgram(id: string, signal?: AbortSignal): Promise<ProgramDetail> {
  return dashboardApi<ProgramDetail>(`program/${encodeURIComponent(id)}`, { signal });
}

export function programQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['programs', 'detail', id] as const,
    queryFn: ({ signal }) => getProgram(id, signal),
    retry: (failureCount: number, error: Error) =>
      failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
  });
}

/** The program of the detail screen. */
export function useProgram(id: string) {
  return useQuery(programQueryOptions(id));
}
