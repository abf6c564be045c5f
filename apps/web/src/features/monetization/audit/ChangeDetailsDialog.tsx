// 'Change details' of an audit entry: field, deleted, added, before and after; on a config update, each
// field's "Revert to this value" sets it back to its value before this entry (the server checks that
// nobody changed it since, and the rules the grid applies).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { REVERTIBLE_AUDITABLE_TYPES, type AuditEntry } from '@hc/shared/api/monetization';
import { auditToolMessages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { revertAudit } from '../api/get-audits.ts';
import {
  auditChangeRows,
  formatAuditValue,
  type AuditChangeRow,
} from '@hc/shared/monetization/audit-changes';

const canRevert = (entry: AuditEntry, row: AuditChangeRow) =>
  entry.action === 'update' &&
  (REVERTIBLE_AUDITABLE_TYPES as readonly string[]).includes(entry.auditable_type) &&
  row.kind !== 'added' &&
  Object.hasOwn(entry.audited_changes, row.field);

export function ChangeDetailsDialog({ entry, onHide }: { entry: AuditEntry | null; onHide: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const revert = (field: string) => {
    if (!entry) return;
    setBusy(field);
    setProblem(null);
    revertAudit(entry.id, field)
      .then(() => {
        toast.success(auditToolMessages.reverted(field));
        void queryClient.invalidateQueries({ queryKey: ['monetization'] });
        onHide();
      })
      .catch((error: Error) => setProblem(error.message))
      .finally(() => setBusy(null));
  };
  const hide = () => {
    setProblem(null);
    onHide();
  };
  let rows: AuditChangeRow[] = [];
  if (entry) {
    try {
      rows = auditChangeRows(entry.audited_changes, entry.field_name);
    } catch (error) {
      // A diff that cannot be read is only logged.
      console.error('audit diff could not be read', error);
    }
  }
  const value = (kind: AuditChangeRow['kind'], pick: 'before' | 'after') => (r: AuditChangeRow) =>
    r.kind === kind ? formatAuditValue(r[pick]) : '';
  return (
    <Dialog
      visible={entry !== null}
      onHide={hide}
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
      {problem && (
        <Message
          severity="error"
          text={problem}
          className="hc-mon-changes__problem"
          data-testid="revert-problem"
        />
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
        {entry && rows.some((r) => canRevert(entry, r)) && (
          <Column
            header=""
            body={(r: AuditChangeRow) =>
              canRevert(entry, r) ? (
                <Button
                  type="button"
                  label={auditToolMessages.revert}
                  icon="pi pi-undo"
                  size="small"
                  text
                  loading={busy === r.field}
                  disabled={busy !== null}
                  onClick={() => revert(r.field)}
                  data-testid="revert-field"
                />
              ) : null
            }
          />
        )}
      </DataTable>
    </Dialog>
  );
}
