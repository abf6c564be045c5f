// The Update report preview: every cell the uploaded workbook would change (current value, workbook
// value), rows that conflict with a later save (who, when, what) or break a rule (the grid's message on
// the cell), and the admin's choice: apply all, apply the rest, or cancel. Nothing is written before.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReportPreview, ReportPreviewRow } from '@hc/shared/api/reports';
import { messages, reportPreviewCount } from '@hc/shared/messages';

const STATUS_LABEL: Record<ReportPreviewRow['status'], string> = {
  change: 'Will change',
  conflict: 'Conflict',
  refused: 'Refused',
};
const STATUS_ICON: Record<ReportPreviewRow['status'], string> = {
  change: 'pi-arrow-right',
  conflict: 'pi-history',
  refused: 'pi-ban',
};

function Value({ text }: { text: string }) {
  return text === '' ? <span className="hc-preview__empty">empty</span> : <span>{text}</span>;
}

function PreviewRows({ row }: { row: ReportPreviewRow }) {
  const span = row.fields.length;
  return (
    <tbody
      className={`hc-preview__group hc-preview__group--${row.status}`}
      data-testid="report-preview-row"
      data-status={row.status}
    >
      {row.fields.map((field, index) => (
        <tr key={field.field}>
          {index === 0 && (
            <>
              <th scope="rowgroup" rowSpan={span} className="hc-preview__who">
                {row.publisher}
                {row.platform && <span className="hc-preview__platform">{row.platform}</span>}
              </th>
              <td rowSpan={span} className="hc-preview__who">
                {row.placement ?? <span className="hc-preview__empty">publisher level</span>}
              </td>
            </>
          )}
          <td className="hc-preview__field">{field.label}</td>
          <td className="hc-preview__value hc-preview__value--current">
            <Value text={field.current} />
          </td>
          <td className={`hc-preview__value ${field.error ? 'hc-preview__value--bad' : ''}`}>
            <Value text={field.next} />
            {field.error && (
              <span className="hc-preview__cell-error" data-testid="report-preview-cell-error">
                {field.error}
              </span>
            )}
          </td>
          {index === 0 && (
            <td rowSpan={span} className="hc-preview__status">
              <span className={`hc-preview__tag hc-preview__tag--${row.status}`}>
                <i className={`pi ${STATUS_ICON[row.status]}`} aria-hidden="true" />
                {STATUS_LABEL[row.status]}
              </span>
            </td>
          )}
        </tr>
      ))}
      {row.reasons.length > 0 && (
        <tr className="hc-preview__reason">
          <td colSpan={6} data-testid="report-preview-reason">
            <i
              className={`pi ${row.status === 'conflict' ? 'pi-info-circle' : 'pi-exclamation-circle'}`}
              aria-hidden="true"
            />
            {row.reasons.join(' ')}
          </td>
        </tr>
      )}
    </tbody>
  );
}

export function ReportPreviewDialog({
  preview,
  applying,
  onApply,
  onCancel,
}: {
  preview: ReportPreview;
  applying: boolean;
  onApply: (applyRest: boolean) => void;
  onCancel: () => void;
}) {
  const count = (status: ReportPreviewRow['status']) =>
    preview.rows.filter((r) => r.status === status).length;
  const changes = count('change');
  const problems = count('conflict') + count('refused') + preview.errors.length;
  const nothing = preview.rows.length === 0 && preview.errors.length === 0;

  const footer = (
    <div className="hc-preview__footer">
      <Button
        label={nothing ? 'Close' : 'Cancel'}
        text
        onClick={onCancel}
        disabled={applying}
        data-testid="report-preview-cancel"
      />
      {!nothing && problems === 0 && (
        <Button
          label={`Apply ${changes} ${changes === 1 ? 'row' : 'rows'}`}
          icon="pi pi-check"
          loading={applying}
          onClick={() => onApply(false)}
          autoFocus
          data-testid="report-preview-apply"
        />
      )}
      {problems > 0 && changes > 0 && (
        <Button
          label={`Apply the rest (${changes} ${changes === 1 ? 'row' : 'rows'})`}
          icon="pi pi-check"
          severity="warning"
          loading={applying}
          onClick={() => onApply(true)}
          data-testid="report-preview-apply-rest"
        />
      )}
    </div>
  );

  return (
    <Dialog
      header="Review the workbook's changes"
      visible
      onHide={onCancel}
      footer={footer}
      className="hc-preview"
      style={{ width: 'min(72rem, 96vw)' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      closeOnEscape={!applying}
      data-testid="report-preview"
    >
      {nothing ? (
        <p className="hc-preview__note" data-testid="report-preview-nothing">
          <i className="pi pi-check-circle" aria-hidden="true" /> {messages.reportNothingToApply}
        </p>
      ) : (
        <>
          <div className="hc-preview__summary" role="status">
            <span className="hc-preview__chip hc-preview__chip--change">
              {reportPreviewCount(changes, 'change')}
            </span>
            {count('conflict') > 0 && (
              <span className="hc-preview__chip hc-preview__chip--conflict">
                {reportPreviewCount(count('conflict'), 'conflict')}
              </span>
            )}
            {count('refused') + preview.errors.length > 0 && (
              <span className="hc-preview__chip hc-preview__chip--refused">
                {reportPreviewCount(count('refused') + preview.errors.length, 'refused')}
              </span>
            )}
          </div>
          <p className={`hc-preview__note ${problems > 0 ? 'hc-preview__note--warn' : ''}`}>
            {problems === 0
              ? messages.reportPreviewNote
              : changes === 0
                ? messages.reportPreviewAllBlocked
                : messages.reportPreviewProblems}
          </p>
          {preview.errors.length > 0 && (
            <ul className="hc-report-errors" data-testid="report-preview-errors">
              {preview.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {preview.rows.length > 0 && (
            <div className="hc-preview__scroll" tabIndex={0} aria-label="Changes">
              <table className="hc-preview__table">
                <thead>
                  <tr>
                    <th scope="col">Publisher</th>
                    <th scope="col">Placement</th>
                    <th scope="col">Field</th>
                    <th scope="col">Current value</th>
                    <th scope="col">Workbook value</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                {preview.rows.map((row) => (
                  <PreviewRows key={row.key} row={row} />
                ))}
              </table>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
