// APV Highlights (spec 000 §2 "APV Highlights screen"; routes '/' and '/highlights/web'): the filterable,
// server-paged and server-sorted table of a publisher's highlights, the two enable checkboxes, and the
// detail drawer with downloads.
import { startTransition } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { HIGHLIGHT_SORT_COLUMNS } from '@hc/shared/api/highlights';
import type { Highlight, HighlightSortColumn } from '@hc/shared/api/highlights';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { formatCount, formatDate, formatNumber, formatPercent } from '@hc/shared/formatters';
import { apvSwitched, messages } from '@hc/shared/messages';
import { APV_SWITCH_ROLE, canAccess, role } from '@hc/shared/access';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { useAppConfig } from '../../lib/config/config.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { ServerDataTable, skeletonRows } from '../../components/ServerDataTable.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { HoverVideo } from '../../components/HoverVideo.tsx';
import type { DownloadFormat } from '../../components/DownloadPanel.tsx';
import { useListPage, useSearchText } from '../../lib/list-page/useListPage.ts';
import { isSessionEnd, useListErrorToast } from '../../lib/list-page/useListErrorToast.ts';
import { sortFromEvent } from '../../lib/list-page/urlState.ts';
import { useHighlights } from './api/get-highlights.ts';
import { useSetArticleStatus, withArticleStatus } from './api/set-article-status.ts';
import type { ApvMode } from './api/set-article-status.ts';
import { useDownloadHighlight } from './api/download-highlight.ts';
import {
  DEFAULT_SORT,
  HIGHLIGHTS_PAGE_SIZE_KEY,
  HIGHLIGHTS_URL_FIELDS,
  effectiveSort,
  isSearchTooBroad,
  reachableTotal,
  toHighlightsParams,
} from './highlightsFilters.ts';
import type { HighlightsFilters } from './highlightsFilters.ts';
import { HighlightsToolbar } from './HighlightsToolbar.tsx';
import type { SortChoice } from './HighlightsToolbar.tsx';
import { EnableCheckbox } from './EnableCheckbox.tsx';
import { HighlightDrawer } from './HighlightDrawer.tsx';
import { useDrawerSelection } from '../../components/drawerSelection.ts';
import '../../components/data-page.css';

type ColumnDef = DataColumn<Highlight, HighlightSortColumn>;

const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.message : messages.somethingWentWrong;

/** The APV Highlights screen. */
export function HighlightsPage() {
  const toast = useToast();
  const { consoleConfig, user } = useAppConfig();
  const canSwitch = canAccess(role(APV_SWITCH_ROLE), user.roles);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onRoot = pathname === '/';

  // Filters, sort and page live in the address; the text goes there once the user pauses typing. The
  // status and date choices are transitions: they re-render every row, and the choice's own click
  // should paint first (bench B11).
  const view = useListPage(HIGHLIGHTS_URL_FIELDS, HIGHLIGHTS_PAGE_SIZE_KEY);
  const { per, page } = view;
  const { days, status, sort } = view.values;
  const [text, setText] = useSearchText(view.values.q, (q) => view.set({ q }, { replace: true }));

  const filters: HighlightsFilters = {
    text: view.values.q,
    days,
    status,
    sort: effectiveSort(sort, view.values.q),
  };
  const params = toHighlightsParams(filters, page, per);

  const query = useHighlights(params);
  const list = query.data;
  const firstLoad = query.isPending;

  // A failed load tells the user and goes to '/'. On '/' itself the page shows the error
  // with Retry instead of looping.
  useListErrorToast(query, {
    message: messages.networkError,
    onFailure: () => {
      if (!onRoot) void navigate('/');
    },
  });
  const { isError, error } = query;

  // Opening and closing the drawer re-render the drawer, not this page (components/drawerSelection.ts).
  const drawer = useDrawerSelection<Highlight>();
  const openDrawer = drawer.open;

  const statusMutation = useSetArticleStatus();
  // A switch changes what readers of the publisher's live pages see: each one can be taken back.
  const toggle = (highlight: Highlight, mode: ApvMode, enabled: boolean, undoing = false) => {
    const input = { article_id: highlight.article_id, apv_mode: mode, status: enabled };
    drawer.update((s) => withArticleStatus(s, input));
    statusMutation.mutate(input, {
      onError: (failure) => {
        drawer.update((s) => withArticleStatus(s, { ...input, status: !enabled }));
        toast.error(errorText(failure));
      },
      onSuccess: () => {
        if (undoing) return;
        const place = mode === 'regular' ? 'front page' : 'article pages';
        toast.undoable(apvSwitched(place, enabled, highlight.title), () =>
          toggle(highlight, mode, !enabled, true),
        );
      },
    });
  };

  const download = useDownloadHighlight();
  const onDownload = async (highlight: Highlight, format: DownloadFormat) => {
    await download.mutateAsync({ highlight, format });
  };

  // Optional columns. The spec says only that the console flags decide them; the mapping:
  //   consoleDisplayGenericMetrics === 'true' → Front Page Impressions and Article Page Impressions
  //                                           (the generic, non-IAB totals; off by default)
  //   consoleDisplayIabMetrics === 'true'     → Front Page CTR Increase and Article Page CTR Increase
  //                                           (the IAB-measured figures; on by default)
  // Thumbnail, title, created, clicks and the two checkboxes always show; the drawer shows every figure.
  const showGeneric = consoleConfig.consoleDisplayGenericMetrics === 'true';
  const showIab = consoleConfig.consoleDisplayIabMetrics === 'true';

  const numberCell = (value: string) => <span className="hc-num">{value}</span>;
  const checkboxCell = (highlight: Highlight, mode: ApvMode) => (
    // The checkbox must not also open the drawer.
    <div className="hc-check-cell" onClick={(e) => e.stopPropagation()}>
      <EnableCheckbox highlight={highlight} mode={mode} onToggle={toggle} scope="row" readOnly={!canSwitch} />
    </div>
  );

  const columns: ColumnDef[] = [
    {
      key: 'thumbnail',
      header: 'APV',
      className: 'hc-col-thumb',
      skeleton: <Skeleton width="96px" height="54px" borderRadius="6px" />,
      body: (h) => (
        <HoverVideo
          src={h.video_url + MP4_SUFFIX}
          poster={h.thumbnail}
          alt={h.title}
          testId={`highlight-thumb-${h.highlight_id}`}
        />
      ),
    },
    {
      key: 'title',
      header: 'Title',
      className: 'hc-col-title',
      skeleton: (
        <div className="flex flex-column gap-2">
          <Skeleton width="90%" />
          <Skeleton width="40%" height="0.75rem" />
        </div>
      ),
      body: (h) => (
        <div className="hc-title-cell">
          <button
            type="button"
            className="hc-title-link"
            data-testid={`highlight-title-${h.highlight_id}`}
            onClick={(e) => {
              e.stopPropagation();
              openDrawer(h);
            }}
          >
            {h.title}
          </button>
          <span className="hc-title-meta">
            #{h.highlight_id}
            {h.category && <span className="hc-dot-sep">{h.category}</span>}
          </span>
        </div>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'date',
      firstOrder: 'desc',
      className: 'hc-col-date',
      body: (h) => <span className="hc-nowrap">{formatDate(h.published_at)}</span>,
    },
    ...(showGeneric
      ? [
          {
            key: 'front-impressions',
            header: 'Front Page Impressions',
            align: 'right',
            className: 'hc-col-num',
            body: (h) => numberCell(formatCount(h.non_uniq_regular_impressions)),
          } satisfies ColumnDef,
        ]
      : []),
    {
      key: 'front-clicks',
      header: 'Front Page Clicks',
      sortField: 'non_uniq_regular_clicks',
      firstOrder: 'desc',
      align: 'right',
      className: 'hc-col-num',
      body: (h) => numberCell(formatCount(h.non_uniq_regular_clicks)),
    },
    ...(showIab
      ? [
          {
            key: 'front-ctr',
            header: 'Front Page CTR Increase',
            sortField: 'regular_ctr',
            firstOrder: 'desc',
            align: 'right',
            className: 'hc-col-num',
            body: (h) => numberCell(formatPercent(h.regular_ctr)),
          } satisfies ColumnDef,
        ]
      : []),
    ...(showGeneric
      ? [
          {
            key: 'article-impressions',
            header: 'Article Page Impressions',
            align: 'right',
            className: 'hc-col-num',
            body: (h) => numberCell(formatCount(h.non_uniq_ia_impressions)),
          } satisfies ColumnDef,
        ]
      : []),
    {
      key: 'article-clicks',
      header: 'Article Page Clicks',
      sortField: 'non_uniq_ia__clicks',
      firstOrder: 'desc',
      align: 'right',
      className: 'hc-col-num',
      body: (h) => numberCell(formatCount(h.non_uniq_ia_clicks)),
    },
    ...(showIab
      ? [
          {
            key: 'article-ctr',
            header: 'Article Page CTR Increase',
            sortField: 'ia_ctr',
            firstOrder: 'desc',
            align: 'right',
            className: 'hc-col-num',
            body: (h) => numberCell(formatPercent(h.ia_ctr)),
          } satisfies ColumnDef,
        ]
      : []),
    {
      key: 'enable-front-page',
      header: 'Enable Front Page',
      align: 'center',
      className: 'hc-col-check',
      skeleton: <Skeleton size="1.25rem" className="mx-auto" />,
      body: (h) => checkboxCell(h, 'regular'),
    },
    {
      key: 'enable-article',
      header: 'Enable Article',
      align: 'center',
      className: 'hc-col-check',
      skeleton: <Skeleton size="1.25rem" className="mx-auto" />,
      body: (h) => checkboxCell(h, 'article'),
    },
  ];

  // Sorting: the sort select and the column headers drive the same order_by.
  const activeSort = filters.sort;
  const sortChoice: SortChoice =
    activeSort === 'relevance' ? 'relevance' : activeSort.column === 'date' ? 'date' : null;
  const onSort = (e: DataTableSortEvent) => {
    const next = sortFromEvent(HIGHLIGHT_SORT_COLUMNS, e);
    if (next) view.set({ sort: next });
  };

  // Relevance needs text: with the text cleared, effectiveSort() falls back to Date once the debounced
  // text is empty too, so no request goes out with the old text and the new sort.
  const onTextChange = (value: string) => setText(value);
  const canReset = text !== '' || !view.isDefault;
  const reset = () => {
    setText('');
    view.reset();
  };

  const count = list?.count ?? 0;
  const tooBroad = isSearchTooBroad(count);
  const rows = firstLoad ? skeletonRows<Highlight>(per, 'highlight_id') : (list?.highlights ?? []);
  // A 401 is the session dialog's business: behind it, no misleading network error.
  const showInlineError = isError && !list && !isSessionEnd(error);

  return (
    <div className="hc-data-page" data-testid="highlights-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">APV Highlights</h1>
          <p className="hc-page-subtitle">
            Automatic preview videos of your articles, with their performance.
          </p>
        </div>
        {list && (
          <span className="hc-result-count" data-testid="highlights-count">
            {tooBroad ? '1000+' : formatNumber(count)} {count === 1 ? 'highlight' : 'highlights'}
          </span>
        )}
      </header>

      <HighlightsToolbar
        text={text}
        onTextChange={onTextChange}
        days={days}
        onDaysChange={(value) => startTransition(() => view.set({ days: value }))}
        status={status}
        onStatusChange={(value) => startTransition(() => view.set({ status: value }))}
        sortChoice={sortChoice}
        onSortChoice={(choice) => view.set({ sort: choice === 'relevance' ? 'relevance' : DEFAULT_SORT })}
        relevanceAvailable={text.trim() !== ''}
        canReset={canReset}
        onReset={reset}
        exportQuery={{
          q: params.q,
          from_date: params.from_date,
          status: params.status,
          order_by: params.order_by,
        }}
      />

      {tooBroad && (
        <Message
          severity="info"
          text={messages.searchTooBroad}
          className="hc-too-broad"
          data-testid="highlights-too-broad"
        />
      )}

      {showInlineError ? (
        <StatePanel
          kind="error"
          message={messages.networkError}
          onRetry={() => void query.refetch()}
          testId="highlights-error"
        />
      ) : (
        <ServerDataTable
          testId="highlights"
          rows={rows}
          dataKey="highlight_id"
          columns={columns}
          firstLoad={firstLoad}
          page={params.page}
          per={per}
          totalRecords={reachableTotal(count)}
          pageReport={tooBroad ? '{first}–{last} of 1000+' : undefined}
          onPage={view.onPage}
          sort={
            activeSort === 'relevance' ? undefined : { field: activeSort.column, order: activeSort.order }
          }
          onSort={onSort}
          loading={query.isPlaceholderData}
          fetching={query.isFetching}
          onRowClick={openDrawer}
        />
      )}

      <HighlightDrawer
        selection={drawer}
        pageRows={list?.highlights}
        createGif={list?.create_gif ?? false}
        onToggle={toggle}
        readOnly={!canSwitch}
        onDownload={onDownload}
        onDownloadError={(failure) => toast.error(errorText(failure))}
      />
    </div>
  );
}
