// POST stamp/stories/poster/check: the server loads the poster URL, as the console's own pages may
// not load another site's image.
import { editorApi } from '../../../lib/api.ts';

export function checkPoster(poster: string, signal?: AbortSignal): Promise<{ poster: string }> {
  return editorApi<{ poster: string }>('stamp/stories/poster/check', {
    method: 'POST',
    body: { poster },
    ...(signal ? { signal } : {}),
  });
}
