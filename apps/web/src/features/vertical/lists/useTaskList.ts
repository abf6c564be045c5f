// The state of one server-paged, multi-sorted vertical task table: sort, page size (remembered per table),
// page (back to 1 whenever the filters change), the call and its error toast.
import { useEffect, useRef } from 'react';
import type { DataTableSortEvent, DataTableSortMeta } from 'primereact/datatable';
import { LOOK_BACK_DAYS } from '@hc/shared/constants';
import { useListPage } from '../../../lib/list-page/useListPage.ts';
import type { UrlField } from '../../../lib/list-page/urlState.ts';
import { useVerticalTasks } from '../api/get-vertical-tasks.ts';
import type { VerticalTasksParams } from '../api/get-vertical-tasks.ts';
import { toSortParams } from './taskListQuery.ts';
import type { GroupBy } from './taskListQuery.ts';
import { useListErrorToast } from '../../../lib/list-page/useListErrorToast.ts';

/** The multi-column sort in the address: ?sort=field:1,field:-1 (1 ascending, -1 descending). */
const multiSortField: UrlField<DataTableSortMeta[]> = {
  fallback: [],
  parse: (raw) => {
    const metas: DataTableSortMeta[] = [];
    for (const part of raw.split(',').slice(0, 8)) {
      const [field, order] = part.split(':');
      if (!field || !/^[a-z_]{1,40}$/.test(field) || (order !== '1' && order !== '-1')) return undefined;
      metas.push({ field, order: order === '1' ? 1 : -1 });
    }
    return metas;
  },
  format: (value) => value.map((m) => `${m.field}:${m.order === 1 ? 1 : -1}`).join(','),
};
const URL_FIELDS = { sort: multiSortField };

/** What a list asks besides paging and sorting. */
export type TaskListFilters = Omit<VerticalTasksParams, 'page' | 'per' | 'from' | 'sort_by' | 'order_dir'>;

export function useTaskList(
  pageSizeKey: string,
  filters: TaskListFilters,
  groupBy: GroupBy = 'none',
  enabled = true,
) {
  // Sort and page live in the address; the page goes back to 1 when the filters change.
  const view = useListPage(URL_FIELDS, pageSizeKey);
  const { per } = view;
  const sortMeta = view.values.sort;
  const filterKey = JSON.stringify([filters, groupBy]);
  const pagedFilters = useRef(filterKey);
  const { setPage } = view;
  useEffect(() => {
    if (pagedFilters.current === filterKey) return;
    pagedFilters.current = filterKey;
    setPage(1, { replace: true });
  }, [filterKey, setPage]);
  // Until the address follows, the new filters ask for page 1, not the old filters' page.
  const page = pagedFilters.current === filterKey ? view.page : 1;

  const params: VerticalTasksParams = {
    ...filters,
    ...toSortParams(sortMeta, groupBy),
    page,
    per,
    from: LOOK_BACK_DAYS,
  };
  const query = useVerticalTasks(params, enabled);
  useListErrorToast(query);

  const onSort = (e: DataTableSortEvent) => view.set({ sort: e.multiSortMeta ?? [] });
  const onPage = view.onPage;

  return { query, params, sortMeta, onSort, onPage, per };
}

export type TaskListState = ReturnType<typeof useTaskList>;
