// Vertical View (/highlights/live/vertical/view): RESULTS and REJECTED tabs over the
// programs with ready or rejected segments (Channel, Program ID, Title, Start Date; start_date newest first),
// a program search, REFRESH, and a row click to the program route with the tab index as its status. The
// tab, the search, the sort and the page are kept in the address (?tab=1&q=&by=&sort=&page=), so a
// bookmarked or shared view opens the same.
import { useNavigate, useSearchParams } from 'react-router';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Button } from 'primereact/button';
import { LOOK_BACK_DAYS, VERTICAL_TABS } from '@hc/shared/constants';
import { EMPTY_VALUE, formatNumber } from '@hc/shared/formatters';
import { pathFor } from '@hc/shared/routes';
import { PROGRAM_SEARCH_TYPES } from '@hc/shared/api/programs';
import { skeletonRows } from '../../../components/ServerDataTable.tsx';
import { ListTable } from '../../../lib/list-page/ListTable.tsx';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import { useListPage } from '../../../lib/list-page/useListPage.ts';
import { choiceField, sortField, sortFromEvent, textField } from '../../../lib/list-page/urlState.ts';
import { TitleLink, dateColumn, idColumn, titleColumn } from '../../../lib/list-page/columns.tsx';
import { NO_SEARCH, ProgramsToolbar, submittedSearch, useProgramSearchBox } from '../../programs/index.ts';
import { useVerticalPrograms } from '../api/get-vertical-programs.ts';
import { VERTICAL_PROGRAM_SORTS } from '@hc/shared/api/vertical';
import type { VerticalProgram, VerticalProgramSort } from '@hc/shared/api/vertical';
import {
  isSessionEnd,
  listErrorMessage,
  useListErrorToast,
} from '../../../lib/list-page/useListErrorToast.ts';
import { statusOfTab, tabOf } from './viewTabs.ts';
import { ViewTabs } from './ViewTabs.tsx';
import '../../../components/data-page.css';
import '../lists/vertical-lists.css';

interface ProgramsSort {
  column: VerticalProgramSort;
  order: 'asc' | 'desc';
}
const DEFAULT_SORT: ProgramsSort = { column: 'start_date', order: 'desc' };

/** The search and sort as the address keeps them (the tab has its own parameter). */
const VIEW_URL_FIELDS = {
  q: textField(),
  by: choiceField(PROGRAM_SEARCH_TYPES, NO_SEARCH.type),
  sort: sortField(VERTICAL_PROGRAM_SORTS, DEFAULT_SORT),
};

/** The program list's columns; the title is a button (keyboard users reach the row's action). */
const programColumns = (
  open: (program: VerticalProgram) => void,
): DataColumn<VerticalProgram, VerticalProgramSort>[] => [
  {
    key: 'channel',
    header: 'Channel',
    sortField: 'channel',
    className: 'hc-col-channel',
    body: (p) => p.channel || EMPTY_VALUE,
  },
  idColumn({
    key: 'program-id',
    header: 'Program ID',
    sortField: 'program_id',
    className: 'hc-col-ext-id',
    value: (p) => p.program_id,
    testId: (p) => `vertical-program-id-${p.id}`,
  }),
  titleColumn({
    key: 'title',
    header: 'Title',
    sortField: 'title',
    skeletonWidths: ['70%'],
    title: (p) => (
      <TitleLink onOpen={() => open(p)} testId={`vertical-program-${p.id}`}>
        {p.title}
      </TitleLink>
    ),
  }),
  {
    ...dateColumn<VerticalProgram, VerticalProgramSort>({
      key: 'start',
      header: 'Start Date',
      sortField: 'start_date',
      value: (p) => p.start_date,
    }),
    // This list's headers all sort A to Z (oldest first) on the first click.
    firstOrder: undefined,
  },
];

export function VerticalViewPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const status = statusOfTab(tab);

  // The search the table shows lives in the address (changed by submit or clear); the box and the type
  // select hold what the user is choosing until then.
  const view = useListPage(VIEW_URL_FIELDS, 'vertical-programs');
  const { per, page } = view;
  const search = { text: view.values.q, type: view.values.by };
  const sort = view.values.sort;
  const { text, setText, type, setType } = useProgramSearchBox(search);

  const query = useVerticalPrograms({
    status,
    ...(search.text ? { search_text: search.text, search_type: search.type } : {}),
    sort_by: sort.column,
    order_by: sort.order,
    page,
    per,
    from: LOOK_BACK_DAYS,
  });
  useListErrorToast(query);
  const list = query.data;
  const firstLoad = query.isPending;
  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows<VerticalProgram>(per, 'id') : (list?.programs ?? []);

  const onSort = (e: DataTableSortEvent) =>
    view.set({ sort: (e.sortOrder && sortFromEvent(VERTICAL_PROGRAM_SORTS, e)) || DEFAULT_SORT });
  // The program goes along, so its page is titled even on a tab where it has no segments.
  const open = (p: VerticalProgram) =>
    void navigate(pathFor('liveVerticalViewProgram', { programId: p.id, status: tab }), {
      state: { program: p },
    });

  return (
    <div className="hc-data-page hc-vertical" data-testid="vertical-view-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Vertical View</h1>
          <p className="hc-page-subtitle">
            {status === 'ready' ? 'Programs with vertical results.' : 'Programs with rejected source videos.'}
          </p>
        </div>
      </header>

      <div className="hc-vertical-tabbar">
        <ViewTabs
          tab={tab}
          onChange={(next) =>
            // Another tab keeps the search and sort and starts again at page 1.
            setSearchParams(
              (prev) => {
                const out = new URLSearchParams(prev);
                out.delete('page');
                if (next === VERTICAL_TABS.results) out.delete('tab');
                else out.set('tab', String(next));
                return out;
              },
              { replace: true },
            )
          }
        />
        <div className="hc-vertical-tabbar__actions">
          {list && (
            <span className="hc-result-count" data-testid="vertical-programs-count">
              {formatNumber(count)} {count === 1 ? 'program' : 'programs'}
            </span>
          )}
        </div>
      </div>

      <ProgramsToolbar
        text={text}
        onTextChange={setText}
        type={type}
        onTypeChange={setType}
        onSubmit={() => {
          const next = submittedSearch(text, type);
          if (next) view.set({ q: next.text, by: next.type });
        }}
        canClear={text !== '' || search.text !== ''}
        onClear={() => {
          setText('');
          view.set({ q: NO_SEARCH.text, by: NO_SEARCH.type });
        }}
        idPrefix="vertical-programs"
        clearLabel="Clear"
      >
        <Button
          type="button"
          label="REFRESH"
          icon={`pi pi-refresh${query.isFetching && !firstLoad ? ' pi-spin' : ''}`}
          outlined
          onClick={() => void query.refetch()}
          data-testid="vertical-refresh"
        />
      </ProgramsToolbar>

      <ListTable
        error={
          query.isError &&
          !list &&
          !isSessionEnd(query.error) && {
            message: listErrorMessage(query.error),
            testId: 'vertical-programs-error',
          }
        }
        view={view}
        query={query}
        testId="vertical-programs"
        rows={rows}
        dataKey="id"
        columns={programColumns(open)}
        firstLoad={firstLoad}
        totalRecords={count}
        sort={sort}
        onSort={onSort}
        onRowClick={open}
        tableClassName="hc-table hc-vertical-programs-table"
      />
    </div>
  );
}
