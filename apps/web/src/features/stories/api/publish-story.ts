// POST stamp/stories/save {story: {id, updated_at, title?}, pages}: publishes the story; the answer
// carries the AMP html and the story with its new updated_at.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { Story } from './types.ts';

export interface PublishInput {
  story: { id: number; updated_at: number; title?: string };
  /** The story's pages in order, by id. */
  pages: { id: number }[];
}

/** Publishes; throws ApiError (the editor shows 'Sorry, Unable to publish story.'). */
export function publishStory(input: PublishInput): Promise<{ html: string; story: Story }> {
  return editorApi<{ html: string; story: Story }>('stamp/stories/save', { method: 'POST', body: input });
}

export function usePublishStory() {
  return useMutation({ mutationFn: publishStory });
}
