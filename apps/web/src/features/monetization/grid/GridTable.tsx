// One tab of the ad configuration grid: a light table (client-paged, so 20 publishers' placements stay
// fast) whose cells are edited in place. Text and number cells open an input on click (Enter or leaving
// the cell keeps it, Escape drops it); switches toggle; sizes have chips and the add-size dialog.
import { memo, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import {
  formatGridSizes,
  gridColumnsOf,
  type GridColumn,
  type GridRow,
  type GridValue,
} from '@hc/shared/api/ad-grid';
import type { GridTab } from '@hc/shared/monetization/grid-rules';
import { AddSizeDialog } from './AddSizeDialog.tsx';
import { cellMessage, cellState, editCell, shownValues, type GridEdits } from './gridEdits.ts';

interface GridTableProps {
  tab: GridTab;
  rows: GridRow[];
  edits: GridEdits;
  /** A state setter (stable), so unchanged rows skip rendering. */
  onEdits: Dispatch<SetStateAction<GridEdits>>;
}

const textOf = (value: GridValue | undefined): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return formatGridSizes(value);
  return String(value);
};

interface CellProps {
  row: GridRow;
  column: GridColumn;
  value: GridValue | undefined;
  state: string;
  message: string | null;
  onEdit: (input: unknown) => void;
  onAddSize: () => void;
}

function Cell({ row, column, value, state, message, onEdit, onAddSize }: CellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const testId = `grid-cell-${row.key}-${column.field}`;
  let content;
  if (column.kind === 'bool') {
    content = (
      <Checkbox
        checked={value === true}
        onChange={(e) => onEdit(e.checked === true)}
        aria-label={column.label}
        data-testid={`${testId}-check`}
      />
    );
  } else if (column.kind === 'sizes') {
    const sizes = Array.isArray(value) ? value : [];
    content = (
      <div className="hc-grid-sizes">
        {sizes.map(([w, h]) => (
          <span key={`${w}x${h}`} className="hc-grid-size">
            {w}x{h}
            <button
              type="button"
              className="hc-grid-size__remove"
              aria-label={`Remove ${w}x${h}`}
              onClick={() => onEdit(sizes.filter(([sw, sh]) => sw !== w || sh !== h))}
            >
              ×
            </button>
          </span>
        ))}
        <Button
          icon="pi pi-plus"
          rounded
          text
          size="small"
          aria-label="Add size"
          className="hc-grid-size__add"
          onClick={onAddSize}
          data-testid={`${testId}-add`}
        />
      </div>
    );
  } else if (draft !== null) {
    content = (
      <input
        className="p-inputtext p-inputtext-sm hc-grid-input"
        // The input replaces the cell the user clicked: it takes the focus.
        autoFocus
        value={draft}
        inputMode={column.kind === 'int' ? 'numeric' : 'text'}
        aria-label={column.label}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          onEdit(draft);
          setDraft(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') setDraft(null);
        }}
        data-testid={`${testId}-input`}
      />
    );
  } else {
    content = (
      <button
        type="button"
        className="hc-grid-cell__value"
        onClick={() => setDraft(textOf(value))}
        title="Click to edit"
      >
        {textOf(value) || <span className="hc-grid-cell__empty">—</span>}
      </button>
    );
  }
  return (
    <td className={`hc-grid-cell hc-grid-cell--${state}`} data-testid={testId} data-state={state}>
      {content}
      {message && (
        <small className="hc-grid-cell__error" role="alert" data-testid={`${testId}-error`}>
          {message}
        </small>
      )}
    </td>
  );
}

interface GridRowViewProps {
  tab: GridTab;
  row: GridRow;
  /** This row's edits only: a row re-renders when its own cells change, not on every edit. */
  rowEdits: Record<string, GridValue> | undefined;
  withPlacement: boolean;
  withPlatform: boolean;
  onEdits: Dispatch<SetStateAction<GridEdits>>;
  onAddSize: (row: GridRow) => void;
}

const GridRowView = memo(function GridRowView({
  tab,
  row,
  rowEdits,
  withPlacement,
  withPlatform,
  onEdits,
  onAddSize,
}: GridRowViewProps) {
  const edits = useMemo<GridEdits>(() => (rowEdits ? { [row.key]: rowEdits } : {}), [row.key, rowEdits]);
  const values = shownValues(row, edits);
  return (
    <tr data-testid="grid-row" data-key={row.key}>
      <th scope="row" className="hc-grid-sticky">
        {row.publisherName}
      </th>
      {withPlacement && <td className="hc-nowrap">{row.placementName}</td>}
      {withPlatform && <td>{row.platform}</td>}
      {gridColumnsOf(tab).map((column) => (
        <Cell
          key={column.field}
          row={row}
          column={column}
          value={values[column.field]}
          state={cellState(tab, row, column.field, edits)}
          message={cellMessage(column.field, values, { row, edits })}
          onEdit={(input) => onEdits((e) => editCell(e, row, column, input))}
          onAddSize={() => onAddSize(row)}
        />
      ))}
    </tr>
  );
});

export function GridTable({ tab, rows, edits, onEdits }: GridTableProps) {
  const columns = gridColumnsOf(tab);
  const [sizeRow, setSizeRow] = useState<GridRow | null>(null);
  const withPlacement = tab === 'placement' || tab === 'displayPlacement';
  const withPlatform = tab === 'display' || tab === 'displayPlacement';
  const sizeValues = sizeRow ? shownValues(sizeRow, edits).supportedSizes : null;
  const sizes = Array.isArray(sizeValues) ? sizeValues : [];

  return (
    <div className="hc-grid-scroll">
      <table className="hc-grid" data-testid={`grid-table-${tab}`}>
        <thead>
          <tr>
            <th className="hc-grid-sticky">Publisher</th>
            {withPlacement && <th>Placement</th>}
            {withPlatform && <th>Platform</th>}
            {columns.map((c) => (
              <th key={c.field}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <GridRowView
              key={row.key}
              tab={tab}
              row={row}
              rowEdits={edits[row.key]}
              withPlacement={withPlacement}
              withPlatform={withPlatform}
              onEdits={onEdits}
              onAddSize={setSizeRow}
            />
          ))}
        </tbody>
      </table>
      <AddSizeDialog
        visible={sizeRow !== null}
        sizes={sizes}
        onHide={() => setSizeRow(null)}
        onAdd={(size) => {
          if (!sizeRow) return;
          const column = columns.find((c) => c.kind === 'sizes')!;
          onEdits((e) => editCell(e, sizeRow, column, [...sizes, size]));
        }}
      />
    </div>
  );
}
