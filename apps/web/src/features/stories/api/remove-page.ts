// POST stamp/stories/page/remove/{id}: deletes one page.
import { editorApi } from '../../../lib/api.ts';

export function removePage(id: number): Promise<{ message: string }> {
  return editorApi<{ message: string }>(`stamp/stories/page/remove/${id}`, { method: 'POST' });
}
