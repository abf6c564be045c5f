// GET bulk-update/workbooks/{external_id}/link: a fresh, short-lived download link of a workbook.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../../lib/api.ts';

export const getWorkbookLink = (externalId: string): Promise<{ link: string }> =>
  editorApi<{ link: string }>(`bulk-update/workbooks/${encodeURIComponent(externalId)}/link`);

/** Asked when the user downloads, so the link is always fresh. */
export const useWorkbookLink = () => useMutation({ mutationFn: getWorkbookLink });
