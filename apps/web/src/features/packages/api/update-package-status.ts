// PUT packages/{embed_id} {status, updated_at}: the list's status checkbox (Active ⇄ Draft) and delete,
// which archives. Optimistic: every cached list page changes at once; a failure refetches
// the pages so they show the server's truth again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Package, PackageStatus } from '@hc/shared/api/packages';
import { editorApi } from '../../../lib/api.ts';
import { packagesQueryOptions } from './get-packages.ts';
import type { PackageList } from './get-packages.ts';

export interface PackageStatusInput {
  embed_id: string;
  status: PackageStatus;
  /** Seconds: the version the user acted on; a newer one on the server answers 409. */
  updated_at?: number;
}

/** Sets a package's status; the server answers with the updated package. */
export function updatePackageStatus({ embed_id, status, updated_at }: PackageStatusInput): Promise<Package> {
  return editorApi<Package>(`packages/${encodeURIComponent(embed_id)}`, {
    method: 'PUT',
    body: updated_at === undefined ? { status } : { status, updated_at },
  });
}

/** Statuses the list does not show: a package moved to one of them leaves every page. */
const UNLISTED: readonly PackageStatus[] = ['Archive', 'Rejected'];

/** A cached list page after a status change: the package's status replaced, or the package removed. */
export function withPackageStatus(
  list: PackageList | undefined,
  { embed_id, status }: Pick<PackageStatusInput, 'embed_id' | 'status'>,
): PackageList | undefined {
  if (!list) return list;
  if (UNLISTED.includes(status)) {
    const packages = list.packages.filter((p) => p.embed_id !== embed_id);
    if (packages.length === list.packages.length) return list;
    return { packages, count: Math.max(0, list.count - 1) };
  }
  return { ...list, packages: list.packages.map((p) => (p.embed_id === embed_id ? { ...p, status } : p)) };
}

/** A cached list page with the server's copy of a package in place of the old one. */
export function withPackage(list: PackageList | undefined, pkg: Package): PackageList | undefined {
  if (!list) return list;
  if (UNLISTED.includes(pkg.status)) return withPackageStatus(list, pkg);
  return { ...list, packages: list.packages.map((p) => (p.embed_id === pkg.embed_id ? pkg : p)) };
}

const MUTATION_KEY = ['packages', 'status'] as const;

/** The status mutation with optimistic cache updates and a refetch once the last change settles. */
export function useUpdatePackageStatus() {
  const queryClient = useQueryClient();
  const listKey = packagesQueryOptions().queryKey;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updatePackageStatus,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueriesData<PackageList>({ queryKey: listKey }, (old) => withPackageStatus(old, input));
    },
    onSuccess: (pkg) => {
      queryClient.setQueriesData<PackageList>({ queryKey: listKey }, (old) => withPackage(old, pkg));
    },
    onSettled: async () => {
      // A failure is undone by the refetch too; paging after an archive pulls the next row up.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
  });
}
