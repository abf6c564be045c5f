// Programs (streams) list (spec 001 §2.7; route /highlights/live/stream): search by program name or id,
// a server-paged and server-sorted table, and a row click to the program's page.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isCancelledError } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Skeleton } from 'primereact/skeleton';
import { SEARCH_RESULT_LIMIT, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../app/toast.tsx';
import { StatePanel } from '../../app/StatePanel.tsx';
import { usePersistentPageSize } from '../../components/usePersistentPageSize.ts';
import { usePrograms } from './api/get-programs.ts';
import type { Program } from '@hc/shared/api/programs';
import {
  DEFAULT_PROGRAMS_SORT,
  NO_SEARCH,
  searchOnBlur,
  submittedSearch,
  toProgramsParams,
} from './programsSearch.ts';
import type { ProgramSearchType } from '@hc/shared/api/programs';
import type { ProgramSortColumn, ProgramsSearch, ProgramsSort } from './programsSearch.ts';
import { ProgramsToolbar } from './ProgramsToolbar.tsx';
import '../../components/data-page.css';
import './programs.css';

const PAGE_SIZE_KEY = 'programs';

const skeletonRows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: -1 - i }) as Program);

/** The programs list screen. */
export function ProgramsPage() {
  const toast = useToast();
  const navigate = useNavigate();

  // What the box holds, and the search the table shows (changed only by submit, Enter or blur).
  const [text, setText] = useState('');
  const [type, setType] = useState<ProgramSearchType>('program_title');
  const [search, setSearch] = useState<ProgramsSearch>(NO_SEARCH);
  const [sort, setSort] = useState<ProgramsSort>(DEFAULT_PROGRAMS_SORT);
  const [per, setPer] = usePersistentPageSize(PAGE_SIZE_KEY);

  const filterKey = JSON.stringify([search, sort, per]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const params = toProgramsParams(search, sort, page, per);

  const query = usePrograms(params);
  const list = query.data;
  const firstLoad = query.isPending;

  const handledErrorAt = useRef(0);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = errorUpdatedAt;
    if (isCancelledError(error) || error.name === 'AbortError') return;
    if (error instanceof ApiError && error.status === 401) return;
    toast.error(error instanceof ApiError && error.status !== 0 ? error.message : messages.networkError);
  }, [isError, error, errorUpdatedAt, toast]);

  const submit = () => {
    const next = submittedSearch(text, type);
    if (next) setSearch(next);
  };
  const onBlur = () => {
    if (searchOnBlur(text, search, type)) submit();
  };
  const clear = () => {
    setText('');
    setSearch(NO_SEARCH);
  };

  const onSort = (e: DataTableSortEvent) => {
    setSort({ column: e.sortField as ProgramSortColumn, order: e.sortOrder === 1 ? 'asc' : 'desc' });
  };
  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) {
      setPer(e.rows);
      return;
    }
    setPaging({ key: filterKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  const count = list?.count ?? 0;
  // The server caps the count just above SEARCH_RESULT_LIMIT: more reads '1000+'.
  const capped = count > SEARCH_RESULT_LIMIT;
  const reachable = Math.min(count, SEARCH_RESULT_LIMIT);
  const rows = firstLoad ? skeletonRows(per) : (list?.programs ?? []);
  const sessionEnded = error instanceof ApiError && error.status === 401;
  const showInlineError = isError && !list && !sessionEnded;
  const open = (program: Program) => void navigate(`/highlights/live/stream/program/${program.id}`);

  return (
    <div className="hc-data-page hc-programs" data-testid="programs-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Horizontal View</h1>
          <p className="hc-page-subtitle">Live programs and the highlights made from them.</p>
        </div>
        {list && (
          <span className="hc-result-count" data-testid="programs-count">
            {capped ? `${formatNumber(SEARCH_RESULT_LIMIT)}+` : formatNumber(count)}{' '}
            {count === 1 ? 'program' : 'programs'}
          </span>
        )}
      </header>

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

      {showInlineError ? (
        <StatePanel
          kind="error"
          message={messages.networkError}
          onRetry={() => void query.refetch()}
          testId="programs-error"
        />
      ) : (
        <div className="hc-card hc-table-card" data-testid="programs-table" aria-busy={query.isFetching}>
          <DataTable
            value={rows}
            dataKey="id"
            lazy
            paginator={firstLoad || count > 0}
            first={(params.page - 1) * per}
            rows={per}
            totalRecords={reachable}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            currentPageReportTemplate={
              capped ? '{first}–{last} of 1000+' : '{first}–{last} of {totalRecords}'
            }
            onPage={onPage}
            sortField={sort.column}
            sortOrder={sort.order === 'asc' ? 1 : -1}
            onSort={onSort}
            loading={query.isPlaceholderData}
            emptyMessage={
              <div className="hc-empty" data-testid="programs-empty">
                {messages.noResults}
              </div>
            }
            onRowClick={(e) => {
              if (!firstLoad) open(e.data as Program);
            }}
            rowClassName={() => (firstLoad ? 'hc-row' : 'hc-row hc-row--clickable')}
            pt={{ bodyRow: { 'data-testid': 'programs-row' } as object }}
            tableClassName="hc-table hc-programs-table"
          >
            <Column
              columnKey="program"
              header="Program"
              sortable
              sortField="program_name"
              className="hc-col-title"
              body={(p: Program) =>
                firstLoad ? (
                  <Skeleton width="70%" />
                ) : (
                  <div className="hc-title-cell">
                    <button
                      type="button"
                      className="hc-title-link"
                      data-testid={`program-link-${p.id}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        open(p);
                      }}
                    >
                      {p.program_name || p.title}
                    </button>
                    {p.channel && <span className="hc-title-meta">{p.channel}</span>}
                  </div>
                )
              }
            />
            <Column
              columnKey="id"
              header="ID"
              sortable
              sortField="program_id"
              className="hc-col-program-id"
              body={(p: Program) =>
                firstLoad ? (
                  <Skeleton width="5rem" />
                ) : (
                  <span className="hc-mono" data-testid={`program-id-${p.id}`}>
                    {p.program_id}
                  </span>
                )
              }
            />
            <Column
              columnKey="start"
              header="Start Time"
              sortable
              sortField="start_time"
              className="hc-col-date"
              body={(p: Program) =>
                firstLoad ? (
                  <Skeleton width="6rem" />
                ) : (
                  <span className="hc-nowrap">{formatDate(p.start_time)}</span>
                )
              }
            />
          </DataTable>
        </div>
      )}
    </div>
  );
}
