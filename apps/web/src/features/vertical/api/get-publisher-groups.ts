// GET publishers/groups: the publisher groups the caller may see, as {id, name} pairs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

/** publisherGroupSchema of @hc/shared/api/publishers. */
export interface PublisherGroup {
  id: number;
  name: string;
}

export const getPublisherGroups = (signal?: AbortSignal): Promise<PublisherGroup[]> =>
  editorApi<PublisherGroup[]>('publishers/groups', { signal });

export const publisherGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['publishers', 'groups'] as const,
    queryFn: ({ signal }) => getPublisherGroups(signal),
    staleTime: 5 * 60_000,
  });

/** The caller's publisher groups (for the scope filter of the task lists). */
export const usePublisherGroups = () => useQuery(publisherGroupsQueryOptions());
