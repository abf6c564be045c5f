// POST monetization_setup/submit: queues the grid's edits as a monetization-submit job (202 {job_id});
// the same session id is the same job and is applied once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GridSubmitBody } from '@hc/shared/api/ad-grid';
import { editorApi } from '../../../../lib/api.ts';

export const submitGrid = (body: GridSubmitBody): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('monetization_setup/submit', { method: 'POST', body });

/** Submits; the view, config and audit reads of monetization reload once the job has run. */
export function useSubmitGrid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitGrid,
    onSuccess: () => client.invalidateQueries({ queryKey: ['monetization'] }),
  });
}
