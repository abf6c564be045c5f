// GET monetization_audit?page&per&start_date&time_zone&publisher_id: one page of the audit log (page
// 1-based; from the first instant of start_date, a calendar day in time_zone, up to now).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@hc/shared/api/monetization';
import { editorApi } from '../../../lib/api.ts';

export interface AuditParams {
  page: number;
  per: number;
  /** YYYY-MM-DD. */
  start_date: string;
  /** IANA name: the zone the start date was picked in. */
  time_zone: string;
  publisher_id?: number;
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
