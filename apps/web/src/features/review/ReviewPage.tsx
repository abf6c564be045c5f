// Auto Highlight Review queue (spec 001 §2.9; route /review, role apv_article_admin): publisher filter,
// Refresh, the server-sorted and paged queue (sort remembered locally, default created_at newest first),
// and the review panel of the selected article.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { formatDate, formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { lockMessages } from '@hc/shared/live/locks';
import type { PendingReviewList } from '@hc/shared/api/review';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../app/toast.tsx';
import { useAppConfig } from '../../app/config.tsx';
import { StatePanel } from '../../app/StatePanel.tsx';
import { usePersistentPageSize } from '../../components/usePersistentPageSize.ts';
import { PENDING_ARTICLES_KEY, usePendingArticles } from './api/get-pending-articles.ts';
import type { PendingArticle } from '@hc/shared/api/review';
import type { PendingArticlesParams } from './api/get-pending-articles.ts';
import { readReviewSort, writeReviewSort } from './reviewSort.ts';
import type { ReviewSort, ReviewSortColumn } from './reviewSort.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { heldByOther, nextFreeRow } from '../locks/lockRows.ts';
import { LockTag } from '../locks/LockTag.tsx';
import { pageWithLockChange, useLockChanges, useLockClock } from '../locks/useLockChanges.ts';
import { useBreakLockAction } from '../locks/useBreakLockAction.tsx';
import '../../components/data-page.css';
import './review.css';

const PAGE_SIZE_KEY = 'review';
const NO_ARTICLES: PendingArticle[] = [];
const ALL_HELD = 'Every other article here is being reviewed by someone else: they show who in the list.';

/** 'All publishers' in the filter (PrimeReact treats null as "nothing selected"). */
const ALL_PUBLISHERS = 0;

const articleId = (a: PendingArticle) => a.id;

const skeletonRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: -1 - i }) as PendingArticle);

/** The Auto Highlight Review screen. */
export function ReviewPage() {
  const toast = useToast();
  const { user } = useAppConfig();
  const client = useQueryClient();
  const [publisher, setPublisher] = useState<number>(ALL_PUBLISHERS);
  const [sort, setSortState] = useState<ReviewSort>(readReviewSort);
  const setSort = (next: ReviewSort) => {
    setSortState(next);
    writeReviewSort(next);
  };
  const [per, setPer] = usePersistentPageSize(PAGE_SIZE_KEY);

  const filterKey = JSON.stringify([publisher, sort, per]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const params: PendingArticlesParams = {
    sort_by: sort.column,
    order_by: sort.order,
    page,
    per,
    ...(publisher !== ALL_PUBLISHERS ? { publisher } : {}),
  };

  const query = usePendingArticles(params);
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

  // Who holds which article: from the list, then live from lock_changed.
  const applyLockChange = useLockChanges<PendingReviewList>('article', PENDING_ARTICLES_KEY, (page, event) =>
    pageWithLockChange(page, 'articles', articleId, event),
  );
  const breakLock = useBreakLockAction('article', applyLockChange);
  const isAdmin = user.roles.includes('admin');
  const now = useLockClock(list?.articles ?? NO_ARTICLES, user.email, () => {
    void client.invalidateQueries({ queryKey: PENDING_ARTICLES_KEY });
  });

  const [selected, setSelected] = useState<PendingArticle | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const open = (article: PendingArticle) => {
    const holder = heldByOther(article, user.email, Date.now());
    if (holder) {
      toast.info(lockMessages.heldBy(holder));
      return;
    }
    setSelected(article);
    setPanelOpen(true);
  };
  // The queue as last rendered: after a submit it has been fetched again without the reviewed article.
  const latestArticles = useRef<PendingArticle[]>([]);
  latestArticles.current = list?.articles ?? [];
  // After a review the next article nobody else holds opens; the panel closes only when there is none.
  const onSubmitted = (doneId: number) => {
    const rows = latestArticles.current;
    const next = nextFreeRow(rows, articleId, doneId, user.email, Date.now());
    if (next) {
      setSelected(next);
      return;
    }
    setPanelOpen(false);
    if (rows.some((a) => a.id !== doneId)) toast.info(ALL_HELD);
  };
  const onRefused = useCallback(
    (_id: number, message: string) => {
      toast.info(message);
      setPanelOpen(false);
      void client.invalidateQueries({ queryKey: PENDING_ARTICLES_KEY });
    },
    [toast, client],
  );

  const publisherOptions = [
    { label: 'All publishers', value: ALL_PUBLISHERS },
    ...user.publishers.map((p) => ({ label: p.name, value: p.id })),
  ];

  const onSort = (e: DataTableSortEvent) => {
    setSort({ column: e.sortField as ReviewSortColumn, order: e.sortOrder === 1 ? 'asc' : 'desc' });
  };
  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) {
      setPer(e.rows);
      return;
    }
    setPaging({ key: filterKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows(per) : (list?.articles ?? []);
  const sessionEnded = error instanceof ApiError && error.status === 401;
  const showInlineError = isError && !list && !sessionEnded;
  const cell = <T,>(render: (a: PendingArticle) => T, width = '4.5rem') =>
    firstLoad ? () => <Skeleton width={width} /> : render;

  return (
    <div className="hc-data-page hc-review" data-testid="review-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Auto Highlight Review</h1>
          <p className="hc-page-subtitle">Rate the highlights the algorithm made for new articles.</p>
        </div>
        {list && (
          <span className="hc-result-count" data-testid="review-count">
            {formatNumber(count)} pending
          </span>
        )}
      </header>

      <div className="hc-card hc-toolbar" data-testid="review-filters">
        <div className="hc-toolbar__field">
          <label htmlFor="review-publisher">Publisher</label>
          <Dropdown
            inputId="review-publisher"
            value={publisher}
            options={publisherOptions}
            filter={publisherOptions.length > 8}
            onChange={(e) => setPublisher(Number(e.value) || ALL_PUBLISHERS)}
            data-testid="review-publisher"
          />
        </div>
        <div className="hc-toolbar__actions">
          <Button
            type="button"
            label="Refresh"
            icon={`pi pi-refresh${query.isFetching && !firstLoad ? ' pi-spin' : ''}`}
            outlined
            onClick={() => void query.refetch()}
            data-testid="review-refresh"
          />
        </div>
      </div>

      {showInlineError ? (
        <StatePanel
          kind="error"
          message={messages.networkError}
          onRetry={() => void query.refetch()}
          testId="review-error"
        />
      ) : (
        <div className="hc-card hc-table-card" data-testid="review-table" aria-busy={query.isFetching}>
          <DataTable
            value={rows}
            dataKey="id"
            lazy
            paginator={firstLoad || count > 0}
            first={(page - 1) * per}
            rows={per}
            totalRecords={count}
            rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            onPage={onPage}
            sortField={sort.column}
            sortOrder={sort.order === 'asc' ? 1 : -1}
            onSort={onSort}
            loading={query.isPlaceholderData}
            emptyMessage={
              <div className="hc-empty" data-testid="review-empty">
                {messages.noResults}
              </div>
            }
            onRowClick={(e) => {
              if (!firstLoad) open(e.data as PendingArticle);
            }}
            rowClassName={(a: PendingArticle) =>
              firstLoad
                ? 'hc-row'
                : `hc-row hc-row--clickable${panelOpen && selected?.id === a.id ? ' hc-row--selected' : ''}${
                    heldByOther(a, user.email, now) ? ' hc-row--locked' : ''
                  }`
            }
            pt={{ bodyRow: { 'data-testid': 'review-row' } as object }}
            tableClassName="hc-table hc-review-table"
          >
            <Column
              columnKey="id"
              header="Id"
              sortable
              sortField="id"
              className="hc-col-review-id"
              body={cell((a) => (
                <span className="hc-mono">{a.id}</span>
              ))}
            />
            <Column
              columnKey="publisher"
              header="Publisher"
              sortable
              sortField="publisher_name"
              className="hc-col-publisher"
              body={cell((a) => a.publisher_name, '7rem')}
            />
            <Column
              columnKey="title"
              header="Title"
              sortable
              sortField="title"
              className="hc-col-title"
              body={cell((a) => {
                const holder = heldByOther(a, user.email, now);
                return (
                  <>
                    <button
                      type="button"
                      className="hc-title-link"
                      data-testid={`review-article-${a.id}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        open(a);
                      }}
                    >
                      {a.title}
                    </button>
                    {holder && (
                      <div>
                        <LockTag
                          holder={holder}
                          onBreak={isAdmin ? () => breakLock.ask(a.id, holder) : undefined}
                          testId={`review-lock-${a.id}`}
                        />
                      </div>
                    )}
                  </>
                );
              }, '80%')}
            />
            <Column
              columnKey="created"
              header="Created On"
              sortable
              sortField="created_at"
              className="hc-col-date"
              body={cell((a) => (
                <span className="hc-nowrap">{formatDate(a.created_at)}</span>
              ))}
            />
            <Column
              columnKey="featured"
              header="Featured"
              align="center"
              alignHeader="center"
              className="hc-col-featured"
              body={cell((a) =>
                a.featured ? (
                  <Tag value="Featured" severity="warning" rounded data-testid={`review-featured-${a.id}`} />
                ) : (
                  <span className="hc-muted">No</span>
                ),
              )}
            />
            <Column
              columnKey="url"
              header="URL"
              className="hc-col-url"
              body={cell(
                (a) => (
                  <a
                    href={a.raw_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="hc-external-link hc-url-cell"
                    title={a.raw_url}
                    onClick={(e) => e.stopPropagation()}
                  >
                    <span>{a.raw_url.replace(/^https?:\/\//, '')}</span>
                    <i className="pi pi-external-link" aria-hidden="true" />
                  </a>
                ),
                '10rem',
              )}
            />
          </DataTable>
        </div>
      )}

      <ReviewPanel
        article={selected}
        visible={panelOpen}
        onHide={() => setPanelOpen(false)}
        onSubmitted={onSubmitted}
        onRefused={onRefused}
      />
      {breakLock.dialog}
    </div>
  );
}
