// What other features may use of monetization: the audit log's time format (the job center shows times the same way).
export { formatEntryTime } from './audit/auditFilters.ts';
