// The packages list's filters, sort and column choices as plain data, and how they become the list call's
// parameters. Kept apart from the page so the rules are tested
// without rendering.
import { PACKAGE_SORT_COLUMNS } from '@hc/shared/api/packages';
import type { Package, PackageListQuery, PackageType } from '@hc/shared/api/packages';
import type { ConsoleConfig } from '@hc/shared/api/publishers';
import type { PackagesParams } from '../api/get-packages.ts';
import { choiceField, sortField, textField } from '../../../lib/list-page/urlState.ts';

export type PackageSortColumn = (typeof PACKAGE_SORT_COLUMNS)[number];
export type PackageTypeFilter = PackageListQuery['type'];

export interface PackagesSort {
  column: PackageSortColumn;
  order: 'asc' | 'desc';
}

/** Newest change first, as the server's default. */
export const DEFAULT_PACKAGES_SORT: PackagesSort = { column: 'updated_at', order: 'desc' };

/** The type select: All, Auto, Manual (a manual package is package_type 'user'). */
export const PACKAGE_TYPE_OPTIONS: readonly { label: string; value: PackageTypeFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Auto', value: 'auto' },
  { label: 'Manual', value: 'user' },
];

/** How a package's type reads in the table and the drawer. */
export const PACKAGE_TYPE_LABEL: Record<PackageType, string> = { auto: 'Auto', user: 'Manual' };

export interface PackagesFilters {
  /** Debounced search text. */
  text: string;
  type: PackageTypeFilter;
  sort: PackagesSort;
}

/** The filters and sort as the address bar keeps them: ?q=&type=&sort=column_order. */
export const PACKAGES_URL_FIELDS = {
  q: textField(),
  type: choiceField(
    PACKAGE_TYPE_OPTIONS.map((o) => o.value),
    'all',
  ),
  sort: sortField(PACKAGE_SORT_COLUMNS, DEFAULT_PACKAGES_SORT),
};

/** Whether a DataTable sort field is one the server sorts by. */
export const isPackageSortColumn = (field: unknown): field is PackageSortColumn =>
  typeof field === 'string' && (PACKAGE_SORT_COLUMNS as readonly string[]).includes(field);

/** The list call's parameters for the filters and a 1-based page. */
export function toPackagesParams(filters: PackagesFilters, page: number, per: number): PackagesParams {
  return {
    q: filters.text.trim(),
    type: filters.type,
    page: Math.max(1, Math.floor(page)),
    per,
    order_by: `${filters.sort.column}_${filters.sort.order}`,
  };
}

/** The page to show after the list shrank (an archive on the last page): never past the last page. */
export function clampPage(page: number, count: number, per: number): number {
  return Math.min(page, Math.max(1, Math.ceil(count / per)));
}

/**
 * Which optional figure columns show. The spec says only "Impressions/CTR (total and IAB)
 * only when the console flags are 'true'"; the mapping, the same reading as the highlights screen:
 *   consoleDisplayGenericMetrics === 'true' → Impressions and CTR (the generic totals; off by default)
 *   consoleDisplayIabMetrics === 'true'     → IAB Impressions and IAB CTR (on by default)
 * Clicks always shows; the drawer shows every figure.
 */
export function metricColumns(
  config: Pick<ConsoleConfig, 'consoleDisplayGenericMetrics' | 'consoleDisplayIabMetrics'>,
) {
  return {
    total: config.consoleDisplayGenericMetrics === 'true',
    iab: config.consoleDisplayIabMetrics === 'true',
  };
}

/** Active ⇄ Draft: the status the checkbox sets, and whether that is an activation. */
export function nextToggleStatus(pkg: Pick<Package, 'status'>): {
  status: 'Active' | 'Draft';
  activate: boolean;
} {
  const activate = pkg.status !== 'Active';
  return { status: activate ? 'Active' : 'Draft', activate };
}

/** The path of a new package: /packages/editor/new/{timestamp}. */
export const newPackagePath = (now: number = Date.now()): string => `/packages/editor/new/${now}`;

/** The path of an existing package: /packages/editor/{embed_id}/{timestamp}. */
export const editPackagePath = (embedId: string, now: number = Date.now()): string =>
  `/packages/editor/${encodeURIComponent(embedId)}/${now}`;
