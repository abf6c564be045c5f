// GET highlights/index (no search text) or highlights/search (with q): one page of the APV highlights
// table, paged and sorted by the server (spec 000 §5, §7).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HighlightList, HighlightOrderBy } from '@hc/shared/api/highlights';
import type { HIGHLIGHT_STATUS_FILTERS } from '@hc/shared/api/highlights';
import { HIGHLIGHT_SORT, TABLE_PAGE_SIZE_DEFAULT } from '@hc/shared/constants';
import { ApiError, editorApi } from '../../../lib/api.ts';

export type HighlightStatusFilter = (typeof HIGHLIGHT_STATUS_FILTERS)[number];

/** What the table asks for; `q` empty means the index listing. */
export interface HighlightsParams {
  q: string;
  /** yyyymmdd; absent for all time. */
  from_date?: string;
  status: HighlightStatusFilter;
  order_by: HighlightOrderBy;
  /** 1-based. */
  page: number;
  per: number;
}

export const DEFAULT_HIGHLIGHTS_PARAMS: HighlightsParams = {
  q: '',
  status: 'all',
  order_by: HIGHLIGHT_SORT.date,
  page: 1,
  per: TABLE_PAGE_SIZE_DEFAULT,
};

/** Fetches one page: the search call when there is text, the index call otherwise. */
export function getHighlights(params: HighlightsParams, signal?: AbortSignal): Promise<HighlightList> {
  const { q, ...query } = params;
  const text = q.trim();
  return text
    ? editorApi<HighlightList>('highlights/search', { query: { ...query, q: text }, signal })
    : editorApi<HighlightList>('highlights/index', { query, signal });
}

/** Only failures that another try could fix are retried: no answer at all, or a server error. */
const retryTransient = (failureCount: number, error: Error) =>
  failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Query options for one page. Without params the options carry the feature's root key, which
 * mutations use to update and invalidate every cached page at once.
 */
export function highlightsQueryOptions(params?: HighlightsParams) {
  return queryOptions({
    queryKey: params ? (['highlights', params] as const) : (['highlights'] as const),
    queryFn: ({ signal }) => getHighlights(params ?? DEFAULT_HIGHLIGHTS_PARAMS, signal),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** One page of highlights for the table. */
export function useHighlights(params: HighlightsParams) {
  return useQuery(highlightsQueryOptions(params));
}
