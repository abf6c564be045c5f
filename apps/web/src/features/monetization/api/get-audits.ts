// GET monetization_audit?page&per&from&publisher_id: one page of the audit log (page 1-based, from in days).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@hc/shared/api/monetization';
import { editorApi } from '../../../lib/api.ts';

export interface AuditParams {
  page: number;
  per: number;
  from: number;
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
