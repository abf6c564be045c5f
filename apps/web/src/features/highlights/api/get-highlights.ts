// GET highlights/index (no search text) or highlights/search (with q): one page of the APV highlights
// table, paged and sorted by the server.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { HighlightList, HighlightOrderBy } from '@hc/shared/api/highlights';
import type { HIGHLIGHT_STATUS_FILTERS } from '@hc/shared/api/highlight-columns';
import { HIGHLIGHT_SORT, TABLE_PAGE_SIZE_DEFAULT } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

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

// The page asked for as the app started (prefetchHighlights): the table's first mount shows that answer
// without asking again when it is this recent; the answer is seconds old at most on a cold start.
const STARTUP_PAGE_FRESH_MS = 10_000;
let startupPageKey: string | null = null;

/** Asks for a page before the table mounts (the list-table bench: the first page waited for the shell's render). */
export function prefetchHighlights(queryClient: QueryClient, params: HighlightsParams): void {
  const options = highlightsQueryOptions(params);
  startupPageKey = JSON.stringify(options.queryKey);
  void queryClient.prefetchQuery(options); // a failure is the table's to show: its query asks again
}

/** One page of highlights for the table. */
export function useHighlights(params: HighlightsParams) {
  return useQuery({
    ...highlightsQueryOptions(params),
    refetchOnMount: (query) =>
      JSON.stringify(query.queryKey) !== startupPageKey ||
      query.state.isInvalidated ||
      Date.now() - query.state.dataUpdatedAt > STARTUP_PAGE_FRESH_MS,
  });
}
