// GET bulk-update/history (the admin's populated workbooks, newest first) and GET
// bulk-update/history/{id}/file (one of them as it was generated, fetched with the session headers).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PopulatedWorkbook } from '@hc/shared/api/reports';
import { API, editorApi, requestBlob } from '../../../../lib/api.ts';
import { filenameFromDisposition, saveBlob } from '../../../../components/saveBlob.ts';

export const populatedWorkbooksQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'history'] as const,
    queryFn: ({ signal }) => editorApi<PopulatedWorkbook[]>('bulk-update/history', { signal }),
  });

export const usePopulatedWorkbooks = () => useQuery(populatedWorkbooksQueryOptions());

export async function downloadPopulatedWorkbook(id: number) {
  const { blob, headers } = await requestBlob(API.editor, `bulk-update/history/${id}/file`);
  return {
    blob,
    filename: filenameFromDisposition(headers.get('content-disposition')) ?? `report-${id}.xlsx`,
  };
}

export const useDownloadPopulatedWorkbook = () =>
  useMutation({
    mutationFn: downloadPopulatedWorkbook,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
