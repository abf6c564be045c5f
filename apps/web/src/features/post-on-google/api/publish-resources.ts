// GET external_resources/publish?highlight_id=N&resource_ids[]=a: publishes a highlight's resources (a GET,
// because the contract fixes this path as a GET that publishes). The answer lists the
// resources that remain; the cached list applies it at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import { applyPublish } from '../postOnGoogle.ts';
import type { PublishResult } from '../postOnGoogle.ts';
import { externalResourcesQueryOptions } from './get-external-resources.ts';
import type { ExternalResourceList } from './get-external-resources.ts';

export interface PublishInput {
  highlight_id: number;
  resource_ids: string[];
}

/** Publishes resources of one highlight; resolves with the resources it still holds. */
export function publishResources({ highlight_id, resource_ids }: PublishInput): Promise<PublishResult> {
  // buildUrl sends an array as resource_ids[]=a&resource_ids[]=b.
  return editorApi<PublishResult>('external_resources/publish', { query: { highlight_id, resource_ids } });
}

/** The publish mutation for the list of `type`: the highlight's resources shrink, or it leaves the list. */
export function usePublishResources(type: string) {
  const queryClient = useQueryClient();
  const { queryKey } = externalResourcesQueryOptions(type);
  return useMutation({
    mutationFn: publishResources,
    onSuccess: (result) => {
      queryClient.setQueryData<ExternalResourceList>(queryKey, (old) => {
        if (!old) return old;
        const highlights = applyPublish(old.highlights, result, type);
        return { highlights, count: Math.max(0, old.count - (old.highlights.length - highlights.length)) };
      });
    },
  });
}
