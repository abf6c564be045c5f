// Audit Logs (/admin/monetization/audit): a start date (no future dates, 120 days back by
// default; a calendar day in the browser's time zone) and a publisher; a server-paged table (1-based
// pages) whose rows open the change details, times shown on the same wall clock. As a tool it also has an
// end date, filters by user, action, object and field, a word search, a CSV export of what is listed,
// each entry's link to the setup it changed and its fields' before and after in the row. Every filter and
// the page live in the address, so a reload or a shared link shows the same entries.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { AUDIT_ACTIONS, AUDITABLE_TYPES, type AuditEntry } from '@hc/shared/api/monetization';
import { auditChangeRows, formatAuditValue } from '@hc/shared/monetization/audit-changes';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { auditToolMessages, messages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { filenameFromDisposition, saveBlob } from '../../../components/saveBlob.ts';
import { configPath, type ConfigNavigationState } from '../setup/actions.ts';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { useListPage, useSearchText } from '../../../lib/list-page/useListPage.ts';
import {
  choiceField,
  dayField,
  intField,
  optionalField,
  textField,
} from '../../../lib/list-page/urlState.ts';
import { exportAudits, useAudits } from '../api/get-audits.ts';
import { usePublishers } from '../api/get-publishers.ts';
import { ChangeDetailsDialog } from './ChangeDetailsDialog.tsx';
import { clampStartDate, defaultStartDate, formatEntryTime, startDateParams } from './auditFilters.ts';
import { countLabel, ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import { ToolbarSelect } from '../../../lib/list-page/ListToolbar.tsx';
import '../../../components/data-page.css';
import '../monetization.css';

/** The setup page of the entry's publisher or placement. */
function ObjectLink({ entry }: { entry: AuditEntry }) {
  const placement = entry.placement_id !== null;
  const state: ConfigNavigationState = placement
    ? { placement: { id: entry.placement_id!, name: entry.placement_name ?? '' } }
    : {};
  return (
    <Link
      to={configPath(placement ? 'update-placement-config' : 'update-publisher-config', entry.publisher_id)}
      state={state}
      className="hc-title-link hc-nowrap"
      onClick={(e) => e.stopPropagation()}
      data-testid="audit-object"
    >
      {entry.auditable_type}
    </Link>
  );
}

const URL_FIELDS = {
  // No start in the address means the default look-back, counted from the day the page is open.
  start: dayField(),
  end: dayField(),
  publisher: intField(1, Number.MAX_SAFE_INTEGER),
  action: optionalField(choiceField(AUDIT_ACTIONS, AUDIT_ACTIONS[0])),
  object: optionalField(choiceField(AUDITABLE_TYPES, AUDITABLE_TYPES[0])),
  user: textField(),
  field: textField(),
  q: textField(),
};
type TextKey = 'user' | 'field' | 'q';

/** A day from the address as a date on the user's wall clock. */
const dayDate = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d);
};
const dayOf = (date: Date): string => startDateParams(date).start_date;

const MAX_CHANGES_SHOWN = 2;

/** The entry's fields with their before and after, the first few (the dialog has them all). */
function ChangesCell({ entry }: { entry: AuditEntry }) {
  let rows: ReturnType<typeof auditChangeRows> = [];
  try {
    rows = auditChangeRows(entry.audited_changes, entry.field_name);
  } catch {
    return null;
  }
  return (
    <div className="hc-audit-changes" data-testid="audit-changes">
      {rows.slice(0, MAX_CHANGES_SHOWN).map((r) => (
        <div key={r.field}>
          <span className="hc-mono">{r.field}</span>: {formatAuditValue(r.before) || '∅'} →{' '}
          {formatAuditValue(r.after) || '∅'}
        </div>
      ))}
      {rows.length > MAX_CHANGES_SHOWN && (
        <span className="hc-muted">+{rows.length - MAX_CHANGES_SHOWN} more</span>
      )}
    </div>
  );
}

export function AuditLogsPage() {
  const publishers = usePublishers();
  const toast = useToast();
  const list = useListPage(URL_FIELDS, 'monetization-audit');
  const { values, set, page, per } = list;
  const defaultStart = defaultStartDate();
  const start = values.start ? clampStartDate(dayDate(values.start)) : defaultStart;
  const end = values.end ? clampStartDate(dayDate(values.end)) : null;
  const setStart = (date: Date) => {
    const day = dayOf(clampStartDate(date));
    set({ start: day === dayOf(defaultStart) ? null : day });
  };
  const typed: Record<TextKey, [string, (text: string) => void]> = {
    user: useSearchText(values.user, (text) => set({ user: text }, { replace: true })),
    field: useSearchText(values.field, (text) => set({ field: text }, { replace: true })),
    q: useSearchText(values.q, (text) => set({ q: text }, { replace: true })),
  };
  const [exporting, setExporting] = useState(false);
  const filters = {
    ...startDateParams(start),
    ...(end ? { end_date: startDateParams(end).start_date } : {}),
    ...(values.publisher !== null ? { publisher_id: values.publisher } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...(values.object ? { auditable_type: values.object } : {}),
    ...(values.user.trim() ? { user: values.user.trim() } : {}),
    ...(values.field.trim() ? { field: values.field.trim() } : {}),
    ...(values.q.trim() ? { q: values.q.trim() } : {}),
  };
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const params = { page, per, ...filters };
  const onExport = () => {
    setExporting(true);
    exportAudits(filters)
      .then(({ blob, headers }) =>
        saveBlob(blob, filenameFromDisposition(headers.get('content-disposition')) ?? 'audit-log.csv'),
      )
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setExporting(false));
  };
  const searchBox = (key: TextKey, label: string, placeholder: string, grow = false) => (
    <div className={`hc-toolbar__field${grow ? ' hc-toolbar__field--grow' : ''}`}>
      <label htmlFor={`audit-${key}`}>{label}</label>
      <InputText
        id={`audit-${key}`}
        value={typed[key][0]}
        maxLength={key === 'field' ? 100 : 200}
        placeholder={placeholder}
        onChange={(e) => typed[key][1](e.target.value)}
        data-testid={`audit-${key}`}
      />
    </div>
  );
  const audits = useAudits(params);
  const total = audits.data?.totalItems ?? 0;

  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-audit">
      <ListHeader
        title="Audit Logs"
        subtitle="Every change of a monetization setup, newest first."
        count={audits.data && countLabel(total, 'change', 'changes')}
        countTestId="audit-count"
      />

      <div className="hc-card hc-toolbar">
        <div className="hc-toolbar__field">
          <label htmlFor="audit-start">Start date</label>
          <Calendar
            inputId="audit-start"
            value={start}
            maxDate={new Date()}
            dateFormat="M dd, yy"
            showIcon
            onChange={(e) => e.value && setStart(e.value)}
            data-testid="audit-start"
          />
        </div>
        <div className="hc-toolbar__field">
          <label htmlFor="audit-end">End date</label>
          <Calendar
            inputId="audit-end"
            value={end}
            minDate={start}
            maxDate={new Date()}
            dateFormat="M dd, yy"
            showIcon
            showButtonBar
            placeholder="Today"
            onChange={(e) => set({ end: e.value ? dayOf(clampStartDate(e.value)) : null })}
            data-testid="audit-end"
          />
        </div>
        <ToolbarSelect
          id="audit-publisher"
          label="Publisher"
          value={values.publisher}
          options={publishers.data ?? []}
          optionLabel="name"
          optionValue="id"
          filter
          clearable
          grow
          placeholder="All publishers"
          onChange={(publisher: number | null) => set({ publisher })}
          testId="audit-publisher"
        />
      </div>
      <div className="hc-card hc-toolbar">
        {searchBox('user', 'User', 'E-mail')}
        <ToolbarSelect
          id="audit-action"
          label="Action"
          value={values.action}
          options={AUDIT_ACTIONS}
          clearable
          placeholder="Any action"
          onChange={(action) => set({ action })}
          testId="audit-action"
        />
        <ToolbarSelect
          id="audit-object"
          label="Object"
          value={values.object}
          options={AUDITABLE_TYPES}
          clearable
          placeholder="Any object"
          onChange={(object) => set({ object })}
          testId="audit-object-type"
        />
        {searchBox('field', 'Field', 'midrollTime')}
        {searchBox('q', 'Search', auditToolMessages.searchPlaceholder, true)}
        <div className="hc-toolbar__field hc-toolbar__field--end">
          <Button
            type="button"
            label="Export CSV"
            icon="pi pi-download"
            outlined
            loading={exporting}
            disabled={total === 0}
            onClick={onExport}
            data-testid="audit-export"
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
            onPage={list.onPage}
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
            <Column header="Changes" body={(a: AuditEntry) => <ChangesCell entry={a} />} />
            <Column header="Object" body={(a: AuditEntry) => <ObjectLink entry={a} />} />
          </DataTable>
        </div>
      )}
      <ChangeDetailsDialog entry={open} onHide={() => setOpen(null)} />
    </div>
  );
}
