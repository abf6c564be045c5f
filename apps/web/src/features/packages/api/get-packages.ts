// GET packages?q&type&page&per&order_by: one page of the Top Videos packages table, filtered, paged and
// sorted by the server. Archive and Rejected packages are
// never listed.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Package, PackageListQuery } from '@hc/shared/api/packages';
import { TABLE_PAGE_SIZE_DEFAULT } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';
import { retryTransient } from '../../../lib/list-page/retry.ts';

/** What the table asks for: the list query with every parameter present (`q` empty for no search). */
export type PackagesParams = Required<Omit<PackageListQuery, 'q'>> & { q: string };

export interface PackageList {
  packages: Package[];
  count: number;
}

export const DEFAULT_PACKAGES_PARAMS: PackagesParams = {
  q: '',
  type: 'all',
  page: 1,
  per: TABLE_PAGE_SIZE_DEFAULT,
  order_by: 'updated_at_desc',
};

/** Fetches one page of packages; an empty search is not sent. */
export function getPackages(params: PackagesParams, signal?: AbortSignal): Promise<PackageList> {
  return editorApi<PackageList>('packages', { query: { ...params, q: params.q.trim() }, signal });
}

/**
 * Query options for one page. Without params the options carry the list's root key, which the status
 * and archive mutations use to update and invalidate every cached page at once.
 */
export function packagesQueryOptions(params?: PackagesParams) {
  return queryOptions({
    queryKey: params ? (['packages', 'list', params] as const) : (['packages', 'list'] as const),
    queryFn: ({ signal }) => getPackages(params ?? DEFAULT_PACKAGES_PARAMS, signal),
    // Keep the current rows on screen while the next page, filter or sort loads.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** One page of packages for the table. */
export function usePackages(params: PackagesParams) {
  return useQuery(packagesQueryOptions(params));
}
