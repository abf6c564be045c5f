// Syndication (spec 001 §2.6; route /syndication): the read-only, server-paged and server-sorted table of
// the Active Top Videos packages the other publishers of the caller's group share, with the impressions
// and CTR columns (total and IAB) only when the console flags are 'true'.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { isCancelledError } from '@tanstack/react-query';
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Package } from '@hc/shared/api/packages';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { formatCount, formatDate, formatNumber, formatPercent } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../app/toast.tsx';
import { useAppConfig } from '../../app/config.tsx';
import { StatePanel } from '../../app/StatePanel.tsx';
import { usePersistentPageSize } from '../../components/usePersistentPageSize.ts';
import { useSyndication } from './api/get-syndication.ts';
import {
  DEFAULT_SYNDICATION_SORT,
  isSyndicationSortColumn,
  syndicationMetricColumns,
  toSyndicationParams,
} from './syndicationColumns.ts';
import type {
  SyndicationMetricColumn,
  SyndicationSort,
  SyndicationSortColumn,
} from './syndicationColumns.ts';
import { ServerDataTable, skeletonRows } from '../../components/ServerDataTable.tsx';
import { TrendPanel } from '../../components/trends/TrendPanel.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import '../../components/data-page.css';
import './syndication.css';

const PAGE_SIZE_KEY = 'syndication';

type ColumnDef = DataColumn<Package, SyndicationSortColumn>;

const TYPE_LABEL: Record<Package['package_type'], string> = { auto: 'Auto', user: 'Manual' };

const numberCell = (value: string) => <span className="hc-num">{value}</span>;

const METRIC_COLUMNS: Record<SyndicationMetricColumn, ColumnDef> = {
  impressions: {
    key: 'impressions',
    header: 'Impressions',
    sortField: 'package_impressions',
    firstOrder: 'desc',
    align: 'right',
    className: 'hc-col-num',
    body: (p) => numberCell(formatCount(p.package_impressions)),
  },
  ctr: {
    key: 'ctr',
    header: 'CTR',
    align: 'right',
    className: 'hc-col-num',
    body: (p) => numberCell(formatPercent(p.package_ctr)),
  },
  'iab-impressions': {
    key: 'iab-impressions',
    header: 'IAB Impressions',
    align: 'right',
    className: 'hc-col-num',
    body: (p) => numberCell(formatCount(p.package_iab_impressions)),
  },
  'iab-ctr': {
    key: 'iab-ctr',
    header: 'IAB CTR',
    align: 'right',
    className: 'hc-col-num',
    body: (p) => numberCell(formatPercent(p.package_iab_ctr)),
  },
};

/** The syndication screen. */
export function SyndicationPage() {
  const toast = useToast();
  const { consoleConfig } = useAppConfig();

  const [sort, setSort] = useState<SyndicationSort>(DEFAULT_SYNDICATION_SORT);
  const [per, setPer] = usePersistentPageSize(PAGE_SIZE_KEY);
  const sortKey = JSON.stringify([sort, per]);
  const [paging, setPaging] = useState({ key: sortKey, page: 1 });
  const page = paging.key === sortKey ? paging.page : 1;
  const params = toSyndicationParams(sort, page, per);

  const query = useSyndication(params);
  const list = query.data;
  const firstLoad = query.isPending;

  const handledErrorAt = useRef(0);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = errorUpdatedAt;
    if (isCancelledError(error) || error.name === 'AbortError') return;
    if (error instanceof ApiError && error.status === 401) return;
    toast.error(messages.failedToLoadPackages);
  }, [isError, error, errorUpdatedAt, toast]);

  const columns: ColumnDef[] = [
    {
      key: 'type',
      header: 'Type',
      className: 'hc-col-type',
      skeleton: <Skeleton width="3.5rem" height="1.4rem" borderRadius="999px" />,
      body: (p) => (
        <Tag
          value={TYPE_LABEL[p.package_type]}
          severity={p.package_type === 'auto' ? 'info' : 'secondary'}
          className="hc-type-tag"
        />
      ),
    },
    {
      key: 'id',
      header: 'Id',
      className: 'hc-col-id',
      body: (p) => (
        <span className="hc-mono" data-testid={`syndication-id-${p.embed_id}`}>
          {p.embed_id}
        </span>
      ),
    },
    {
      key: 'title',
      header: 'Title',
      sortField: 'name',
      className: 'hc-col-title',
      skeleton: (
        <div className="flex flex-column gap-2">
          <Skeleton width="80%" />
          <Skeleton width="35%" height="0.75rem" />
        </div>
      ),
      body: (p) => (
        <div className="hc-title-cell">
          <span className="hc-title-text" data-testid={`syndication-title-${p.embed_id}`}>
            {p.name}
          </span>
          <span className="hc-title-meta">
            {p.num_videos} {p.num_videos === 1 ? 'APV' : 'APVs'}
            {p.alias && <span className="hc-dot-sep">{p.alias}</span>}
          </span>
        </div>
      ),
    },
    {
      key: 'category',
      header: 'Category',
      className: 'hc-col-category',
      body: (p) =>
        p.category ? <span className="hc-category">{p.category}</span> : <span className="hc-muted">--</span>,
    },
    {
      key: 'updated',
      header: 'Date Updated',
      sortField: 'updated_at',
      firstOrder: 'desc',
      className: 'hc-col-date',
      body: (p) => <span className="hc-nowrap">{formatDate(p.updated_at)}</span>,
    },
    {
      key: 'clicks',
      header: 'Clicks',
      sortField: 'package_clicks',
      firstOrder: 'desc',
      align: 'right',
      className: 'hc-col-num',
      body: (p) => numberCell(formatCount(p.package_clicks)),
    },
    ...syndicationMetricColumns(consoleConfig).map((key) => METRIC_COLUMNS[key]),
  ];

  const onSort = (e: DataTableSortEvent) => {
    if (!isSyndicationSortColumn(e.sortField)) return;
    setSort({ column: e.sortField, order: e.sortOrder === 1 ? 'asc' : 'desc' });
  };
  const onPage = (e: DataTablePageEvent) => {
    if (e.rows !== per) {
      setPer(e.rows);
      return;
    }
    setPaging({ key: sortKey, page: (e.page ?? Math.floor(e.first / e.rows)) + 1 });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows<Package>(per, 'embed_id') : (list?.packages ?? []);

  let body: ReactNode;
  if (isError && !list) {
    body = (
      <StatePanel
        kind="error"
        message={messages.failedToLoadPackages}
        onRetry={() => void query.refetch()}
        testId="syndication-error"
      />
    );
  } else if (list && count === 0) {
    body = (
      <StatePanel
        kind="empty"
        title="Nothing syndicated yet"
        message="Active Top Videos packages of the other publishers in your group appear here."
        testId="syndication-empty"
      />
    );
  } else {
    body = (
      <ServerDataTable
        testId="syndication"
        rows={rows}
        dataKey="embed_id"
        columns={columns}
        firstLoad={firstLoad}
        page={params.page}
        per={per}
        totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
        onPage={onPage}
        sort={{ field: sort.column, order: sort.order }}
        onSort={onSort}
        loading={query.isPlaceholderData}
        fetching={query.isFetching}
      />
    );
  }

  return (
    <div className="hc-data-page hc-syndication" data-testid="syndication-page">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Syndication</h1>
          <p className="hc-page-subtitle">
            Active Top Videos packages shared by the other publishers of your group. Read-only.
          </p>
        </div>
        {list && count > 0 && (
          <span className="hc-result-count" data-testid="syndication-count">
            {count > SEARCH_RESULT_LIMIT ? '1000+' : formatNumber(count)}{' '}
            {count === 1 ? 'package' : 'packages'}
          </span>
        )}
      </header>
      <div className="hc-trend-card">
        <TrendPanel
          subject={{ kind: 'syndication' }}
          title="Syndicated packages: trend"
          testId="syndication-trend"
        />
      </div>
      {body}
    </div>
  );
}
