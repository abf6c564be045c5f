// POST vertical_video/reels/update {id, valid}: the reels_valid flag of a ready or rejected task. Its
// failure is only logged to the console (the flag is a minor hint, not worth a toast); the switch goes back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { editorApi } from '../../../lib/api.ts';
import { VERTICAL_TASKS_KEY } from './get-vertical-tasks.ts';
import type { VerticalTaskList } from './get-vertical-tasks.ts';

export interface ReelsValidUpdate {
  id: number;
  valid: boolean;
}

export const updateReelsValid = (update: ReelsValidUpdate): Promise<{ tasks: VerticalTask[] }> =>
  editorApi<{ tasks: VerticalTask[] }>('vertical_video/reels/update', { method: 'POST', body: update });

/** Every cached task list with the tasks in `changed` replaced by their new version. */
function replaceTasks(client: QueryClient, changed: VerticalTask[]) {
  const byId = new Map(changed.map((t) => [t.video_id, t]));
  client.setQueriesData<VerticalTaskList>({ queryKey: VERTICAL_TASKS_KEY }, (list) =>
    list && list.tasks.some((t) => byId.has(t.video_id))
      ? { ...list, tasks: list.tasks.map((t) => byId.get(t.video_id) ?? t) }
      : list,
  );
}

/** The reels_valid switch: the lists show the server's answer; a failure is logged, nothing is shown. */
export function useUpdateReelsValid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReelsValid,
    onSuccess: ({ tasks }) => replaceTasks(client, tasks),
    onError: (error, update) => console.error('reels_valid update failed', update, error),
  });
}
