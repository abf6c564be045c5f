// POST stamp/stories/create {title}: a new, empty draft story.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import { storiesQueryOptions } from './get-stories.ts';
import type { Story } from './types.ts';

/** Creates a story; the server answers with it (201). */
export function createStory(title: string): Promise<Story> {
  return editorApi<Story>('stamp/stories/create', { method: 'POST', body: { title } });
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storiesQueryOptions().queryKey }),
  });
}
