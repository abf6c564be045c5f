// POST stamp/stories/page/create and POST stamp/stories/page/update/{id}: one page of a story (the
// contract names these paths; the product description leaves them out).
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { StoryPage, StoryPageWrite } from './types.ts';

/** Creates the page (no id) or updates page `id`; the server answers with its copy. */
export function savePage(body: StoryPageWrite, id?: number): Promise<StoryPage> {
  return id === undefined
    ? editorApi<StoryPage>('stamp/stories/page/create', { method: 'POST', body })
    : editorApi<StoryPage>(`stamp/stories/page/update/${id}`, { method: 'POST', body });
}

/** The editor fetches the story again after a save itself, so no query is touched here. */
export function useSavePage() {
  return useMutation({
    mutationFn: ({ body, id }: { body: StoryPageWrite; id?: number }) => savePage(body, id),
  });
}
