// GET publishers_with_config/: every publisher with its key, group and APV / Editor flags (admin).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherAdminRow } from '@hc/shared/api/publishers-admin';
import { editorApi } from '../../../lib/api.ts';

export const publishersAdminKey = ['publishers-admin', 'list'] as const;

export const publishersAdminQueryOptions = () =>
  queryOptions({
    queryKey: publishersAdminKey,
    queryFn: ({ signal }) => editorApi<PublisherAdminRow[]>('publishers_with_config/', { signal }),
  });

export function usePublishersAdmin() {
  return useQuery(publishersAdminQueryOptions());
}
