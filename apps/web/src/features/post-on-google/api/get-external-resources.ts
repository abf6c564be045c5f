// GET external_resources?type=pog&page&per: the caller's highlights still holding resources of a type
//. The post-on-google view needs the whole list (the hlts view picks
// highlights by id), so every page is fetched, up to the server's capped count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Highlight } from '@hc/shared/api/highlights';
import { MAX_PER_PAGE, SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';

export interface ExternalResourceList {
  highlights: Highlight[];
  count: number;
}

/** One page of highlights with resources of `type`. */
export function getExternalResources(
  params: { type: string; page: number; per: number },
  signal?: AbortSignal,
): Promise<ExternalResourceList> {
  return editorApi<ExternalResourceList>('external_resources', { query: params, signal });
}

/** Every highlight with resources of `type`: pages of MAX_PER_PAGE until the count is reached. */
export async function getAllExternalResources(
  type: string,
  signal?: AbortSignal,
): Promise<ExternalResourceList> {
  const highlights: Highlight[] = [];
  const seen = new Set<number>();
  let count = 0;
  for (let page = 1; ; page += 1) {
    const data = await getExternalResources({ type, page, per: MAX_PER_PAGE }, signal);
    count = data.count;
    for (const h of data.highlights) {
      if (!seen.has(h.highlight_id)) {
        seen.add(h.highlight_id);
        highlights.push(h);
      }
    }
    const done =
      data.highlights.length < MAX_PER_PAGE || highlights.length >= Math.min(count, SEARCH_RESULT_LIMIT);
    if (done) return { highlights, count: Math.max(count, highlights.length) };
  }
}

/** Query options of a type's list; the publish mutation writes into the same key. */
export function externalResourcesQueryOptions(type: string) {
  return queryOptions({
    queryKey: ['external-resources', type] as const,
    queryFn: ({ signal }) => getAllExternalResources(type, signal),
  });
}

/** The highlights with resources of `type`. */
export function useExternalResources(type: string) {
  return useQuery(externalResourcesQueryOptions(type));
}
