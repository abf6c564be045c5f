// POST bulk-update/workbooks (a new empty workbook) and POST bulk-update/workbooks/upload (an edited
// XLSX, inspected by the server): each answers the workbook's spreadsheet id.
import { useMutation } from '@tanstack/react-query';
import type { Workbook } from '@hc/shared/api/reports';
import { editorApi } from '../../../../lib/api.ts';

export const createWorkbook = (): Promise<Workbook> =>
  editorApi<Workbook>('bulk-update/workbooks', { method: 'POST' });

export const uploadWorkbook = (file: File): Promise<Workbook> => {
  const body = new FormData();
  body.append('file', file);
  return editorApi<Workbook>('bulk-update/workbooks/upload', { method: 'POST', body });
};

export const useCreateWorkbook = () => useMutation({ mutationFn: createWorkbook });
export const useUploadWorkbook = () => useMutation({ mutationFn: uploadWorkbook });
