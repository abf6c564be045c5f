import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SYNDICATION_SORT,
  isSyndicationSortColumn,
  toSyndicationParams,
} from './syndicationColumns.ts';

describe('toSyndicationParams', () => {
  it('pages and sorts on the server', () => {
    expect(toSyndicationParams(DEFAULT_SYNDICATION_SORT, 2, 20)).toEqual({
      page: 2,
      per: 20,
      order_by: 'updated_at_desc',
    });
    expect(toSyndicationParams({ column: 'name', order: 'asc' }, 0, 10).page).toBe(1);
  });

  it('knows the sortable columns', () => {
    expect(isSyndicationSortColumn('package_clicks')).toBe(true);
    expect(isSyndicationSortColumn('category')).toBe(false);
  });
});
