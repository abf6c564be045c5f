// 'Change details' of an audit entry (spec 002 §2.5): field, deleted, added, before and after.
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import type { AuditEntry } from '@hc/shared/api/monetization';
import {
  auditChangeRows,
  formatAuditValue,
  type AuditChangeRow,
} from '@hc/shared/monetization/audit-changes';

export function ChangeDetailsDialog({ entry, onHide }: { entry: AuditEntry | null; onHide: () => void }) {
  let rows: AuditChangeRow[] = [];
  if (entry) {
    try {
      rows = auditChangeRows(entry.audited_changes, entry.field_name);
    } catch (error) {
      // A diff that cannot be read is only logged (spec 002 §8).
      console.error('audit diff could not be read', error);
    }
  }
  const value = (kind: AuditChangeRow['kind'], pick: 'before' | 'after') => (r: AuditChangeRow) =>
    r.kind === kind ? formatAuditValue(r[pick]) : '';
  return (
    <Dialog
      visible={entry !== null}
      onHide={onHide}
      header="Change details"
      modal
      draggable={false}
      className="hc-mon-changes"
      data-testid="change-details"
    >
      {entry && (
        <p className="hc-mon-changes__summary" data-testid="change-summary">
          {entry.action} {entry.auditable_type} · {entry.publisher_name}
          {entry.placement_name ? ` > ${entry.placement_name}` : ''} · {entry.email}
        </p>
      )}
      <DataTable
        value={rows}
        size="small"
        tableClassName="hc-table"
        emptyMessage="No field changes recorded."
        pt={{ bodyRow: { 'data-testid': 'change-row' } as object }}
      >
        <Column header="Field" body={(r: AuditChangeRow) => <span className="hc-mono">{r.field}</span>} />
        <Column header="Deleted" body={value('deleted', 'before')} />
        <Column header="Added" body={value('added', 'after')} />
        <Column header="Before" body={value('updated', 'before')} />
        <Column header="After" body={value('updated', 'after')} />
      </DataTable>
    </Dialog>
  );
}
