import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACKAGES_SORT,
  clampPage,
  editPackagePath,
  isPackageSortColumn,
  metricColumns,
  newPackagePath,
  nextToggleStatus,
  toPackagesParams,
  type PackagesFilters,
} from './packagesFilters.ts';

const base: PackagesFilters = { text: '', type: 'all', sort: DEFAULT_PACKAGES_SORT };

describe('toPackagesParams', () => {
  it('asks for every type, newest change first, by default', () => {
    expect(toPackagesParams(base, 1, 10)).toEqual({
      q: '',
      type: 'all',
      page: 1,
      per: 10,
      order_by: 'updated_at_desc',
    });
  });

  it('trims the search text and sends the type select as all, auto or user (Manual)', () => {
    expect(toPackagesParams({ ...base, text: '  derby ' }, 1, 10).q).toBe('derby');
    expect(toPackagesParams({ ...base, type: 'user' }, 1, 10).type).toBe('user');
    expect(toPackagesParams({ ...base, type: 'auto' }, 1, 10).type).toBe('auto');
  });

  it('sorts as {column}_{asc|desc} and never asks for a page below 1', () => {
    const params = toPackagesParams({ ...base, sort: { column: 'package_clicks', order: 'asc' } }, 0, 20);
    expect(params.order_by).toBe('package_clicks_asc');
    expect(params.page).toBe(1);
    expect(params.per).toBe(20);
  });
});

describe('isPackageSortColumn', () => {
  it('accepts only the columns the server sorts by', () => {
    expect(isPackageSortColumn('name')).toBe(true);
    expect(isPackageSortColumn('package_impressions')).toBe(true);
    expect(isPackageSortColumn('package_ctr')).toBe(false);
    expect(isPackageSortColumn(undefined)).toBe(false);
  });
});

describe('clampPage', () => {
  it('steps back to the last page when an archive emptied the current one', () => {
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(2, 20, 10)).toBe(2);
    expect(clampPage(4, 0, 10)).toBe(1);
  });
});

describe('metricColumns', () => {
  it("shows the totals and the IAB figures only for the flag value 'true'", () => {
    expect(
      metricColumns({ consoleDisplayGenericMetrics: 'false', consoleDisplayIabMetrics: 'true' }),
    ).toEqual({
      total: false,
      iab: true,
    });
    expect(
      metricColumns({ consoleDisplayGenericMetrics: 'true', consoleDisplayIabMetrics: 'false' }),
    ).toEqual({
      total: true,
      iab: false,
    });
  });
});

describe('nextToggleStatus', () => {
  it('deactivates an Active package to Draft and activates anything else', () => {
    expect(nextToggleStatus({ status: 'Active' })).toEqual({ status: 'Draft', activate: false });
    expect(nextToggleStatus({ status: 'Draft' })).toEqual({ status: 'Active', activate: true });
  });
});

describe('editor paths', () => {
  it('opens the editor with a timestamp', () => {
    expect(newPackagePath(1700000000000)).toBe('/packages/editor/new/1700000000000');
    expect(editPackagePath('aB3_x', 1700000000000)).toBe('/packages/editor/aB3_x/1700000000000');
  });
});
