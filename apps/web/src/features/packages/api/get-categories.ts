// GET categories: the publisher's package categories, for the editor's category/tags filter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { categorySchema } from '@hc/shared/api/packages';
import { editorApi } from '../../../lib/api.ts';

export type Category = z.infer<typeof categorySchema>;

/** Fetches the categories. */
export const getCategories = (signal?: AbortSignal): Promise<Category[]> =>
  editorApi<Category[]>('categories', { signal });

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['packages', 'categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });
}

/** The categories; the filter shows only 'Tags' until (or unless) they load. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
