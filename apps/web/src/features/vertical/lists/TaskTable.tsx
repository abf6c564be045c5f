// A vertical task table: components/ServerDataTable's card, paginator, skeletons and empty message, plus
// what the vertical lists need and it does not offer: several sort columns at once (Ctrl/⌘-click adds a
// column; sort_by[] / order_dir[]), subheader groups, the marked row of the open task, and an error card
// with a retry when nothing could be loaded.
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Skeleton } from 'primereact/skeleton';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { EMPTY_VALUE } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { skeletonRows } from '../../../components/ServerDataTable.tsx';
import { OpenTaskContext, TaskLocksContext } from './taskColumns.tsx';
import type { TaskColumn, TaskLocksView } from './taskColumns.tsx';
import { heldByOther } from '../../../lib/locks/lockRows.ts';
import { RenderRetryContext, type RenderRetryView } from './RenderTag.tsx';
import type { GroupBy } from './taskListQuery.ts';
import type { TaskListState } from './useTaskList.ts';
import { isSessionEnd, listErrorMessage } from '../../../lib/list-page/useListErrorToast.ts';

interface TaskTableProps {
  list: TaskListState;
  columns: readonly TaskColumn[];
  onOpen: (task: VerticalTask) => void;
  /** The task whose modal or drawer is open: its row stays marked. */
  selectedId?: number | null;
  groupBy?: GroupBy;
  /** Prefix of the table's test ids: {testId}-table, -row, -empty, -error, -group. */
  testId: string;
  /** The review lists: rows held by someone else carry a 'locked by' tag. */
  locks?: TaskLocksView;
  /** The review lists: a failed render's tag carries a Retry. */
  renderRetry?: RenderRetryView;
}

const groupLabel = (task: VerticalTask, groupBy: GroupBy): string =>
  groupBy === 'none' ? '' : (task[groupBy] ?? EMPTY_VALUE);

export function TaskTable({
  list,
  columns,
  onOpen,
  selectedId,
  groupBy = 'none',
  testId,
  locks,
  renderRetry,
}: TaskTableProps) {
  const { query, params, sortMeta, onSort, onPage, per } = list;
  const data = query.data;
  const firstLoad = query.isPending;
  const count = data?.count ?? 0;
  const rows = firstLoad ? skeletonRows<VerticalTask>(per, 'video_id') : (data?.tasks ?? []);

  if (query.isError && !data && !isSessionEnd(query.error)) {
    return (
      <StatePanel
        kind="error"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  }

  const grouped = groupBy !== 'none' && !firstLoad;
  return (
    <OpenTaskContext.Provider value={onOpen}>
      <TaskLocksContext.Provider value={locks ?? null}>
        <RenderRetryContext.Provider value={renderRetry ?? null}>
          <div className="hc-card hc-table-card" data-testid={`${testId}-table`} aria-busy={query.isFetching}>
            <DataTable
              value={rows}
              dataKey="video_id"
              lazy
              paginator={firstLoad || count > 0}
              first={(params.page - 1) * per}
              rows={per}
              totalRecords={count}
              rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
              paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
              currentPageReportTemplate="{first}–{last} of {totalRecords}"
              onPage={onPage}
              sortMode="multiple"
              multiSortMeta={sortMeta}
              removableSort
              onSort={onSort}
              loading={query.isPlaceholderData}
              {...(grouped
                ? {
                    rowGroupMode: 'subheader',
                    groupRowsBy: groupBy,
                    rowGroupHeaderTemplate: (task: VerticalTask) => (
                      <span className="hc-group-header" data-testid={`${testId}-group`}>
                        {groupLabel(task, groupBy)}
                      </span>
                    ),
                  }
                : {})}
              emptyMessage={
                <div className="hc-empty" data-testid={`${testId}-empty`}>
                  {messages.noResults}
                </div>
              }
              onRowClick={(e) => {
                if (!firstLoad) onOpen(e.data as VerticalTask);
              }}
              rowClassName={(t: VerticalTask) =>
                firstLoad
                  ? 'hc-row'
                  : `hc-row hc-row--clickable${selectedId === t.video_id ? ' hc-row--selected' : ''}${
                      locks && heldByOther(t, locks.me, locks.now) ? ' hc-row--locked' : ''
                    }`
              }
              pt={{ bodyRow: { 'data-testid': `${testId}-row` } as object }}
              tableClassName="hc-table hc-vertical-table"
            >
              {columns.map((c) => (
                <Column
                  key={c.key}
                  columnKey={c.key}
                  header={c.header}
                  sortable={c.sortField !== undefined}
                  sortField={c.sortField}
                  field={c.sortField}
                  className={c.className}
                  headerClassName={c.className}
                  body={firstLoad ? () => c.skeleton ?? <Skeleton width="4.5rem" /> : c.body}
                />
              ))}
            </DataTable>
          </div>
        </RenderRetryContext.Provider>
      </TaskLocksContext.Provider>
    </OpenTaskContext.Provider>
  );
}
