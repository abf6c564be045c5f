// POST dashboard v2 articles/{article_id} {apv_mode, status}: the two enable checkboxes.
// Optimistic: every cached page changes at once and is put back if the call fails.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Highlight, HighlightList } from '@hc/shared/api/highlights';
import type { APV_MODES } from '@hc/shared/api/highlights';
import { dashboardApi } from '../../../lib/api.ts';
import { highlightsQueryOptions } from './get-highlights.ts';

export type ApvMode = (typeof APV_MODES)[number];

export interface ArticleStatusInput {
  article_id: number;
  apv_mode: ApvMode;
  status: boolean;
}

export interface ArticleStatusResult {
  article_id: number;
  article_active: boolean;
  ia_article_active: boolean;
}

/** Enables or disables an article's APV on the front page ('regular') or the article page ('article'). */
export function setArticleStatus({
  article_id,
  apv_mode,
  status,
}: ArticleStatusInput): Promise<ArticleStatusResult> {
  return dashboardApi<ArticleStatusResult>(`articles/${article_id}`, {
    method: 'POST',
    body: { apv_mode, status },
  });
}

/** The highlight with the mode's flag set: regular → article_active, article → ia_article_active. */
export function withArticleStatus<
  T extends Pick<Highlight, 'article_id' | 'article_active' | 'ia_article_active'>,
>(highlight: T, { article_id, apv_mode, status }: ArticleStatusInput): T {
  if (highlight.article_id !== article_id) return highlight;
  return apv_mode === 'regular'
    ? { ...highlight, article_active: status }
    : { ...highlight, ia_article_active: status };
}

const patchList = (list: HighlightList | undefined, input: ArticleStatusInput): HighlightList | undefined =>
  list && { ...list, highlights: list.highlights.map((h) => withArticleStatus(h, input)) };

const MUTATION_KEY = ['highlights', 'article-status'] as const;

/** The enable/disable mutation with optimistic cache updates, rollback and a final refetch. */
export function useSetArticleStatus() {
  const queryClient = useQueryClient();
  const listKey = highlightsQueryOptions().queryKey;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: setArticleStatus,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueriesData<HighlightList>({ queryKey: listKey }, (old) => patchList(old, input));
    },
    onError: (_error, input) => {
      // Undo only this change (not a snapshot), so a concurrent toggle on another row survives.
      queryClient.setQueriesData<HighlightList>({ queryKey: listKey }, (old) =>
        patchList(old, { ...input, status: !input.status }),
      );
    },
    onSuccess: (result) => {
      queryClient.setQueriesData<HighlightList>(
        { queryKey: listKey },
        (old) =>
          old && {
            ...old,
            highlights: old.highlights.map((h) =>
              h.article_id === result.article_id
                ? { ...h, article_active: result.article_active, ia_article_active: result.ia_article_active }
                : h,
            ),
          },
      );
    },
    onSettled: async () => {
      // Refetch once the last toggle in a burst has settled (status filters may drop the row).
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
  });
}
