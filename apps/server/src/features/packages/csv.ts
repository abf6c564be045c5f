// The columns of a packages list as CSV (Top Videos and syndication share the package shape).
import type { Package } from '@hc/shared/api/packages';
import { csvDate, type CsvColumn } from '../../infra/csv-export.ts';

export const PACKAGE_CSV_COLUMNS: CsvColumn<Package>[] = [
  { header: 'Type', value: (p) => (p.package_type === 'auto' ? 'Auto' : 'Manual') },
  { header: 'Id', value: (p) => p.embed_id },
  { header: 'Title', value: (p) => p.name },
  { header: 'Embed name', value: (p) => p.alias },
  { header: 'Category', value: (p) => p.category },
  { header: 'Status', value: (p) => p.status },
  { header: 'Videos', value: (p) => p.num_videos },
  { header: 'Date Updated (UTC)', value: (p) => csvDate(p.updated_at) },
  { header: 'Clicks', value: (p) => p.package_clicks },
  { header: 'Impressions', value: (p) => p.package_impressions },
  { header: 'CTR', value: (p) => p.package_ctr },
  { header: 'IAB Impressions', value: (p) => p.package_iab_impressions },
  { header: 'IAB CTR', value: (p) => p.package_iab_ctr },
];
