// Program detail (route /highlights/live/stream/program/:programId): the program's
// highlights (video, Type, Highlight Id, Segment Id, Created at) and a drawer with the video and its
// creation date. The breadcrumbs come from the route tree (Horizontal View › View Program). The page of
// the table lives in the address, so a reload or a shared link opens the same page.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { MP4_SUFFIX, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { EMPTY_VALUE, formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../lib/api.ts';
import { StatePanel } from '../../components/StatePanel.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { HoverVideo } from '../../components/HoverVideo.tsx';
import { DetailDrawer, DetailList } from '../../components/DetailDrawer.tsx';
import { useListPage } from '../../lib/list-page/useListPage.ts';
import { useDrawerRow, useDrawerSelection, type DrawerSelection } from '../../components/drawerSelection.ts';
import { useProgram } from './api/get-program.ts';
import type { ProgramHighlight } from '@hc/shared/api/programs';
import '../../components/data-page.css';
import './programs.css';

const PAGE_SIZE_KEY = 'programHighlights';
const SKELETON_ROWS = 5;
/** The highlights are not filtered or server-sorted: only the page is in the address. */
const URL_FIELDS = {};

const skeletonRows = Array.from(
  { length: SKELETON_ROWS },
  (_, i) => ({ hld_id: -1 - i }) as ProgramHighlight,
);
const videoOf = (h: ProgramHighlight) => (h.video || h.hld_url) + MP4_SUFFIX;

/** The program detail screen. */
export function ProgramPage() {
  const { programId = '' } = useParams();
  const query = useProgram(programId);
  const program = query.data;
  const firstLoad = query.isPending;
  const list = useListPage(URL_FIELDS, PAGE_SIZE_KEY);
  const { per } = list;
  // Opening and closing the drawer re-render the drawer, not this page (components/drawerSelection.ts).
  const drawer = useDrawerSelection<ProgramHighlight>();
  const open = drawer.open;

  const { error } = query;
  if (query.isError && !(error instanceof ApiError && error.status === 401)) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <StatePanel
        kind={notFound ? 'empty' : 'error'}
        title={notFound ? 'Program not found' : undefined}
        message={notFound ? `There is no program ${programId}.` : messages.networkError}
        onRetry={notFound ? undefined : () => void query.refetch()}
        action={<LinkButton to="/highlights/live/stream" label="All programs" icon="pi pi-arrow-left" text />}
        testId="program-error"
      />
    );
  }

  const highlights = program?.hlt_list ?? [];
  // A page past the end (a link made when the program had more highlights) shows the last one.
  const first = (Math.min(list.page, Math.max(1, Math.ceil(highlights.length / per))) - 1) * per;
  const rows = firstLoad ? skeletonRows : highlights;
  const cell = (render: (h: ProgramHighlight) => ReactNode, skeleton = <Skeleton width="4.5rem" />) =>
    firstLoad ? () => skeleton : render;

  return (
    <div className="hc-data-page hc-programs" data-testid="program-page">
      <header className="hc-page-header">
        <div className="min-w-0">
          <h1 className="hc-page-title" data-testid="program-title">
            {program ? program.program_title : <Skeleton width="16rem" height="1.75rem" />}
          </h1>
          {program && (
            <p className="hc-program-meta">
              <span data-testid="program-id">
                <i className="pi pi-hashtag" aria-hidden="true" />
                {program.program_id}
              </span>
              {program.channel && (
                <span data-testid="program-channel">
                  <i className="pi pi-desktop" aria-hidden="true" />
                  {program.channel}
                </span>
              )}
              <span data-testid="program-start">
                <i className="pi pi-calendar" aria-hidden="true" />
                {formatDate(program.start_time)}
              </span>
            </p>
          )}
        </div>
        {program && (
          <span className="hc-result-count" data-testid="program-highlights-count">
            {formatNumber(highlights.length)} {highlights.length === 1 ? 'highlight' : 'highlights'}
          </span>
        )}
      </header>

      <div className="hc-card hc-table-card" data-testid="program-highlights" aria-busy={query.isFetching}>
        <DataTable
          value={rows}
          dataKey="hld_id"
          paginator={highlights.length > per}
          first={first}
          rows={per}
          onPage={list.onPage}
          rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
          paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
          currentPageReportTemplate="{first}–{last} of {totalRecords}"
          sortField="created_at"
          sortOrder={-1}
          removableSort={false}
          emptyMessage={
            <div className="hc-empty" data-testid="program-highlights-empty">
              {messages.noResults}
            </div>
          }
          onRowClick={(e) => {
            if (!firstLoad) open(e.data as ProgramHighlight);
          }}
          rowClassName={() => (firstLoad ? 'hc-row' : 'hc-row hc-row--clickable')}
          pt={{ bodyRow: { 'data-testid': 'program-highlight-row' } as object }}
          tableClassName="hc-table hc-programs-table"
        >
          <Column
            columnKey="video"
            header="Video"
            className="hc-col-thumb"
            body={cell(
              (h) => (
                <HoverVideo
                  src={videoOf(h)}
                  poster={h.thumbnail ?? ''}
                  alt={`Highlight ${h.hld_id}`}
                  testId={`program-highlight-thumb-${h.hld_id}`}
                />
              ),
              <Skeleton width="96px" height="54px" borderRadius="6px" />,
            )}
          />
          <Column
            columnKey="type"
            header="Type"
            sortable
            field="type"
            className="hc-col-type"
            body={cell((h) => (h.type ? <Tag value={h.type} severity="info" rounded /> : EMPTY_VALUE))}
          />
          <Column
            columnKey="highlight-id"
            header="Highlight Id"
            sortable
            field="hld_id"
            className="hc-col-id"
            body={cell((h) => (
              <button
                type="button"
                className="hc-title-link hc-mono"
                data-testid={`program-highlight-${h.hld_id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  open(h);
                }}
              >
                {h.hld_id}
              </button>
            ))}
          />
          <Column
            columnKey="segment-id"
            header="Segment Id"
            sortable
            field="segment_id"
            className="hc-col-id"
            body={cell((h) => (
              <span className="hc-mono">{h.segment_id ?? EMPTY_VALUE}</span>
            ))}
          />
          <Column
            columnKey="created"
            header="Created at"
            sortable
            field="created_at"
            className="hc-col-date"
            body={cell((h) => (
              <span className="hc-nowrap">{formatDate(h.created_at)}</span>
            ))}
          />
        </DataTable>
      </div>

      <ProgramHighlightDrawer selection={drawer} programTitle={program?.program_title} />
    </div>
  );
}

/** The drawer of one program highlight: its video and details. */
function ProgramHighlightDrawer({
  selection,
  programTitle,
}: {
  selection: DrawerSelection<ProgramHighlight>;
  programTitle: string | undefined;
}) {
  const { row: selected, visible } = useDrawerRow(selection, undefined, (a, b) => a.hld_id === b.hld_id);
  if (!selected) return null;
  return (
    <DetailDrawer
      visible={visible}
      onHide={selection.hide}
      title={`Highlight ${selected.hld_id}`}
      subtitle={programTitle && <span>{programTitle}</span>}
      testId="program-highlight-drawer"
    >
      <video
        key={selected.hld_id}
        className="hc-drawer-video"
        src={videoOf(selected)}
        poster={selected.thumbnail ?? undefined}
        controls
        preload="metadata"
        playsInline
        data-testid="program-highlight-drawer-video"
      />
      <DetailList
        title="Details"
        items={[
          {
            label: 'Created at',
            value: formatDate(selected.created_at),
            testId: 'program-highlight-drawer-created',
          },
          { label: 'Type', value: selected.type ?? EMPTY_VALUE, testId: 'program-highlight-drawer-type' },
          { label: 'Highlight Id', value: selected.hld_id, testId: 'program-highlight-drawer-id' },
          {
            label: 'Segment Id',
            value: selected.segment_id ?? EMPTY_VALUE,
            testId: 'program-highlight-drawer-segment',
          },
        ]}
      />
    </DetailDrawer>
  );
}
