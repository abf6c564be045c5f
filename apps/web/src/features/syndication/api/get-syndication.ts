// GET syndication: one page of the Active Top Videos packages the other publishers of the caller's group
// share. Read-only; paged and sorted by the server like the packages list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Package, PackageListQuery } from '@hc/shared/api/packages';
import { editorApi } from '../../../lib/api.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

/** Page, size and order of the syndication table. */
export type SyndicationParams = Pick<Required<PackageListQuery>, 'page' | 'per' | 'order_by'>;

export interface SyndicationList {
  packages: Package[];
  count: number;
}

/** Fetches one page of syndicated packages. */
export function getSyndication(params: SyndicationParams, signal?: AbortSignal): Promise<SyndicationList> {
  return editorApi<SyndicationList>('syndication', { query: { ...params }, signal });
}

/** Query options for one page; without params, the root key of every page. */
export function syndicationQueryOptions(params?: SyndicationParams) {
  return queryOptions({
    queryKey: params ? (['syndication', params] as const) : (['syndication'] as const),
    queryFn: ({ signal }) =>
      getSyndication(params ?? { page: 1, per: 10, order_by: 'updated_at_desc' }, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** One page of syndicated packages for the table. */
export function useSyndication(params: SyndicationParams) {
  return useQuery(syndicationQueryOptions(params));
}
