// GET monetization_audit?page&per&start_date&time_zone&publisher_id: one page of the audit log (page
// 1-based; from the first instant of start_date, a calendar day in time_zone, up to now).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@hc/shared/api/monetization';
import { API, editorApi, requestBlob } from '../../../lib/api.ts';

export interface AuditParams {
  page: number;
  per: number;
  /** YYYY-MM-DD. */
  start_date: string;
  /** IANA name: the zone the start date was picked in. */
  time_zone: string;
  publisher_id?: number;
  /** YYYY-MM-DD, the last day listed (in time_zone); none lists up to now. */
  end_date?: string;
  user?: string;
  action?: string;
  auditable_type?: string;
  field?: string;
  q?: string;
}

export const getAudits = (params: AuditParams, signal?: AbortSignal): Promise<AuditList> =>
  editorApi<AuditList>('monetization_audit', { query: { ...params }, signal });

export const auditsQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: ['monetization', 'audits', params],
    queryFn: ({ signal }) => getAudits(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAudits = (params: AuditParams) => useQuery(auditsQueryOptions(params));

/** The filtered log as a CSV file (every matching entry up to the export's cap). */
export const exportAudits = (params: Omit<AuditParams, 'page' | 'per'>) =>
  requestBlob(API.editor, 'monetization_audit/export', { query: { ...params } });

/** Sets one field of the entry's config back to its value before the entry. */
export const revertAudit = (id: number, field: string) =>
  editorApi<{ reverted: true }>(`monetization_audit/${id}/revert`, { method: 'POST', body: { field } });
