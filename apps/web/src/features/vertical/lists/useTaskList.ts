// The state of one server-paged, multi-sorted vertical task table: sort, page size (remembered per table),
// page (back to 1 whenever the filters change), the call and its error toast.
import { useState } from 'react';
import type { DataTablePageEvent, DataTableSortEvent, DataTableSortMeta } from 'primereact/datatable';
import { LOOK_BACK_DAYS } from '@hc/shared/constants';
import { usePersistentPageSize } from '../../../components/usePersistentPageSize.ts';
import { useVerticalTasks } from '../api/get-vertical-tasks.ts';
import type { VerticalTasksParams } from '../api/get-vertical-tasks.ts';
import { toSortParams } from './taskListQuery.ts';
import type { GroupBy } from './taskListQuery.ts';
import { useListErrorToast } from '../../../lib/list-page/useListErrorToast.ts';

/** What a list asks besides paging and sorting. */
export type TaskListFilters = Omit<VerticalTasksParams, 'page' | 'per' | 'from' | 'sort_by' | 'order_dir'>;

export function useTaskList(
  pageSizeKey: string,
  filters: TaskListFilters,
  groupBy: GroupBy = 'none',
  enabled = true,
) {
  const [sortMeta, setSortMeta] = useState<DataTableSortMeta[]>([]);
  const [per, setPer] = usePersistentPageSize(pageSizeKey);

  const filterKey = JSON.stringify([filters, sortMeta, groupBy, per]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const params: VerticalTasksParams = {
    ...filters,
    ...toSortParams(sortMeta, groupBy),
    page,
    per,
    from: LOOK_BACK_DAYS,
  };
  const query = useVerticalTasks(params, enabled);
  useListErrorToast(query);

  const onSort = (e: DataTableSortEvent) => setSortMeta(e.multiSortMeta ?? []);
  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) {
      setPer(e.rows);
      return;
    }
    setPaging({ key: filterKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  return { query, params, sortMeta, onSort, onPage, per };
}

export type TaskListState = ReturnType<typeof useTaskList>;
