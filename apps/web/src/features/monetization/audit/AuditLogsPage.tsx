// Audit Logs (spec 002 §2.5; /admin/monetization/audit): a start date (no future dates, 120 days back by
// default; a calendar day in the browser's time zone) and a publisher; a server-paged table (1-based
// pages) whose rows open the change details, times shown on the same wall clock.
import { useState } from 'react';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { AuditEntry } from '@hc/shared/api/monetization';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { usePersistentPageSize } from '../../../components/usePersistentPageSize.ts';
import { useAudits } from '../api/get-audits.ts';
import { usePublishers } from '../api/get-publishers.ts';
import { ChangeDetailsDialog } from './ChangeDetailsDialog.tsx';
import { clampStartDate, defaultStartDate, formatEntryTime, startDateParams } from './auditFilters.ts';
import '../../../components/data-page.css';
import '../monetization.css';

export function AuditLogsPage() {
  const publishers = usePublishers();
  const [start, setStart] = useState(() => defaultStartDate());
  const [publisherId, setPublisherId] = useState<number | undefined>(undefined);
  const [per, setPer] = usePersistentPageSize('monetization-audit');
  const filterKey = JSON.stringify([start.getTime(), publisherId, per]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const params = {
    page,
    per,
    ...startDateParams(start),
    ...(publisherId ? { publisher_id: publisherId } : {}),
  };
  const audits = useAudits(params);
  const total = audits.data?.totalItems ?? 0;

  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) return setPer(e.rows);
    setPaging({ key: filterKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-audit">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Audit Logs</h1>
          <p className="hc-page-subtitle">Every change of a monetization setup, newest first.</p>
        </div>
        {audits.data && (
          <span className="hc-result-count" data-testid="audit-count">
            {formatNumber(total)} {total === 1 ? 'change' : 'changes'}
          </span>
        )}
      </header>

      <div className="hc-card hc-toolbar">
        <div className="hc-toolbar__field">
          <label htmlFor="audit-start">Start date</label>
          <Calendar
            inputId="audit-start"
            value={start}
            maxDate={new Date()}
            dateFormat="M dd, yy"
            showIcon
            onChange={(e) => e.value && setStart(clampStartDate(e.value))}
            data-testid="audit-start"
          />
        </div>
        <div className="hc-toolbar__field hc-toolbar__field--grow">
          <label htmlFor="audit-publisher">Publisher</label>
          <Dropdown
            inputId="audit-publisher"
            value={publisherId ?? null}
            options={publishers.data ?? []}
            optionLabel="name"
            optionValue="id"
            filter
            showClear
            placeholder="All publishers"
            onChange={(e) => setPublisherId((e.value as number | null) ?? undefined)}
            data-testid="audit-publisher"
          />
        </div>
      </div>

      {audits.isError && !audits.data ? (
        <StatePanel kind="error" message={messages.networkError} onRetry={() => void audits.refetch()} />
      ) : (
        <div className="hc-card hc-table-card" data-testid="audit-table">
          <DataTable
            value={audits.data?.audits ?? []}
            dataKey="id"
            lazy
            paginator={total > 0}
            first={(page - 1) * per}
            rows={per}
            totalRecords={total}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            onPage={onPage}
            loading={audits.isPending || audits.isPlaceholderData}
            emptyMessage={<div className="hc-empty">{messages.noResults}</div>}
            onRowClick={(e) => setOpen(e.data as AuditEntry)}
            rowClassName={() => 'hc-row hc-row--clickable'}
            pt={{ bodyRow: { 'data-testid': 'audit-row' } as object }}
            tableClassName="hc-table"
          >
            <Column header="Publisher" field="publisher_name" />
            <Column header="Placement" body={(a: AuditEntry) => a.placement_name ?? '—'} />
            <Column
              header="Date"
              body={(a: AuditEntry) => (
                <span className="hc-nowrap" data-testid="audit-date">
                  {formatEntryTime(a.date)}
                </span>
              )}
            />
            <Column header="User" field="email" />
            <Column
              header="Action"
              body={(a: AuditEntry) => (
                <span className="hc-nowrap">
                  {a.action} {a.auditable_type}
                  {a.field_name ? ` · ${a.field_name}` : ''}
                </span>
              )}
            />
          </DataTable>
        </div>
      )}
      <ChangeDetailsDialog entry={open} onHide={() => setOpen(null)} />
    </div>
  );
}
