// The columns the two package lists share: Top Videos (the publisher's own packages) and Syndication
// (the group's shared ones) show a package the same way, type, id, title, category, dates and figures.
import type { ReactNode } from 'react';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { ConsoleConfig } from '@hc/shared/api/publishers';
import type { Package } from '@hc/shared/api/packages';
import type { DataColumn } from '../../../components/ServerDataTable.tsx';
import {
  countColumn,
  dateColumn,
  idColumn,
  percentColumn,
  titleColumn,
} from '../../../lib/list-page/columns.tsx';
import { PACKAGE_TYPE_LABEL, metricColumns } from './packagesFilters.ts';
import type { PackageSortColumn } from './packagesFilters.ts';

type PackageColumn = DataColumn<Package, PackageSortColumn>;

/**
 * Type, Id, Title (with the APV count and embed name under it), Category and Date Updated. `testId`
 * prefixes the id, type and title test ids; `title` draws the name (a drawer link or plain text).
 */
export function packageLeadColumns(testId: string, title: (pkg: Package) => ReactNode): PackageColumn[] {
  return [
    {
      key: 'type',
      header: 'Type',
      className: 'hc-col-type',
      skeleton: <Skeleton width="3.5rem" height="1.4rem" borderRadius="999px" />,
      body: (p) => (
        <Tag
          value={PACKAGE_TYPE_LABEL[p.package_type]}
          severity={p.package_type === 'auto' ? 'info' : 'secondary'}
          className="hc-type-tag"
          data-testid={`${testId}-type-${p.embed_id}`}
        />
      ),
    },
    idColumn({
      key: 'id',
      header: 'Id',
      value: (p) => p.embed_id,
      testId: (p) => `${testId}-id-${p.embed_id}`,
    }),
    titleColumn({
      key: 'title',
      header: 'Title',
      sortField: 'name',
      skeletonWidths: ['80%', '35%'],
      title,
      meta: (p) => (
        <>
          {p.num_videos} {p.num_videos === 1 ? 'APV' : 'APVs'}
          {p.alias && <span className="hc-dot-sep">{p.alias}</span>}
        </>
      ),
    }),
    {
      key: 'category',
      header: 'Category',
      className: 'hc-col-category',
      body: (p) =>
        p.category ? <span className="hc-category">{p.category}</span> : <span className="hc-muted">--</span>,
    },
    dateColumn({
      key: 'updated',
      header: 'Date Updated',
      sortField: 'updated_at',
      value: (p) => p.updated_at,
    }),
  ];
}

export const packageClicksColumn: PackageColumn = countColumn({
  key: 'clicks',
  header: 'Clicks',
  sortField: 'package_clicks',
  value: (p) => p.package_clicks,
});

/**
 * Impressions and CTR (the totals) and their IAB twins, each pair only when its console flag is
 * 'true'.
 */
export function packageMetricColumns(
  config: Pick<ConsoleConfig, 'consoleDisplayGenericMetrics' | 'consoleDisplayIabMetrics'>,
): PackageColumn[] {
  const shown = metricColumns(config);
  return [
    ...(shown.total
      ? [
          countColumn<Package, PackageSortColumn>({
            key: 'impressions',
            header: 'Impressions',
            sortField: 'package_impressions',
            value: (p) => p.package_impressions,
          }),
          percentColumn<Package, PackageSortColumn>({
            key: 'ctr',
            header: 'CTR',
            value: (p) => p.package_ctr,
          }),
        ]
      : []),
    ...(shown.iab
      ? [
          countColumn<Package, PackageSortColumn>({
            key: 'iab-impressions',
            header: 'IAB Impressions',
            value: (p) => p.package_iab_impressions,
          }),
          percentColumn<Package, PackageSortColumn>({
            key: 'iab-ctr',
            header: 'IAB CTR',
            value: (p) => p.package_iab_ctr,
          }),
        ]
      : []),
  ];
}
