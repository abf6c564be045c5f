// POST editor highlights/submit_feedback: the review of one article. On success the
// article leaves every cached queue page, the pending counts drop by one (the server's remaining count
// wins) and both are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, editorApi } from '../../../lib/api.ts';
import { fencedRequest, type Fenced } from '../../../lib/locks/api/task-lock.ts';
import type { PendingReviewList, SubmitFeedbackBody, SubmitFeedbackResult } from '@hc/shared/api/review';
import { lowerPendingCount, pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';
import type { PendingCounts } from '@hc/shared/api/pending';
import { PENDING_ARTICLES_KEY } from './get-pending-articles.ts';

/** Sent under the article's lease: its fencing number goes as the x-lock-fence header. */
export function submitFeedback(input: Fenced<SubmitFeedbackBody>): Promise<SubmitFeedbackResult> {
  return editorApi<SubmitFeedbackResult>('highlights/submit_feedback', {
    method: 'POST',
    ...fencedRequest(input),
  });
}

/** The list without the article, and its count one lower (when it was on the page). */
export function withoutArticle(list: PendingReviewList, articleId: number): PendingReviewList {
  const articles = list.articles.filter((a) => a.id !== articleId);
  const removed = list.articles.length - articles.length;
  return { articles, count: Math.max(0, list.count - (removed > 0 ? removed : 1)) };
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  const countsKey = pendingCountsQueryOptions().queryKey;
  return useMutation({
    mutationFn: submitFeedback,
    onError: async (error) => {
      // 409: someone else reviewed it first; the queue and the counts are stale.
      if (error instanceof ApiError && error.status === 409) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: PENDING_ARTICLES_KEY }),
          queryClient.invalidateQueries({ queryKey: countsKey }),
        ]);
      }
    },
    onSuccess: async (result, input) => {
      queryClient.setQueriesData<PendingReviewList>(
        { queryKey: PENDING_ARTICLES_KEY },
        (old) => old && withoutArticle(old, input.article_id),
      );
      queryClient.setQueryData<PendingCounts>(
        countsKey,
        (old) =>
          old &&
          lowerPendingCount(
            old,
            'autoHighlightReview',
            typeof result.remaining === 'number' ? result.remaining : undefined,
          ),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PENDING_ARTICLES_KEY }),
        queryClient.invalidateQueries({ queryKey: countsKey }),
      ]);
    },
  });
}
