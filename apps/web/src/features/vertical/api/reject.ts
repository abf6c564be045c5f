// POST vertical_video/reject {video_id, reason[], content_type}: no vertical is made and the source video is
// marked rejected.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { editorApi } from '../../../lib/api.ts';
import { fencedRequest, type Fenced } from '../../../lib/locks/api/task-lock.ts';
import { pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';

export interface RejectInput {
  video_id: number;
  /** At least one reason of VERTICAL_BAD_QUALITY_REASONS. */
  reason: string[];
  content_type: 'highlight' | 'full_video';
}

/** Sent under the task's lease: its fencing number goes as the x-lock-fence header. */
export const rejectTask = (input: Fenced<RejectInput>): Promise<{ task: VerticalTask }> =>
  editorApi<{ task: VerticalTask }>('vertical_video/reject', { method: 'POST', ...fencedRequest(input) });

export function useRejectTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingCountsQueryOptions().queryKey }),
  });
}
