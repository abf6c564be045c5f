// POST stamp/stories/page/create and POST stamp/stories/page/update/{id}: one page of a story (spec 001
// §2.4, §7; the contract names the paths the spec leaves out).
import { editorApi } from '../../../lib/api.ts';
import type { StoryPage, StoryPageWrite } from './types.ts';

/** Creates the page (no id) or updates page `id`; the server answers with its copy. */
export function savePage(body: StoryPageWrite, id?: number): Promise<StoryPage> {
  return id === undefined
    ? editorApi<StoryPage>('stamp/stories/page/create', { method: 'POST', body })
    : editorApi<StoryPage>(`stamp/stories/page/update/${id}`, { method: 'POST', body });
}
