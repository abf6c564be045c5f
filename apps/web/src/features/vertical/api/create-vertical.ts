// POST vertical_video/create: a new manual suggestion (source 2) from the frame editor's keyframe file and
// time range; the server queues its vertical render (202). Used by Manual Creation, by a modify whose new
// time range no longer overlaps the original, and by Create New.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerticalTask } from '@hc/shared/api/vertical';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { editorApi } from '../../../lib/api.ts';
import { fencedRequest, type Fenced } from '../../../lib/locks/api/task-lock.ts';
import { pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';
import { TASK_DETAILS_KEY } from './get-task-details.ts';
import { VERTICAL_TASKS_KEY } from './get-vertical-tasks.ts';

/** The body of create and update (the same payload). */
export interface VerticalVideoWrite {
  vertical_content_id: number;
  content_type: 'highlight' | 'full_video';
  keyframe: KeyframeFile;
  /** Seconds in the source video. */
  start_time: number;
  end_time: number;
  /** The reasons chosen in the review modal (at least one). */
  reason: string[];
}

export interface VerticalVideoWriteResult {
  task: VerticalTask;
  /** The vertical-render job: poll it with get-render-job.ts. */
  job_id: string;
  /** The suggestion the render is made from (a new one for create). */
  vertical_content_id: number;
}

/** Sent under the task's lease: its fencing number goes as the x-lock-fence header. */
export const createVertical = (input: Fenced<VerticalVideoWrite>): Promise<VerticalVideoWriteResult> =>
  editorApi<VerticalVideoWriteResult>('vertical_video/create', { method: 'POST', ...fencedRequest(input) });

/** After a create or update the task leaves review: the lists, its details and the counts are stale. */
export function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: VERTICAL_TASKS_KEY }),
      queryClient.invalidateQueries({ queryKey: TASK_DETAILS_KEY }),
      queryClient.invalidateQueries({ queryKey: pendingCountsQueryOptions().queryKey }),
    ]);
}

export function useCreateVertical() {
  const invalidate = useInvalidateAfterWrite();
  // Not awaited: the caller's mutateAsync (the success message, the render progress) must not wait for
  // the lists and the task's details to be fetched again.
  return useMutation({ mutationFn: createVertical, onSuccess: () => void invalidate() });
}
