// GET publishers: every publisher an admin may set up (id and name), for the pickers and titles.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

export interface PublisherOption {
  id: number;
  name: string;
}

export const getPublishers = (signal?: AbortSignal): Promise<PublisherOption[]> =>
  editorApi<PublisherOption[]>('publishers', { signal });

export const publishersQueryOptions = () =>
  queryOptions({ queryKey: ['monetization', 'publishers'], queryFn: ({ signal }) => getPublishers(signal) });

export const usePublishers = () => useQuery(publishersQueryOptions());
