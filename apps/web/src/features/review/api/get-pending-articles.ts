// GET editor articles/pending_review: the Auto Highlight Review queue, sorted and paged by the server and
// filtered by publisher.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingReviewList, PendingReviewSort } from '@hc/shared/api/review';
import { ApiError, editorApi } from '../../../lib/api.ts';
import { PUSH_FED } from '../../../lib/live.ts';

export interface PendingArticlesParams {
  sort_by: PendingReviewSort;
  order_by: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  per: number;
  /** A publisher's id; absent for every publisher the user may review. */
  publisher?: number;
}

export function getPendingArticles(params: PendingArticlesParams, signal?: AbortSignal) {
  return editorApi<PendingReviewList>('articles/pending_review', { query: { ...params }, signal });
}

/** The root key: the submit mutation updates and invalidates every cached page through it. */
export const PENDING_ARTICLES_KEY = ['review', 'pending'] as const;

export function pendingArticlesQueryOptions(params: PendingArticlesParams) {
  return queryOptions({
    queryKey: [...PENDING_ARTICLES_KEY, params] as const,
    queryFn: ({ signal }) => getPendingArticles(params, signal),
    placeholderData: keepPreviousData,
    retry: (failureCount: number, error: Error) =>
      failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
    meta: PUSH_FED,
  });
}

/** One page of the review queue. */
export function usePendingArticles(params: PendingArticlesParams) {
  return useQuery(pendingArticlesQueryOptions(params));
}
