// GET stamp/stories/{id}: one story with its pages and the video form fields. The editor also fetches it
// again before preview and publish, to compare updated_at, and after every page call.
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { Story } from './types.ts';

/** Fetches one story. */
export function getStory(id: number, signal?: AbortSignal): Promise<Story> {
  return editorApi<Story>(`stamp/stories/${id}`, { signal });
}

export function storyQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['stories', 'detail', id] as const,
    queryFn: ({ signal }) => getStory(id, signal),
    // A failed load leaves for /stamp; retrying a 404 would only delay that.
    retry: false,
  });
}

/** The story the editor opens; disabled without a valid id. */
export function useStory(id: number | null) {
  return useQuery({ ...storyQueryOptions(id ?? 0), enabled: id !== null });
}

/** Fetches the story from the server now, whatever the cache holds; the cache takes the answer. */
export function useFetchStory() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => queryClient.fetchQuery({ ...storyQueryOptions(id), staleTime: 0 }),
    [queryClient],
  );
}
