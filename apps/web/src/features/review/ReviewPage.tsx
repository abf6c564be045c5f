// Auto Highlight Review queue (route /review, role apv_article_admin): publisher filter,
// Refresh, the server-sorted and paged queue (sort remembered locally, default created_at newest first),
// and the review panel of the selected article.
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableSortEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { formatNumber } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { lockMessages } from '@hc/shared/live/locks';
import { PENDING_REVIEW_SORTS } from '@hc/shared/api/review';
import type { PendingReviewList, PendingReviewSort } from '@hc/shared/api/review';
import { useToast } from '../../lib/toast.tsx';
import { useAppConfig } from '../../lib/config/config.tsx';
import { ListTable } from '../../lib/list-page/ListTable.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { useListPage } from '../../lib/list-page/useListPage.ts';
import { isSessionEnd, useListErrorToast } from '../../lib/list-page/useListErrorToast.ts';
import { sortFromEvent } from '../../lib/list-page/urlState.ts';
import { TitleLink, dateColumn, idColumn } from '../../lib/list-page/columns.tsx';
import { ExportButton } from '../../lib/list-page/ExportButton.tsx';
import { PENDING_ARTICLES_KEY, usePendingArticles } from './api/get-pending-articles.ts';
import type { PendingArticle } from '@hc/shared/api/review';
import type { PendingArticlesParams } from './api/get-pending-articles.ts';
import { REVIEW_URL_FIELDS, readReviewSort, writeReviewSort } from './reviewSort.ts';
import type { ReviewSort } from './reviewSort.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { heldByOther, nextFreeRow } from '../../lib/locks/lockRows.ts';
import { LockTag } from '../../lib/locks/LockTag.tsx';
import { pageWithLockChange, useLockChanges, useLockClock } from '../../lib/locks/useLockChanges.ts';
import { useBreakLockAction } from '../../lib/locks/useBreakLockAction.tsx';
import { ListHeader } from '../../lib/list-page/ListHeader.tsx';
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
  // Publisher, sort and page live in the address. The sort is remembered too: an address without
  // one shows the sort the user last chose.
  const view = useListPage(REVIEW_URL_FIELDS, PAGE_SIZE_KEY);
  const { per, page } = view;
  const publisher = view.values.publisher ?? ALL_PUBLISHERS;
  const [storedSort, setStoredSort] = useState<ReviewSort>(readReviewSort);
  const sort = view.search.has('sort') ? view.values.sort : storedSort;
  const setSort = (next: ReviewSort) => {
    setStoredSort(next);
    writeReviewSort(next);
    view.set({ sort: next });
  };
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
  useListErrorToast(query);
  const { isError, error } = query;

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
  // A click and the next article after a review read the leases as the list draws them: a lease past its
  // known expiry is still drawn while the list is asked whether it was renewed (its holder's heartbeats
  // renew it without an event), and an article shown locked is neither opened nor chosen next.
  const open = (article: PendingArticle) => {
    const holder = heldByOther(article, user.email, now);
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
    const next = nextFreeRow(rows, articleId, doneId, user.email, now);
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
    const next = sortFromEvent(PENDING_REVIEW_SORTS, e);
    if (next) setSort(next);
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows(per) : (list?.articles ?? []);
  const showInlineError = isError && !list && !isSessionEnd(error);

  const columns: DataColumn<PendingArticle, PendingReviewSort>[] = [
    idColumn({ key: 'id', header: 'Id', sortField: 'id', className: 'hc-col-review-id', value: (a) => a.id }),
    {
      key: 'publisher',
      header: 'Publisher',
      sortField: 'publisher_name',
      className: 'hc-col-publisher',
      skeleton: <Skeleton width="7rem" />,
      body: (a) => a.publisher_name,
    },
    {
      key: 'title',
      header: 'Title',
      sortField: 'title',
      className: 'hc-col-title',
      skeleton: <Skeleton width="80%" />,
      body: (a) => {
        const holder = heldByOther(a, user.email, now);
        return (
          <>
            <TitleLink onOpen={() => open(a)} testId={`review-article-${a.id}`}>
              {a.title}
            </TitleLink>
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
      },
    },
    {
      ...dateColumn<PendingArticle, PendingReviewSort>({
        key: 'created',
        header: 'Created On',
        sortField: 'created_at',
        value: (a) => a.created_at,
      }),
      // The queue's dates sort like its other columns: oldest first on the first click.
      firstOrder: undefined,
    },
    {
      key: 'featured',
      header: 'Featured',
      align: 'center',
      className: 'hc-col-featured',
      body: (a) =>
        a.featured ? (
          <Tag value="Featured" severity="warning" rounded data-testid={`review-featured-${a.id}`} />
        ) : (
          <span className="hc-muted">No</span>
        ),
    },
    {
      key: 'url',
      header: 'URL',
      className: 'hc-col-url',
      skeleton: <Skeleton width="10rem" />,
      body: (a) => (
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
    },
  ];

  return (
    <div className="hc-data-page hc-review" data-testid="review-page">
      <ListHeader
        title="Auto Highlight Review"
        subtitle="Rate the highlights the algorithm made for new articles."
        count={list && `${formatNumber(count)} pending`}
        countTestId="review-count"
      />

      <div className="hc-card hc-toolbar" data-testid="review-filters">
        <div className="hc-toolbar__field">
          <label htmlFor="review-publisher">Publisher</label>
          <Dropdown
            inputId="review-publisher"
            value={publisher}
            options={publisherOptions}
            filter={publisherOptions.length > 8}
            onChange={(e) => view.set({ publisher: Number(e.value) || null })}
            data-testid="review-publisher"
          />
        </div>
        <div className="hc-toolbar__actions">
          <ExportButton
            path="articles/pending_review/export.csv"
            query={{ sort_by: params.sort_by, order_by: params.order_by, publisher: params.publisher }}
            fallbackName="review-queue.csv"
            testId="review-export"
            disabled={!list || count === 0}
          />
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

      <ListTable
        error={showInlineError && { message: messages.networkError, testId: 'review-error' }}
        view={view}
        query={query}
        testId="review"
        rows={rows}
        dataKey="id"
        columns={columns}
        firstLoad={firstLoad}
        totalRecords={count}
        sort={sort}
        onSort={onSort}
        onRowClick={open}
        rowClass={(a) =>
          [
            panelOpen && selected?.id === a.id ? 'hc-row--selected' : '',
            heldByOther(a, user.email, now) ? 'hc-row--locked' : '',
          ].join(' ')
        }
        tableClassName="hc-table hc-review-table"
      />

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
