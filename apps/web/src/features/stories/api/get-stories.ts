// GET stamp/stories?page&per&q: one page of the publisher's stories, newest update first.
// The server sorts; the table only pages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { Story } from './types.ts';

export interface StoriesParams {
  page: number;
  per: number;
  q: string;
}

export interface StoryList {
  stories: Story[];
  count: number;
}

/** Fetches one page of stories; an empty search is not sent. */
export function getStories(params: StoriesParams, signal?: AbortSignal): Promise<StoryList> {
  return editorApi<StoryList>('stamp/stories', { query: { ...params, q: params.q.trim() }, signal });
}

/** Without params: the root key of every story query, which the mutations invalidate. */
export function storiesQueryOptions(params?: StoriesParams) {
  return queryOptions({
    queryKey: params ? (['stories', 'list', params] as const) : (['stories'] as const),
    queryFn: ({ signal }) => getStories(params ?? { page: 1, per: 10, q: '' }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One page of stories for the table. */
export function useStories(params: StoriesParams) {
  return useQuery(storiesQueryOptions(params));
}
