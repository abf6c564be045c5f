// POST vertical_video/render/retry {video_id, render_job_id}: renders again a task whose render failed, was
// skipped or was lost (the review list's Retry). The server refuses a task whose render changed since the
// list was loaded; a second click while it is queued answers the same job.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerticalRenderRetryBody, VerticalRenderStarted } from '@hc/shared/api/vertical';
import { editorApi } from '../../../lib/api.ts';
import { pendingCountsQueryOptions } from '../../../lib/pending/api/get-pending-counts.ts';
import { VERTICAL_TASKS_KEY } from './get-vertical-tasks.ts';

export const retryRender = (body: VerticalRenderRetryBody): Promise<VerticalRenderStarted> =>
  editorApi<VerticalRenderStarted>('vertical_video/render/retry', { method: 'POST', body });

/** After a retry (or its refusal) the lists and counts are read again: the task moved either way. */
export function useRetryRender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryRender,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: VERTICAL_TASKS_KEY }),
        client.invalidateQueries({ queryKey: pendingCountsQueryOptions().queryKey }),
      ]),
  });
}
