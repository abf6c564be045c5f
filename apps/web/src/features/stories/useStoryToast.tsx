// The stories screens' toasts: the console's toasts, staying 6.5 s as the story editor's users expect
// rather than the console's 7 s.
import { useMemo } from 'react';
import { TOAST_LIFE_STORY_EDITOR_MS } from '@hc/shared/constants';
import { useToast, type ToastApi } from '../../lib/toast.tsx';

/** [nothing more to render (the console shows the toasts), the { success, error, info } api]. */
export function useStoryToast(): [null, ToastApi] {
  const toast = useToast();
  const api = useMemo<ToastApi>(
    () => ({
      success: (text) => toast.success(text, { lifeMs: TOAST_LIFE_STORY_EDITOR_MS }),
      error: (text) => toast.error(text, TOAST_LIFE_STORY_EDITOR_MS),
      info: (text) => toast.info(text, TOAST_LIFE_STORY_EDITOR_MS),
    }),
    [toast],
  );
  return [null, api];
}
