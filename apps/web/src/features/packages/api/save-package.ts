// POST packages (create) and PUT packages/{embed_id} (update with the full body, or a status-only body to
// archive or reject). The server checks every rule again: 400 carries the catalogue
// message, 409 either 'The Embed name "{alias}" is already in use' or the stale-version message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Package, PackageUpdate, PackageWrite } from '@hc/shared/api/packages';
import { editorApi } from '../../../lib/api.ts';
import { packageQueryOptions } from './get-package.ts';

export type SavePackageInput =
  | { embedId?: undefined; body: PackageWrite }
  | {
      embedId: string;
      body: PackageUpdate;
      /** A suggestion of another publisher (the URL's ?publisherId=): the PUT names that publisher. */
      publisherId?: number;
    };

/** Creates a package (no embedId) or updates one; the server answers with its copy. */
export function savePackage(input: SavePackageInput): Promise<Package> {
  if (input.embedId === undefined)
    return editorApi<Package>('packages', { method: 'POST', body: input.body });
  return editorApi<Package>(`packages/${encodeURIComponent(input.embedId)}`, {
    method: 'PUT',
    query: input.publisherId ? { publisherId: input.publisherId } : undefined,
    body: input.body,
  });
}

/**
 * The save mutation. Every package query (the editor's and the list's pages) is marked stale and fetched
 * again when next shown; the open editor takes the server's answer itself.
 */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePackage,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: packageQueryOptions().queryKey, refetchType: 'none' }),
  });
}
