// GET packages/{embed_id}: one package for the editor. With publisherId (a suggestion
// opened from embedded or deep-link mode) the draft is fetched with status=Draft&publisherId=N.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Package } from '@hc/shared/api/packages';
import { editorApi } from '../../../lib/api.ts';

export interface PackageParams {
  embedId: string;
  /** The ?publisherId= of the URL: fetch the draft (suggestion) of that publisher. */
  publisherId?: number;
}

/** Fetches one package. */
export function getPackage({ embedId, publisherId }: PackageParams, signal?: AbortSignal): Promise<Package> {
  return editorApi<Package>(`packages/${encodeURIComponent(embedId)}`, {
    query: publisherId ? { status: 'Draft', publisherId } : undefined,
    signal,
  });
}

/**
 * Query options for one package. Without params the options carry the root key of every package query,
 * which the save mutation invalidates (the list's pages live under it too).
 */
export function packageQueryOptions(params?: PackageParams) {
  return queryOptions({
    queryKey: params ? (['packages', 'detail', params] as const) : (['packages'] as const),
    queryFn: ({ signal }) => getPackage(params ?? { embedId: '' }, signal),
    // A failed load leaves the editor; retrying a 404 would only delay that.
    retry: false,
  });
}

/** The package the editor opens; disabled for a new package. */
export function usePackage(params: PackageParams | null) {
  return useQuery({ ...packageQueryOptions(params ?? undefined), enabled: params !== null });
}
