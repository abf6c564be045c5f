// POST bulk-update/fill (Populate Report, a report-fill job) and POST bulk-update/submit (the confirm of
// an Update report preview, a report-update job): each answers 202 with the job id to poll.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportFillBody } from '@hc/shared/api/reports';
import { editorApi } from '../../../../lib/api.ts';

export const fillReport = (body: ReportFillBody): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('bulk-update/fill', { method: 'POST', body });

export interface ConfirmUpdate {
  externalId: string;
  previewId: number;
  /** Apply the rows that neither conflict nor break a rule (otherwise all or nothing). */
  applyRest: boolean;
}

export const updateReport = ({
  externalId,
  previewId,
  applyRest,
}: ConfirmUpdate): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('bulk-update/submit', {
    method: 'POST',
    body: { external_id: externalId, preview_id: previewId, apply_rest: applyRest },
  });

export const useFillReport = () => useMutation({ mutationFn: fillReport });

/** An update changes configurations: the monetization reads reload. */
export function useUpdateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: () => client.invalidateQueries({ queryKey: ['monetization'] }),
  });
}
