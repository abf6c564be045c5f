// GET highlights/index (no text) or highlights/search (q): the package editor's left column, loaded 25 a
// page as the user scrolls. A page shorter than `per` ends the list; duplicates
// across pages are dropped by id (mergePages).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HighlightList } from '@hc/shared/api/highlights';
import { editorApi } from '../../../../lib/api.ts';
import { nextPageParam } from '../availableFilters.ts';
import type { AvailableParams } from '../availableFilters.ts';

/** Fetches one page: the search call when there is text, the index call otherwise. */
export function getAvailableHighlights(
  params: AvailableParams,
  page: number,
  signal?: AbortSignal,
): Promise<HighlightList> {
  const { q, ...query } = params;
  return q
    ? editorApi<HighlightList>('highlights/search', { query: { ...query, q, page }, signal })
    : editorApi<HighlightList>('highlights/index', { query: { ...query, page }, signal });
}

/** Infinite query options; the key sits under the highlights root so their mutations refresh it too. */
export function availableHighlightsQueryOptions(params: AvailableParams) {
  return infiniteQueryOptions({
    queryKey: ['highlights', 'package-editor', params] as const,
    queryFn: ({ pageParam, signal }) => getAvailableHighlights(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageParam(last.highlights.length, pages.length, params.per),
  });
}

/** The left column's pages. */
export function useAvailableHighlights(params: AvailableParams) {
  return useInfiniteQuery(availableHighlightsQueryOptions(params));
}
