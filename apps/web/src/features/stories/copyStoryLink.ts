// Copying a story's link or thumbnail link, from the list's drawer or the editor: a story without the link
// yet says why, and a clipboard that refuses says so.
import { messages } from '@hc/shared/messages';
import { copyText } from '../../lib/clipboard.ts';
import type { ToastApi } from '../../lib/toast.tsx';
import { linkToCopy } from './storyLinks.ts';

export async function copyStoryLink(link: string | null, toast: Pick<ToastApi, 'success' | 'error'>) {
  const copy = linkToCopy(link);
  if (!copy.ok) return toast.error(copy.message);
  if (await copyText(copy.text)) toast.success(messages.linkCopied);
  else toast.error(messages.somethingWentWrong);
}
