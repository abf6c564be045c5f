// POST bulk-update/preview: what an uploaded workbook would change, row by row (conflicts and refused
// values marked), written nowhere until the admin confirms.
import { useMutation } from '@tanstack/react-query';
import type { ReportPreview } from '@hc/shared/api/reports';
import { editorApi } from '../../../../lib/api.ts';

export const previewReport = (externalId: string): Promise<ReportPreview> =>
  editorApi<ReportPreview>('bulk-update/preview', { method: 'POST', body: { external_id: externalId } });

export const usePreviewReport = () => useMutation({ mutationFn: previewReport });
