// The table of every list screen whose rows the server pages and sorts: the card, the paginator with
// the remembered page sizes, skeleton rows on the first load, the spec's empty message, and clickable
// rows. Screens describe their columns; test ids follow `${testId}-table|row|empty`.
import { startTransition, type ReactNode } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { DataTablePageEvent, DataTableSortEvent, DataTableValueArray } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';

export interface DataColumn<Row, Sort extends string = string> {
  key: string;
  header: ReactNode;
  /** The server's sort column, when the column sorts. */
  sortField?: Sort;
  /**
   * The order of the first click on the column's header: 'desc' for numbers and dates, which people
   * want biggest or newest first; text goes A to Z (the default).
   */
  firstOrder?: 'asc' | 'desc';
  align?: 'left' | 'right' | 'center';
  className?: string;
  body: (row: Row) => ReactNode;
  /** What the column shows while the first page loads (a short bar by default). */
  skeleton?: ReactNode;
}

const PAGINATOR_TEMPLATE =
  'RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

/** Placeholder rows for the first load, one per expected row, keyed so React can tell them apart. */
export function skeletonRows<Row>(count: number, dataKey: string): Row[] {
  return Array.from({ length: count }, (_, i) => ({ [dataKey]: `skeleton-${i}` }) as Row);
}

export interface ServerDataTableProps<Row, Sort extends string> {
  /** Prefix of the test ids: `${testId}-table`, `${testId}-row`, `${testId}-empty`. */
  testId: string;
  rows: Row[];
  dataKey: string;
  columns: DataColumn<Row, Sort>[];
  /** No page has arrived yet: rows are placeholders, drawn as skeletons and not clickable. */
  firstLoad: boolean;
  /** 1-based page, page size and the number of rows the paginator may reach. */
  page: number;
  per: number;
  totalRecords: number;
  /** The paginator's report, e.g. '{first}–{last} of 1000+' when the count is capped. */
  pageReport?: string;
  onPage: (event: DataTablePageEvent) => void;
  /** The active server sort; undefined when the rows keep the server's own order. */
  sort?: { field: Sort; order: 'asc' | 'desc' };
  onSort?: (event: DataTableSortEvent) => void;
  /** A newer page or sort is loading while the previous rows stay shown. */
  loading: boolean;
  fetching: boolean;
  onRowClick?: (row: Row) => void;
  /** Extra classes of a row (selected, locked...), after the kit's own. */
  rowClass?: (row: Row) => string;
  /** The table's minimum width class and similar (on the table element). */
  tableClassName?: string;
}

export function ServerDataTable<Row, Sort extends string = string>({
  testId,
  rows,
  dataKey,
  columns,
  firstLoad,
  page,
  per,
  totalRecords,
  pageReport = '{first}–{last} of {totalRecords}',
  onPage,
  sort,
  onSort,
  loading,
  fetching,
  onRowClick,
  rowClass,
  tableClassName = 'hc-table',
}: ServerDataTableProps<Row, Sort>) {
  const clickable = Boolean(onRowClick) && !firstLoad;
  return (
    <div className="hc-card hc-table-card" data-testid={`${testId}-table`} aria-busy={fetching}>
      <DataTable
        // PrimeReact types rows as plain records; the row type stays ours in the column bodies.
        value={rows as DataTableValueArray}
        dataKey={dataKey}
        lazy
        paginator={firstLoad || totalRecords > 0}
        first={(page - 1) * per}
        rows={per}
        totalRecords={totalRecords}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={PAGINATOR_TEMPLATE}
        currentPageReportTemplate={pageReport}
        // Sorting and paging re-render every row: as transitions, the click paints at once and React
        // renders the rows in slices the browser can interleave with input (INP in the web-vitals bench).
        onPage={(e) => startTransition(() => onPage(e))}
        sortField={sort?.field}
        sortOrder={sort ? (sort.order === 'asc' ? 1 : -1) : 0}
        onSort={
          onSort &&
          ((e) => {
            const column = columns.find((c) => c.sortField === e.sortField);
            const fresh = e.sortField !== sort?.field;
            const event: DataTableSortEvent =
              fresh && column?.firstOrder ? { ...e, sortOrder: column.firstOrder === 'asc' ? 1 : -1 } : e;
            startTransition(() => onSort(event));
          })
        }
        loading={loading}
        emptyMessage={
          <div className="hc-empty" data-testid={`${testId}-empty`}>
            {messages.noResults}
          </div>
        }
        onRowClick={clickable ? (e) => onRowClick?.(e.data as Row) : undefined}
        rowClassName={(row) =>
          [clickable ? 'hc-row hc-row--clickable' : 'hc-row', !firstLoad && rowClass?.(row as Row)]
            .filter(Boolean)
            .join(' ')
        }
        pt={{ bodyRow: { 'data-testid': `${testId}-row` } as object }}
        tableClassName={tableClassName}
      >
        {columns.map((col) => (
          <Column
            key={col.key}
            columnKey={col.key}
            header={col.header}
            sortable={Boolean(col.sortField) && Boolean(onSort)}
            sortField={col.sortField}
            align={col.align}
            alignHeader={col.align}
            className={col.className}
            headerClassName={col.className}
            body={
              firstLoad
                ? () =>
                    col.skeleton ?? (
                      <Skeleton width="4.5rem" className={col.align === 'right' ? 'ml-auto' : undefined} />
                    )
                : col.body
            }
          />
        ))}
      </DataTable>
    </div>
  );
}
