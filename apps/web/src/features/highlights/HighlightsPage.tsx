// APV Highlights (routes '/' and '/highlights/web'): the filterable,
// server-paged and server-sorted table of a publisher's highlights, the two enable checkboxes, and the
// detail drawer with downloads.
import { startTransition, Suspense, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { HIGHLIGHT_SORT_COLUMNS } from '@hc/shared/api/highlight-columns';
import type { Highlight } from '@hc/shared/api/highlights';
import { apvSwitched, messages } from '@hc/shared/messages';
import { APV_SWITCH_ROLE, canAccess, role } from '@hc/shared/access';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { useAppConfig } from '../../lib/config/config.tsx';
import { skeletonRows } from '../../components/ServerDataTable.tsx';
import { ListTable } from '../../lib/list-page/ListTable.tsx';
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
import { highlightColumns } from './highlightColumns.tsx';
import { useDrawerSelection } from '../../components/drawerSelection.ts';
import { countLabel, ListHeader } from '../../lib/list-page/ListHeader.tsx';
import '../../components/data-page.css';
import { lazyPart } from '../../lib/lazyPart.ts';

// The drawer (the video, the downloads, the trend, PrimeReact's Sidebar) loads when a row is first opened:
// the list itself shows none of it.
const HighlightDrawer = lazyPart(() =>
  import('./HighlightDrawer.tsx').then((m) => ({ default: m.HighlightDrawer })),
);

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
  // should paint first (the web-vitals bench).
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
  // True from the first opened row on (a boolean: opening and closing again do not re-render the page).
  const drawerUsed = useSyncExternalStore(drawer.subscribe, () => drawer.state().row !== null);

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

  const columns = highlightColumns({
    config: consoleConfig,
    openDrawer,
    onToggle: toggle,
    readOnly: !canSwitch,
  });

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
      <ListHeader
        title="APV Highlights"
        subtitle="Automatic preview videos of your articles, with their performance."
        count={list && countLabel(count, 'highlight', 'highlights', tooBroad)}
        countTestId="highlights-count"
      />

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

      <ListTable
        error={showInlineError && { message: messages.networkError, testId: 'highlights-error' }}
        view={view}
        query={query}
        testId="highlights"
        rows={rows}
        dataKey="highlight_id"
        columns={columns}
        firstLoad={firstLoad}
        totalRecords={reachableTotal(count)}
        pageReport={tooBroad ? '{first}–{last} of 1000+' : undefined}
        sort={activeSort === 'relevance' ? undefined : activeSort}
        onSort={onSort}
        onRowClick={openDrawer}
      />

      {drawerUsed && (
        // Nothing shows while the drawer's code arrives; it slides in when it has.
        <Suspense fallback={null}>
          <HighlightDrawer
            selection={drawer}
            pageRows={list?.highlights}
            createGif={list?.create_gif ?? false}
            onToggle={toggle}
            readOnly={!canSwitch}
            onDownload={onDownload}
            onDownloadError={(failure) => toast.error(errorText(failure))}
          />
        </Suspense>
      )}
    </div>
  );
}
