// POST vertical_video/approve {vertical_content_id, content_type, quality}: accepts a suggestion; the server
// queues its vertical render (202) and the task leaves review.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { editorApi } from '../../../lib/api.ts';
import { fencedRequest, type Fenced } from '../../../lib/locks/api/task-lock.ts';
import { pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';

export interface ApproveInput {
  vertical_content_id: number;
  content_type: 'highlight' | 'full_video';
  quality: 'good';
}

export interface ApproveResult {
  task: VerticalTask;
  /** The vertical-render job: poll it with get-render-job.ts. */
  job_id: string;
}

/** Sent under the task's lease: its fencing number goes as the x-lock-fence header. */
export const approveSuggestion = (input: Fenced<ApproveInput>): Promise<ApproveResult> =>
  editorApi<ApproveResult>('vertical_video/approve', { method: 'POST', ...fencedRequest(input) });

export function useApproveSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveSuggestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingCountsQueryOptions().queryKey }),
  });
}
