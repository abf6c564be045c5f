// GET monetization_setup/all_configs?publisher_ids=1,2: the view screen's config groups with A/B tests.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigGroups } from '@hc/shared/api/monetization';
import { editorApi } from '../../../lib/api.ts';

export const getAllConfigs = (publisherIds: number[], signal?: AbortSignal): Promise<ConfigGroups> =>
  editorApi<ConfigGroups>('monetization_setup/all_configs', {
    query: { publisher_ids: publisherIds.join(',') },
    signal,
  });

export const allConfigsQueryOptions = (publisherIds: number[]) =>
  queryOptions({
    queryKey: ['monetization', 'all-configs', publisherIds],
    queryFn: ({ signal }) => getAllConfigs(publisherIds, signal),
  });

/** Idle until publishers are loaded. */
export const useAllConfigs = (publisherIds: number[]) =>
  useQuery({ ...allConfigsQueryOptions(publisherIds), enabled: publisherIds.length > 0 });
