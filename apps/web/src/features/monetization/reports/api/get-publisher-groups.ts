// GET publishers/groups: the publisher groups, for the report's group picker rows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../../lib/api.ts';

export interface PublisherGroupOption {
  id: number;
  name: string;
}

export const getPublisherGroups = (signal?: AbortSignal): Promise<PublisherGroupOption[]> =>
  editorApi<PublisherGroupOption[]>('publishers/groups', { signal });

export const publisherGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['monetization', 'publisher-groups'] as const,
    queryFn: ({ signal }) => getPublisherGroups(signal),
    staleTime: 5 * 60_000,
  });

export const usePublisherGroups = () => useQuery(publisherGroupsQueryOptions());
