// Syndication (route /syndication): the read-only, server-paged and server-sorted table of
// the Active Top Videos packages the other publishers of the caller's group share, with the impressions
// and CTR columns (total and IAB) only when the console flags are 'true'.
import type { DataTableSortEvent } from 'primereact/datatable';
import { PACKAGE_SORT_COLUMNS } from '@hc/shared/api/packages';
import type { Package } from '@hc/shared/api/packages';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { useAppConfig } from '../../lib/config/config.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { useListPage } from '../../lib/list-page/useListPage.ts';
import { useListErrorToast } from '../../lib/list-page/useListErrorToast.ts';
import { sortField, sortFromEvent } from '../../lib/list-page/urlState.ts';
import { ExportButton } from '../../lib/list-page/ExportButton.tsx';
import { useSyndication } from './api/get-syndication.ts';
import { DEFAULT_SYNDICATION_SORT, toSyndicationParams } from './syndicationColumns.ts';
import type { SyndicationSortColumn } from './syndicationColumns.ts';
import { packageClicksColumn, packageLeadColumns, packageMetricColumns } from '../packages/index.ts';
import { skeletonRows } from '../../components/ServerDataTable.tsx';
import { ListTable } from '../../lib/list-page/ListTable.tsx';
import { TrendPanel } from '../../components/trends/TrendPanel.tsx';
import type { DataColumn } from '../../components/ServerDataTable.tsx';
import { countLabel, ListHeader } from '../../lib/list-page/ListHeader.tsx';
import '../../components/data-page.css';
import './syndication.css';

const PAGE_SIZE_KEY = 'syndication';

type ColumnDef = DataColumn<Package, SyndicationSortColumn>;

/** The sort as the address bar keeps it: ?sort=column_order, and the page. */
const URL_FIELDS = { sort: sortField(PACKAGE_SORT_COLUMNS, DEFAULT_SYNDICATION_SORT) };

/** The syndication screen. */
export function SyndicationPage() {
  const { consoleConfig } = useAppConfig();

  const view = useListPage(URL_FIELDS, PAGE_SIZE_KEY);
  const { per } = view;
  const sort = view.values.sort;
  const params = toSyndicationParams(sort, view.page, per);

  const query = useSyndication(params);
  const list = query.data;
  const firstLoad = query.isPending;
  useListErrorToast(query, { message: messages.failedToLoadPackages });
  const { isError } = query;

  const columns: ColumnDef[] = [
    ...packageLeadColumns('syndication', (p) => (
      <span className="hc-title-text" data-testid={`syndication-title-${p.embed_id}`}>
        {p.name}
      </span>
    )),
    packageClicksColumn,
    ...packageMetricColumns(consoleConfig),
  ];

  const onSort = (e: DataTableSortEvent) => {
    const next = sortFromEvent(PACKAGE_SORT_COLUMNS, e);
    if (next) view.set({ sort: next });
  };

  const count = list?.count ?? 0;
  const rows = firstLoad ? skeletonRows<Package>(per, 'embed_id') : (list?.packages ?? []);

  // An empty list says what would be here; a list that could not load says so with Retry.
  const body =
    list && count === 0 ? (
      <StatePanel
        kind="empty"
        title="Nothing syndicated yet"
        message="Active Top Videos packages of the other publishers in your group appear here."
        testId="syndication-empty"
      />
    ) : (
      <ListTable
        error={isError && !list && { message: messages.failedToLoadPackages, testId: 'syndication-error' }}
        view={view}
        query={query}
        testId="syndication"
        rows={rows}
        dataKey="embed_id"
        columns={columns}
        firstLoad={firstLoad}
        totalRecords={Math.min(count, SEARCH_RESULT_LIMIT)}
        sort={sort}
        onSort={onSort}
      />
    );

  return (
    <div className="hc-data-page hc-syndication" data-testid="syndication-page">
      <ListHeader
        title="Syndication"
        subtitle="Active Top Videos packages shared by the other publishers of your group. Read-only."
        count={list && count > 0 && countLabel(count, 'package', 'packages', count > SEARCH_RESULT_LIMIT)}
        countTestId="syndication-count"
        actions={
          <ExportButton
            path="syndication/export.csv"
            query={{ order_by: params.order_by }}
            fallbackName="syndication.csv"
            testId="syndication-export"
            disabled={!list || count === 0}
          />
        }
      />
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
