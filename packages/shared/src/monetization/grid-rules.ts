// Rules of the ad configuration grid (its screen, rules, bounds and defaults in the spec) that the grid
// screen, its submit job and the report update share: tabs, defaults, mandatory cells and the cell check with
// its message. The numeric bounds themselves live in validation.ts (GRID_BOUNDS, validateGridCell).
import { DISPLAY_AD_DEFAULTS, VIDEO_AD_DEFAULTS } from '../constants.ts';
import { GRID_SEQUENCE_INVALID, gridValueNotAllowed, messages } from '../messages.ts';
import {
  GRID_BOUNDS,
  isGridChannelValid,
  MONETIZATION_FIELD_RULES,
  validateGridCell,
  type GridField,
} from '../validation.ts';
import { VIDEO_AD_MANAGERS, type DisplaySize } from './setup-form.ts';

/** The grid's tabs, keyed as the config response groups. */
export const GRID_TABS = ['publisher', 'placement', 'display', 'displayPlacement'] as const;
export type GridTab = (typeof GRID_TABS)[number];
export const GRID_TAB_LABELS: Record<GridTab, string> = {
  publisher: 'Video Publisher',
  placement: 'Video Placement',
  display: 'Display',
  displayPlacement: 'Display Placement',
};
export const isDisplayTab = (tab: GridTab): boolean => tab === 'display' || tab === 'displayPlacement';

/** Video defaults of a new grid row; the grid's other fields have no stated default. */
export const GRID_VIDEO_DEFAULTS = {
  midrollTime: VIDEO_AD_DEFAULTS.midrollTime,
  maxImpressions: VIDEO_AD_DEFAULTS.maxImpressions,
  startMidroll: VIDEO_AD_DEFAULTS.startMidroll,
  vastRetry: VIDEO_AD_DEFAULTS.vastRetry,
  errorLimit: VIDEO_AD_DEFAULTS.errorLimit,
  skipTimer: VIDEO_AD_DEFAULTS.skipTimer,
  adSequence: VIDEO_AD_DEFAULTS.adSequence,
  aniviewPreloadAdPlayingWindow: VIDEO_AD_DEFAULTS.aniviewPreloadAdPlayingWindow,
  viewportProduct: VIDEO_AD_DEFAULTS.viewportProduct,
  viewportAd: VIDEO_AD_DEFAULTS.viewportAd,
  adManager: VIDEO_AD_DEFAULTS.adManager,
} as const;

/** Display defaults of a new grid row: duration 10 s stored as ms, skip delay 0, the three default sizes. */
export const GRID_DISPLAY_DEFAULTS: {
  displayAdDuration: number;
  skipDelay: number;
  supportedSizes: DisplaySize[];
  displayManager: string;
} = {
  displayAdDuration: DISPLAY_AD_DEFAULTS.durationMs,
  skipDelay: DISPLAY_AD_DEFAULTS.skipDelay,
  supportedSizes: DISPLAY_AD_DEFAULTS.sizes.map(([w, h]) => [w, h]),
  displayManager: DISPLAY_AD_DEFAULTS.manager,
};

/** Video cells that must not be empty on both video tabs. */
export const GRID_VIDEO_MANDATORY = [
  'channel',
  'midrollTime',
  'vastRetry',
  'errorLimit',
  'viewportProduct',
  'viewportAd',
] as const;
/** Display cells that must not be empty when the row's fallbackEnable is true. */
export const GRID_DISPLAY_MANDATORY = [
  'pubmaticUrl',
  'displayAdDuration',
  'adUnitPath',
  'supportedSizes',
] as const;

const isEmptyCell = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * Whether a cell is mandatory: description only for placements; display fields only while the row's
 * fallbackEnable is true.
 */
export function isGridCellMandatory(
  tab: GridTab,
  field: string,
  row: Readonly<Record<string, unknown>>,
): boolean {
  if (isDisplayTab(tab)) {
    return row.fallbackEnable === true && (GRID_DISPLAY_MANDATORY as readonly string[]).includes(field);
  }
  if (field === 'description') return tab === 'placement';
  return (GRID_VIDEO_MANDATORY as readonly string[]).includes(field);
}

/** The mandatory fields a row leaves empty. */
export function missingGridCells(tab: GridTab, row: Readonly<Record<string, unknown>>): string[] {
  const candidates = isDisplayTab(tab) ? GRID_DISPLAY_MANDATORY : [...GRID_VIDEO_MANDATORY, 'description'];
  return candidates.filter((f) => isGridCellMandatory(tab, f, row) && isEmptyCell(row[f]));
}

/** Submit check over every row of every tab: 'Mandatory fields are missing!' or null. */
export function validateGridSubmit(
  rows: Partial<Record<GridTab, readonly Readonly<Record<string, unknown>>[]>>,
) {
  for (const tab of GRID_TABS) {
    for (const row of rows[tab] ?? [])
      if (missingGridCells(tab, row).length > 0) return messages.mandatoryFieldsMissing;
  }
  return null;
}

/** The grid's field names for its numeric cells (display fields by their stored names). */
const GRID_CELL_BOUNDS: Record<string, GridField> = {
  viewportProduct: 'viewportProduct',
  viewportAd: 'viewportAd',
  maxImpressions: 'maxImpressions',
  errorLimit: 'errorLimit',
  vastRetry: 'vastRetry',
  startMidroll: 'startMidroll',
  midrollTime: 'midrollTime',
  skipTimer: 'skipTimer',
  displayAdDuration: 'displayDuration',
  skipDelay: 'skipDelay',
};

/**
 * Cells whose values come from a closed list on the config page. The Ad Manager is fixed there to the
 * one enabled option, so the grid and the workbook accept only that value too.
 */
export const GRID_CLOSED_VALUES: Readonly<Record<string, readonly string[]>> = {
  adManager: VIDEO_AD_MANAGERS.filter((m) => !m.disabled).map((m) => m.value),
};

/**
 * Whether a placement's A/B test forbids editing its monetization here: any test whose monetization
 * flag is not false must be edited in the admin back office, from every path (config page, grid,
 * workbook, API).
 */
export const isMonetizationAbTest = (test: { monetization: boolean | null } | null | undefined): boolean =>
  test !== null && test !== undefined && test.monetization !== false;

/** The refusal of an edit to an A/B-tested placement, worded as the config page words it. */
export const AB_TEST_REFUSAL = messages.abTestBlocked;

/** Channel cells are not integers: the grid words their message in the same style (ours). */
export const GRID_CHANNEL_INVALID =
  'Invalid input. Please enter exactly 24 hexadecimal characters (0-9, a-f).';

/**
 * The message of an invalid cell, or null. Numeric cells answer 'Invalid input. Please enter an integer
 * between X and Y.'; empty cells are left to the mandatory check; unknown fields are not checked.
 */
export function gridCellError(field: string, value: unknown): string | null {
  if (isEmptyCell(value)) return null;
  if (field === 'channel') return isGridChannelValid(String(value)) ? null : GRID_CHANNEL_INVALID;
  const allowed = GRID_CLOSED_VALUES[field];
  if (allowed) return allowed.includes(String(value)) ? null : gridValueNotAllowed(allowed);
  if (field === 'adSequence')
    return MONETIZATION_FIELD_RULES.adSequence.pattern.test(String(value).trim())
      ? null
      : GRID_SEQUENCE_INVALID;
  const bounds = GRID_CELL_BOUNDS[field];
  return bounds ? validateGridCell(bounds, value) : null;
}

/** Bounds of a numeric grid cell, for input hints. */
export const gridCellBounds = (field: string): { min: number; max: number } | undefined => {
  const bounds = GRID_CELL_BOUNDS[field];
  return bounds ? GRID_BOUNDS[bounds] : undefined;
};
