// GET editor highlights/auto_highlights?article_id: the algorithm's highlights of one article and how
// many of them to review (numberOfAlgoSuggestions, default 2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Highlight } from '@hc/shared/api/highlights';
import type { AutoHighlights } from '@hc/shared/api/review';
import { DEFAULT_ALGO_SUGGESTIONS } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';

/** The highlights the panel shows: the first `limit` (the default when the server sends none). */
export function limitedHighlights(data: AutoHighlights): Highlight[] {
  const limit = Number.isInteger(data.limit) && data.limit > 0 ? data.limit : DEFAULT_ALGO_SUGGESTIONS;
  return data.highlights.slice(0, limit);
}

export function getAutoHighlights(articleId: number, signal?: AbortSignal): Promise<AutoHighlights> {
  return editorApi<AutoHighlights>('highlights/auto_highlights', {
    query: { article_id: articleId },
    signal,
  });
}

export function autoHighlightsQueryOptions(articleId: number) {
  return queryOptions({
    queryKey: ['review', 'auto-highlights', articleId] as const,
    queryFn: ({ signal }) => getAutoHighlights(articleId, signal),
  });
}

/** The selected article's auto highlights (nothing is asked while no article is selected). */
export function useAutoHighlights(articleId: number | null) {
  return useQuery({ ...autoHighlightsQueryOptions(articleId ?? 0), enabled: articleId !== null });
}
