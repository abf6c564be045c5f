// POST dashboard v2 articles/{article_id} {apv_mode: 'regular', status: true}: activates the article's
// highlight on the front page from the review panel.
import { useMutation } from '@tanstack/react-query';
import { dashboardApi } from '../../../lib/api.ts';

export interface ActivateResult {
  article_id: number;
  article_active: boolean;
  ia_article_active: boolean;
}

export function activateHighlight(articleId: number): Promise<ActivateResult> {
  return dashboardApi<ActivateResult>(`articles/${articleId}`, {
    method: 'POST',
    body: { apv_mode: 'regular', status: true },
  });
}

export function useActivateHighlight() {
  return useMutation({ mutationFn: activateHighlight });
}
