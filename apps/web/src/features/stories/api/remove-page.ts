// POST stamp/stories/page/remove/{id}: deletes one page.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

export function removePage(id: number): Promise<{ message: string }> {
  return editorApi<{ message: string }>(`stamp/stories/page/remove/${id}`, { method: 'POST' });
}

/** The editor fetches the story again after a delete itself, so no query is touched here. */
export function useRemovePage() {
  return useMutation({ mutationFn: removePage });
}
