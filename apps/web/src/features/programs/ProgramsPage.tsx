// Programs (streams) list (route /highlights/live/stream): search by program name or id,
// a server-paged and server-sorted table, and a row click to the program's page.
import { useNavigate } from 'react-router';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { PROGRAM_SORTS } from '@hc/shared/api/programs';
import type { Program, ProgramSort } from '@hc/shared/api/programs';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { ListTable } from '../../lib/list-page/ListTable.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { useListPage } from '../../lib/list-page/useListPage.ts';
import { useProgramSearchBox } from './useProgramSearchBox.ts';
import { isSessionEnd, useListErrorToast } from '../../lib/list-page/useListErrorToast.ts';
import { sortFromEvent } from '../../lib/list-page/urlState.ts';
import { TitleLink, dateColumn, idColumn, titleColumn } from '../../lib/list-page/columns.tsx';
import { ExportButton } from '../../lib/list-page/ExportButton.tsx';
import { usePrograms } from './api/get-programs.ts';
import { PROGRAMS_URL_FIELDS, searchOnBlur, submittedSearch, toProgramsParams } from './programsSearch.ts';
import { ProgramsToolbar } from './ProgramsToolbar.tsx';
import { countLabel, ListHeader } from '../../lib/list-page/ListHeader.tsx';
import '../../components/data-page.css';
import './programs.css';

const PAGE_SIZE_KEY = 'programs';

const skeletonRows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: -1 - i }) as Program);

/** The programs list screen. */
export function ProgramsPage() {
  const navigate = useNavigate();

  // The search the table shows lives in the address (changed only by submit, Enter or blur); the box
  // and the type select hold what the user is choosing until then.
  const view = useListPage(PROGRAMS_URL_FIELDS, PAGE_SIZE_KEY);
  const { per } = view;
  const search = { text: view.values.q, type: view.values.by };
  const sort = view.values.sort;
  const { text, setText, type, setType } = useProgramSearchBox(search);
  const params = toProgramsParams(search, sort, view.page, per);

  const query = usePrograms(params);
  const list = query.data;
  const firstLoad = query.isPending;
  useListErrorToast(query);
  const { isError, error } = query;

  const submit = () => {
    const next = submittedSearch(text, type);
    if (next) view.set({ q: next.text, by: next.type });
  };
  const onBlur = () => {
    if (searchOnBlur(text, search, type)) submit();
  };
  const clear = () => {
    setText('');
    view.set({ q: '', by: PROGRAMS_URL_FIELDS.by.fallback });
  };

  const onSort = (e: DataTableSortEvent) => {
    const next = sortFromEvent(PROGRAM_SORTS, e);
    if (next) view.set({ sort: next });
  };

  const count = list?.count ?? 0;
  // The server caps the count just above SEARCH_RESULT_LIMIT: more reads '1000+'.
  const capped = count > SEARCH_RESULT_LIMIT;
  const reachable = Math.min(count, SEARCH_RESULT_LIMIT);
  const rows = firstLoad ? skeletonRows(per) : (list?.programs ?? []);
  const showInlineError = isError && !list && !isSessionEnd(error);
  const open = (program: Program) => void navigate(`/highlights/live/stream/program/${program.id}`);

  const columns: DataColumn<Program, ProgramSort>[] = [
    titleColumn({
      key: 'program',
      header: 'Program',
      sortField: 'program_name',
      skeletonWidths: ['70%'],
      title: (p) => (
        <TitleLink onOpen={() => open(p)} testId={`program-link-${p.id}`}>
          {p.program_name || p.title}
        </TitleLink>
      ),
      meta: (p) => p.channel,
    }),
    idColumn({
      key: 'id',
      header: 'ID',
      sortField: 'program_id',
      className: 'hc-col-program-id',
      skeleton: <Skeleton width="5rem" />,
      value: (p) => p.program_id,
      testId: (p) => `program-id-${p.id}`,
    }),
    dateColumn({ key: 'start', header: 'Start Time', sortField: 'start_time', value: (p) => p.start_time }),
  ];

  return (
    <div className="hc-data-page hc-programs" data-testid="programs-page">
      <ListHeader
        title="Horizontal View"
        subtitle="Live programs and the highlights made from them."
        count={list && countLabel(count, 'program', 'programs', capped)}
        countTestId="programs-count"
        actions={
          <ExportButton
            path="programs/export.csv"
            api="dashboard"
            query={{
              search_text: params.search_text,
              search_type: params.search_type,
              sort_by: params.sort_by,
              order_by: params.order_by,
            }}
            fallbackName="programs.csv"
            testId="programs-export"
            disabled={!list || count === 0}
          />
        }
      />

      <ProgramsToolbar
        text={text}
        onTextChange={setText}
        type={type}
        onTypeChange={setType}
        onSubmit={submit}
        onBlur={onBlur}
        canClear={text !== '' || search.text !== ''}
        onClear={clear}
      />

      <ListTable
        error={showInlineError && { message: messages.networkError, testId: 'programs-error' }}
        view={view}
        query={query}
        testId="programs"
        rows={rows}
        dataKey="id"
        columns={columns}
        firstLoad={firstLoad}
        totalRecords={reachable}
        pageReport={capped ? '{first}–{last} of 1000+' : '{first}–{last} of {totalRecords}'}
        sort={sort}
        onSort={onSort}
        onRowClick={open}
        tableClassName="hc-table hc-programs-table"
      />
    </div>
  );
}
