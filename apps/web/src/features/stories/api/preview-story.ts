// The story's AMP html for the preview frame: GET stamp/stories/preview/{id} for the
// saved story (the list's drawer), POST stamp/stories/preview {story, pages} for a draft that may include
// a page not saved yet (the editor).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { Story, StoryDraftPage } from './types.ts';

/** The saved story's html. */
export function getStoryPreview(id: number, signal?: AbortSignal): Promise<{ html: string }> {
  return editorApi<{ html: string }>(`stamp/stories/preview/${id}`, { signal });
}

export function storyPreviewQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['stories', 'preview', id] as const,
    queryFn: ({ signal }) => getStoryPreview(id, signal),
    retry: false,
  });
}

/** The saved story's html for the list's drawer. */
export function useStoryPreview(id: number | null) {
  return useQuery({ ...storyPreviewQueryOptions(id ?? 0), enabled: id !== null });
}

/** The draft's html. */
export function previewDraft(
  story: Pick<Story, 'id' | 'title' | 'updated_at'>,
  pages: StoryDraftPage[],
  signal?: AbortSignal,
): Promise<{ html: string }> {
  return editorApi<{ html: string }>('stamp/stories/preview', {
    method: 'POST',
    body: { story, pages },
    signal,
  });
}
