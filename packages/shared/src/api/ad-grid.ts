// The ad configuration grid (the spec's screen, rules, calls and defaults) over the grid rules
// (../monetization/grid-rules.ts): the grid's columns, its rows as the fetch answers them, the submit
// body, the submit job's status, and the row check the screen, the submit call, the job and the report
// update all run.
//
// - POST ad_config/fill {publisher_ids, session_id} -> GridData (stored configs of those publishers; a
//   placement row shows its publisher's value where it sets none, and lists the fields it overrides)
// - POST monetization_setup/submit {data, session_id} -> 202 {job_id} (the monetization-submit job;
//   the same session id is the same job and is applied once)
// - GET monetization_setup/submit/{job_id} -> GridSubmitStatus
import { z } from 'zod';
import { DISPLAY_AD_DEFAULTS, PUBLISHER_MULTISELECT_MAX } from '../constants.ts';
import { isAllowedDisplaySize, isDisplaySizeValid } from '../validation.ts';
import {
  GRID_DISPLAY_DEFAULTS,
  GRID_VIDEO_DEFAULTS,
  gridCellError,
  isDisplayTab,
  missingGridCells,
  type GridTab,
} from '../monetization/grid-rules.ts';
import { idSchema } from './common.ts';
import { sessionIdSchema } from './monetization.ts';

export type GridCellKind = 'text' | 'int' | 'bool' | 'sizes';
export interface GridColumn {
  field: string;
  label: string;
  kind: GridCellKind;
}

/** Video columns of the two video tabs, in grid order. */
export const GRID_VIDEO_COLUMNS: readonly GridColumn[] = [
  { field: 'channel', label: 'Channel ID', kind: 'text' },
  { field: 'description', label: 'Description', kind: 'text' },
  { field: 'adManager', label: 'Ad Manager', kind: 'text' },
  { field: 'midrollTime', label: 'Midroll Time', kind: 'int' },
  { field: 'maxImpressions', label: 'Max Impressions', kind: 'int' },
  { field: 'startMidroll', label: 'Start Midroll', kind: 'int' },
  { field: 'vastRetry', label: 'VAST Retry', kind: 'int' },
  { field: 'errorLimit', label: 'Error Limit', kind: 'int' },
  { field: 'adSequence', label: 'Sequence', kind: 'text' },
  { field: 'skip', label: 'Skip', kind: 'bool' },
  { field: 'skipTimer', label: 'Skip Timer', kind: 'int' },
  { field: 'viewportProduct', label: 'TV Viewport', kind: 'int' },
  { field: 'viewportAd', label: 'Ad Viewport', kind: 'int' },
  { field: 'playButton', label: 'Play Button', kind: 'bool' },
  { field: 'muteButton', label: 'Mute Button', kind: 'bool' },
  { field: 'hd', label: 'HD', kind: 'bool' },
  { field: 'nativeVideo', label: 'Native Video', kind: 'bool' },
  { field: 'imaiOSSkip', label: 'IMA iOS Skip', kind: 'bool' },
];

/** Display columns of the two display tabs; times in milliseconds as stored. */
export const GRID_DISPLAY_COLUMNS: readonly GridColumn[] = [
  { field: 'fallbackEnable', label: 'Fallback Enable', kind: 'bool' },
  { field: 'pubmaticUrl', label: 'Pubmatic Url', kind: 'text' },
  { field: 'displayAdDuration', label: 'Display Ad Duration (ms)', kind: 'int' },
  { field: 'displayAdTimer', label: 'Display Ad Timer', kind: 'bool' },
  { field: 'skipEnabled', label: 'Skip Enabled', kind: 'bool' },
  { field: 'skipDelay', label: 'Skip Delay (ms)', kind: 'int' },
  { field: 'adUnitPath', label: 'Ad Unit Path', kind: 'text' },
  { field: 'viewportPause', label: 'Ad Viewport Pause', kind: 'int' },
  { field: 'supportedSizes', label: 'Supported sizes', kind: 'sizes' },
];

export const gridColumnsOf = (tab: GridTab): readonly GridColumn[] =>
  isDisplayTab(tab) ? GRID_DISPLAY_COLUMNS : GRID_VIDEO_COLUMNS;

/**
 * What an empty stored field shows: the spec's grid defaults, and for the player switches the spec
 * names without values, ours (docs/decisions.md).
 */
export const GRID_VIDEO_FIELD_DEFAULTS: Readonly<Record<string, GridValue>> = {
  ...GRID_VIDEO_DEFAULTS,
  skip: false,
  playButton: true,
  muteButton: true,
  hd: false,
  nativeVideo: false,
  imaiOSSkip: false,
};
export const GRID_DISPLAY_FIELD_DEFAULTS: Readonly<Record<string, GridValue>> = {
  fallbackEnable: false,
  displayAdDuration: GRID_DISPLAY_DEFAULTS.displayAdDuration,
  displayAdTimer: true,
  skipEnabled: false,
  skipDelay: DISPLAY_AD_DEFAULTS.skipDelay,
  supportedSizes: GRID_DISPLAY_DEFAULTS.supportedSizes,
};

export const gridDefaultsOf = (tab: GridTab) =>
  isDisplayTab(tab) ? GRID_DISPLAY_FIELD_DEFAULTS : GRID_VIDEO_FIELD_DEFAULTS;

const sizeSchema = z.tuple([z.number().int().min(1).max(10_000), z.number().int().min(1).max(10_000)]);
export const gridValueSchema = z.union([
  z.string().max(300),
  z.number().finite(),
  z.boolean(),
  z.array(sizeSchema).max(20),
  z.null(),
]);
export type GridValue = z.infer<typeof gridValueSchema>;

export const GRID_PLATFORMS = ['mobile', 'desktop'] as const;

export const gridRowSchema = z.object({
  /** Stable per scope: 'publisher:406', 'placement:12', 'display:406:mobile', 'displayPlacement:12:desktop'. */
  key: z.string(),
  publisherId: z.number(),
  publisherName: z.string(),
  placementId: z.number().nullable(),
  placementName: z.string().nullable(),
  platform: z.enum(GRID_PLATFORMS).nullable(),
  /** What the cells show: the row's own value, else (placements) the publisher's, else the default. */
  values: z.record(z.string(), gridValueSchema),
  /** Fields a placement row sets itself over its publisher's (the legend's "overridden"). */
  overridden: z.array(z.string()),
  /** The stored record's last change (ISO time): sent back with an edit so a stale copy is refused. */
  version: z.string(),
  /** A placement with a monetization A/B test: edited only in the admin back office. */
  abTest: z.boolean(),
});
export type GridRow = z.infer<typeof gridRowSchema>;

export const gridDataSchema = z.object({
  publisher: z.array(gridRowSchema),
  placement: z.array(gridRowSchema),
  display: z.array(gridRowSchema),
  displayPlacement: z.array(gridRowSchema),
});
export type GridData = z.infer<typeof gridDataSchema>;

export const gridFillBodySchema = z.object({
  publisher_ids: z.array(idSchema).min(1).max(PUBLISHER_MULTISELECT_MAX),
  session_id: sessionIdSchema,
});

/** The edits of one row: only the cells the user changed. */
export const gridRowChangeSchema = z.object({
  key: z.string().max(100),
  changes: z.record(z.string().max(60), gridValueSchema),
  /** The row's version as it was read (GridRow.version); a newer stored record refuses the edit. */
  version: z.string().max(40).optional(),
});
export type GridRowChange = z.infer<typeof gridRowChangeSchema>;

const changesList = z.array(gridRowChangeSchema).max(2000).default([]);
export const gridSubmitDataSchema = z.object({
  publisher: changesList,
  placement: changesList,
  display: changesList,
  displayPlacement: changesList,
});
export type GridSubmitData = z.infer<typeof gridSubmitDataSchema>;

export const gridSubmitBodySchema = z.object({ data: gridSubmitDataSchema, session_id: sessionIdSchema });
export type GridSubmitBody = z.infer<typeof gridSubmitBodySchema>;

export const gridSubmitStartedSchema = z.object({ job_id: z.string() });
export const gridSubmitJobParamsSchema = z.object({ job_id: z.string().min(1).max(200) });

export const JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const gridSubmitStatusSchema = z.object({
  state: z.enum(JOB_STATES),
  progress: z.number(),
  /** Every problem found, first one first; the screen toasts only the first. */
  errors: z.array(z.string()),
});
export type GridSubmitStatus = z.infer<typeof gridSubmitStatusSchema>;

/** A session id: a random token plus the page-load time in ms. */
export const makeGridSessionId = (token: string, now: number): string => `${token}-${now}`;

/** A grid row's key, from its scope. */
export function gridRowKey(
  tab: GridTab,
  scope: { publisherId: number; placementId: number | null; platform: string | null },
): string {
  const id = tab === 'publisher' || tab === 'display' ? scope.publisherId : scope.placementId;
  return isDisplayTab(tab) ? `${tab}:${id}:${scope.platform}` : `${tab}:${id}`;
}

const fieldLabel = (tab: GridTab, field: string) =>
  gridColumnsOf(tab).find((c) => c.field === field)?.label ?? field;

/** Whether a display size cell holds only sizes the add-size dialog allows. */
const sizesError = (value: unknown): string | null => {
  if (!Array.isArray(value)) return null;
  for (const size of value as unknown[]) {
    const [w, h] = Array.isArray(size) ? (size as unknown[]).map(Number) : [NaN, NaN];
    if (!isDisplaySizeValid(w!, h!) || !isAllowedDisplaySize(w!, h!))
      return `${String(w)}x${String(h)} is not an allowed size.`;
  }
  return null;
};

/**
 * The problems of one row as the grid would show them, 'Label: message' each: invalid cells (the grid
 * rule's message), sizes outside the allowed list, then the mandatory cells left empty. A display row's
 * skip delay is checked only while skip is enabled (its default 0 would fail the 1000-4999 rule).
 */
export function gridRowErrors(tab: GridTab, values: Readonly<Record<string, unknown>>): string[] {
  const errors: string[] = [];
  for (const column of gridColumnsOf(tab)) {
    if (column.field === 'skipDelay' && values.skipEnabled !== true) continue;
    const message =
      column.kind === 'sizes'
        ? sizesError(values[column.field])
        : gridCellError(column.field, values[column.field]);
    if (message) errors.push(`${column.label}: ${message}`);
  }
  const missing = missingGridCells(tab, values);
  if (missing.length > 0)
    errors.push(`Mandatory fields are missing: ${missing.map((f) => fieldLabel(tab, f)).join(', ')}`);
  return errors;
}

/** The cells a row's changes may name: the tab's columns. */
export const isGridField = (tab: GridTab, field: string): boolean =>
  gridColumnsOf(tab).some((c) => c.field === field);

/**
 * A cell value as the column stores it: digit strings become integers, 'true' / 'false' (any case)
 * booleans, '300x250, 320x50' a size list, '' null. Anything else is kept as given so the row check
 * reports it (a word in a number cell stays a word).
 */
export function normalizeGridValue(kind: GridCellKind, value: unknown): GridValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  if (kind === 'int' && typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  if (kind === 'bool' && typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  if (kind === 'sizes' && typeof value === 'string') {
    const sizes = value.split(',').map((part) => /^\s*(\d{1,5})\s*x\s*(\d{1,5})\s*$/i.exec(part));
    if (sizes.every((m) => m !== null))
      return sizes.map((m) => [Number(m[1]), Number(m[2])] as [number, number]).slice(0, 20);
    return value.slice(0, 300);
  }
  if (kind === 'text' && typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.slice(0, 300);
  const parsed = gridValueSchema.safeParse(value);
  return parsed.success ? parsed.data : String(value).slice(0, 300);
}

/** Sizes as the grid and the workbook print them: '300x250, 320x50'. */
export const formatGridSizes = (sizes: readonly (readonly [number, number])[]): string =>
  sizes.map(([w, h]) => `${w}x${h}`).join(', ');
