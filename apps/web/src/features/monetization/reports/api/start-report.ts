// POST bulk-update/fill (Populate Report, a report-fill job) and POST bulk-update/submit (Update
// report, a report-update job): each answers 202 with the job id to poll.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportFillBody } from '@hc/shared/api/reports';
import { editorApi } from '../../../../lib/api.ts';

export const fillReport = (body: ReportFillBody): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('bulk-update/fill', { method: 'POST', body });

export const updateReport = (externalId: string): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('bulk-update/submit', { method: 'POST', body: { external_id: externalId } });

export const useFillReport = () => useMutation({ mutationFn: fillReport });

/** An update changes configurations: the monetization reads reload. */
export function useUpdateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: () => client.invalidateQueries({ queryKey: ['monetization'] }),
  });
}
