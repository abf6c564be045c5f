// Validation rules of the spec as pure functions shared by browser and server.
// Rule functions return the catalogue message of the first failed check, or null when the value is valid.
// Rules the spec words no message for return a boolean instead.
import { z } from 'zod';
import {
  ALIAS_MAX_LENGTH,
  DISPLAY_ALLOWED_SIZES,
  PACKAGE_ID_MAX_LENGTH,
  PACKAGE_MAX_HIGHLIGHTS,
  PACKAGE_MIN_HIGHLIGHTS,
  VERTICAL_SELECTED_TIME,
  VIDEO_UPLOAD,
} from './constants.ts';
import { gridCellInvalid, limitPhrase, mandatoryFieldsNotFilled, messages } from './messages.ts';

/** A rule: the message of the failed check, or null. */
export type Rule<T> = (value: T) => string | null;

const isBlank = (v: unknown): boolean => v === null || v === undefined || String(v).trim() === '';

// ---------------------------------------------------------------- packages

/** Inline title edit: Enter or blur submits only a non-empty trimmed value (no message; Esc cancels). */
export const isSubmittableTitle = (value: string): boolean => value.trim() !== '';

/** Package name: required after trimming. */
export const validatePackageName: Rule<string | null | undefined> = (name) =>
  isBlank(name) ? messages.packageNameInvalid : null;

/** Number of highlights a package may be saved with: 3 to 5. */
export const validatePackageSize: Rule<number> = (count) =>
  count < PACKAGE_MIN_HIGHLIGHTS
    ? messages.packageTooFewVideos
    : count > PACKAGE_MAX_HIGHLIGHTS
      ? messages.packageTooManyVideos
      : null;

/** Adding one more highlight to a package that holds `count` (refused when already 5, on drag). */
export const validatePackageAdd: Rule<number> = (count) =>
  count >= PACKAGE_MAX_HIGHLIGHTS ? messages.packageTooManyVideos : null;

/** Alias: a letter, then letters, digits, '-' or '_', ending with a letter or digit; at most 30 chars. */
export const ALIAS_PATTERN = /^[A-Za-z](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

/**
 * Alias (embed name). Returns 'Invalid Embed Name'; the UI shows messages.aliasFormat as the detail line.
 * An empty alias is invalid too: the rule says it starts with a letter.
 */
export const validateAlias: Rule<string | null | undefined> = (alias) =>
  typeof alias === 'string' && alias.length <= ALIAS_MAX_LENGTH && ALIAS_PATTERN.test(alias)
    ? null
    : messages.invalidEmbedName;

/** A package id in the editor URL: a short token under 10 characters. */
export const isPackageIdParam = (id: string): boolean =>
  id.length > 0 && id.length <= PACKAGE_ID_MAX_LENGTH && /^[A-Za-z0-9_-]+$/.test(id);

// ---------------------------------------------------------------- vertical tool, programs

/** Selected highlight time in the edit modal: 5 to 12 seconds. */
export const validateSelectedTime: Rule<number> = (seconds) =>
  seconds < VERTICAL_SELECTED_TIME.minSeconds
    ? messages.selectedTimeTooShort
    : seconds > VERTICAL_SELECTED_TIME.maxSeconds
      ? messages.selectedTimeTooLong
      : null;

/** Program search: non-empty trimmed text ('Please fill out search field'). */
export const validateProgramSearch: Rule<string | null | undefined> = (text) =>
  isBlank(text) ? messages.programSearchEmpty : null;

// ---------------------------------------------------------------- story pages

/** Image page: an image file must be selected. */
export const validateImagePage: Rule<unknown> = (file) =>
  file === null || file === undefined ? messages.imageFileRequired : null;

/** What we know of an uploaded video: from the browser's File and video element, or from ffprobe. */
export interface VideoFileInfo {
  readonly sizeBytes: number;
  /** MIME type, e.g. 'video/mp4' (browser). */
  readonly mimeType?: string | null;
  /** Container format name(s), e.g. ffprobe's 'mov,mp4,m4a,3gp,3g2,mj2' (server). */
  readonly container?: string | null;
  readonly width: number;
  readonly height: number;
  readonly durationSeconds: number;
}

const isMp4 = (f: VideoFileInfo): boolean =>
  f.mimeType?.toLowerCase() === 'video/mp4' ||
  (f.container ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .includes('mp4');

/**
 * A video's displayed size against the page rules, in the spec's order: orientation (vertical =
 * height > width), too high (over 1920x1080), too low (under 720x480). The server runs it on the MP4
 * header before any decoder runs, and again on what ffprobe reports.
 */
export function videoDimensionsError(width: number, height: number): string | null {
  if (height > width) return messages.videoVertical;
  if (width > VIDEO_UPLOAD.maxWidth || height > VIDEO_UPLOAD.maxHeight)
    return messages.videoResolutionTooHigh;
  if (width < VIDEO_UPLOAD.minWidth || height < VIDEO_UPLOAD.minHeight) return messages.videoResolutionTooLow;
  return null;
}

/**
 * Video page upload, checked in the spec's order: present, size (10 MB), MP4, orientation (vertical =
 * height > width), resolution too high (over 1920x1080), too low (under 720x480), too long (30 s),
 * too short (4 s).
 */
export const validateVideoUpload: Rule<VideoFileInfo | null | undefined> = (f) => {
  if (!f) return messages.videoFileRequired;
  if (f.sizeBytes > VIDEO_UPLOAD.maxBytes) return messages.videoTooBig;
  if (!isMp4(f)) return messages.videoNotMp4;
  const dimensions = videoDimensionsError(f.width, f.height);
  if (dimensions) return dimensions;
  if (f.durationSeconds > VIDEO_UPLOAD.maxSeconds) return messages.videoTooLong;
  if (f.durationSeconds < VIDEO_UPLOAD.minSeconds) return messages.videoTooShort;
  return null;
};

/** A server-supplied form field of a video page (only what the mandatory check needs). */
export interface FormFieldInfo {
  readonly name: string;
  readonly label: string;
  readonly is_mandatory: boolean;
}

/** Mandatory server fields of a video page must be non-blank ('{labels} must be filled!'). */
export function validateMandatoryFields(
  fields: readonly FormFieldInfo[],
  values: Readonly<Record<string, unknown>>,
): string | null {
  const missing = fields.filter((f) => f.is_mandatory && isBlank(values[f.name])).map((f) => f.label);
  return missing.length > 0 ? mandatoryFieldsNotFilled(missing) : null;
}

const POSTER_URL_PATTERN = /^(?:https?:\/\/|www\.)\S+$/i;
const POSTER_IMAGE_EXTENSION = /\.(?:jpe?g|gif|png)$/i;

/**
 * Poster URL: looks like an http(s) or www. URL, and its path ends in jpeg, jpg, gif or png (query and
 * fragment ignored). Whether the image loads is checked by the browser ('Poster URL image has an error').
 */
export const validatePosterUrl: Rule<string | null | undefined> = (url) => {
  const v = (url ?? '').trim();
  if (!POSTER_URL_PATTERN.test(v)) return messages.posterUrlInvalid;
  const path = v.split(/[?#]/)[0] ?? '';
  return POSTER_IMAGE_EXTENSION.test(path) ? null : messages.posterUrlFormat;
};

// ---------------------------------------------------------------- publishers, reports

/** The Create dialog of the publishers admin. */
export interface NewPublisherInput {
  readonly pub_name?: string | null;
  readonly pub_id?: string | number | null;
  readonly home_url?: string | null;
}

/** New publisher: every field required, numeric id, id not already taken (when `existingIds` is given). */
export function validateNewPublisher(
  input: NewPublisherInput,
  existingIds?: Iterable<number | string>,
): string | null {
  if (isBlank(input.pub_name) || isBlank(input.pub_id) || isBlank(input.home_url))
    return messages.eachFieldRequired;
  const id = String(input.pub_id).trim();
  if (!/^\d+$/.test(id)) return messages.publisherIdInvalid;
  if (existingIds) {
    for (const e of existingIds) if (Number(e) === Number(id)) return messages.publisherExists;
  }
  return null;
}

/** Splash image upload: a file must be chosen. */
export const validateSplashImage: Rule<unknown> = (file) =>
  file === null || file === undefined || file === '' ? messages.splashRequired : null;

/** Bulk report: a spreadsheet id and at least one publisher, else 'missing inputs'. */
export function validateBulkReport(
  spreadsheetId: string | null | undefined,
  publisherIds: readonly unknown[],
): string | null {
  return isBlank(spreadsheetId) || publisherIds.length === 0 ? messages.missingInputs : null;
}

/** Bulk update: needs a sheet id. The spec words no message; we reuse 'missing inputs'. */
export const validateBulkUpdate: Rule<string | null | undefined> = (sheetId) =>
  isBlank(sheetId) ? messages.missingInputs : null;

// ---------------------------------------------------------------- monetization config pages

/** Bounds of a numeric field; exclusive bounds model "greater than", `step` counts from `min`. */
export interface NumberBounds {
  readonly kind: 'number';
  readonly required: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly minExclusive?: boolean;
  readonly integer?: boolean;
  readonly step?: number;
}
/** A text field checked by a pattern (after trimming, and lowercasing when `lowercase`). */
export interface PatternRule {
  readonly kind: 'pattern';
  readonly required: boolean;
  readonly pattern: RegExp;
  readonly lowercase?: boolean;
}
export type FieldRule = NumberBounds | PatternRule;

/** 24 lowercase hex characters: the video ad manager channel id. */
export const CHANNEL_PATTERN = /^[0-9a-f]{24}$/;

/**
 * The config page field table (the spec's config page rules). Keys are the config's field names; the
 * display fields use our names (the spec only describes them). Fields with a stated default or a rule
 * without "optional" are treated as required where they apply.
 */
export const MONETIZATION_FIELD_RULES = {
  channel: { kind: 'pattern', required: true, pattern: CHANNEL_PATTERN, lowercase: true },
  midrollTime: { kind: 'number', required: true, min: 0, minExclusive: true },
  midrollDelay: { kind: 'number', required: false, min: 0, max: 15 },
  maxImpressions: { kind: 'number', required: true, min: 0, max: 100 },
  startMidroll: { kind: 'number', required: true, min: 7 },
  vastRetry: { kind: 'number', required: true, min: 1, max: 5 },
  errorLimit: { kind: 'number', required: true, min: 0, minExclusive: true },
  skipTimer: { kind: 'number', required: true, min: 3, max: 10 },
  startPoint: { kind: 'number', required: true, min: 0 },
  adSequence: { kind: 'pattern', required: true, pattern: /^\d+(?:\s*,\s*\d+)*$/ },
  aniviewPreloadAdPlayingWindow: { kind: 'number', required: true, min: 1, max: 6.5, step: 0.5 },
  adDelayDuration: { kind: 'number', required: true, min: 0, max: 6 },
  viewportProduct: { kind: 'number', required: true, min: 0, max: 100, integer: true },
  viewportAd: { kind: 'number', required: true, min: 0, max: 100, integer: true },
  // "digits only, at least 4 digits, at most 99999": 4 or 5 digits.
  displayProfileId: { kind: 'pattern', required: true, pattern: /^\d{4,5}$/ },
  displayAdDuration: { kind: 'number', required: true, min: 5, max: 10 },
  displaySkipDelay: { kind: 'number', required: true, min: 1, max: 5 },
  adUnitPathCustom: { kind: 'pattern', required: true, pattern: /^\S(?:.*\S)?$/ },
} as const satisfies Record<string, FieldRule>;

/** A field of the monetization config pages. */
export type MonetizationField = keyof typeof MONETIZATION_FIELD_RULES;

/** "Numeric inputs strip non-digits"; '.' is kept only when `decimal` (playing window). */
export const stripNonDigits = (input: string, decimal = false): string =>
  input.replace(decimal ? /[^\d.]/g : /\D/g, '');

/** Whether a value satisfies a field rule; blank passes only optional fields. */
export function checkFieldRule(rule: FieldRule, value: unknown): boolean {
  if (isBlank(value)) return !rule.required;
  const text = String(value).trim();
  if (rule.kind === 'pattern') return rule.pattern.test(rule.lowercase ? text.toLowerCase() : text);
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return false;
  const n = Number(text);
  if (rule.integer && !Number.isInteger(n)) return false;
  if (rule.min !== undefined && (rule.minExclusive ? n <= rule.min : n < rule.min)) return false;
  if (rule.max !== undefined && n > rule.max) return false;
  if (rule.step !== undefined && !Number.isInteger((n - (rule.min ?? 0)) / rule.step)) return false;
  return true;
}

/** Whether a config page field value is valid. */
export const isMonetizationFieldValid = (field: MonetizationField, value: unknown): boolean =>
  checkFieldRule(MONETIZATION_FIELD_RULES[field], value);

/** The flow switches that decide which fields apply (the config pages' ad flow). */
export interface MonetizationFlowState {
  readonly autoplay: boolean;
  readonly delayedAutoplay: boolean;
  readonly preloadAdDelay: boolean;
  readonly skip: boolean;
  readonly fallbackEnable: boolean;
  /** Display "skip enabled"; the skip delay applies only then (its default is 0, outside 1..5). */
  readonly displaySkip: boolean;
}

const DISPLAY_FIELDS = [
  'displayProfileId',
  'displayAdDuration',
  'displaySkipDelay',
  'adUnitPathCustom',
] as const;

/** The fields validated and submitted for a flow; the others are excluded from both. */
export function applicableMonetizationFields(s: MonetizationFlowState): MonetizationField[] {
  return (Object.keys(MONETIZATION_FIELD_RULES) as MonetizationField[]).filter((f) => {
    if (f === 'maxImpressions' || f === 'startMidroll') return s.autoplay || s.delayedAutoplay;
    if (f === 'adDelayDuration') return s.preloadAdDelay;
    if (f === 'adSequence') return !s.autoplay;
    if (f === 'skipTimer') return s.skip;
    if (f === 'displaySkipDelay') return s.fallbackEnable && s.displaySkip;
    if ((DISPLAY_FIELDS as readonly string[]).includes(f)) return s.fallbackEnable;
    return true;
  });
}

/** The applicable fields whose values are invalid; Save is disabled while this is non-empty. */
export function invalidMonetizationFields(
  values: Readonly<Partial<Record<MonetizationField, unknown>>>,
  state: MonetizationFlowState,
): MonetizationField[] {
  return applicableMonetizationFields(state).filter((f) => !isMonetizationFieldValid(f, values[f]));
}

// ---------------------------------------------------------------- ad configuration grid

/**
 * Upper bound shown for the grid fields the spec bounds on one side only ("positive", "at least 7"):
 * the largest 32-bit integer, since the cell message needs both X and Y.
 */
export const GRID_INT_MAX = 2_147_483_647;

/** Integer bounds of the grid's numeric cells; display times are milliseconds in the grid. */
export const GRID_BOUNDS = {
  viewportProduct: { min: 0, max: 100 },
  viewportAd: { min: 0, max: 100 },
  maxImpressions: { min: 0, max: 100 },
  errorLimit: { min: 1, max: GRID_INT_MAX },
  vastRetry: { min: 1, max: 5 },
  startMidroll: { min: 7, max: GRID_INT_MAX },
  midrollTime: { min: 1, max: GRID_INT_MAX },
  skipTimer: { min: 3, max: 10 },
  displayDuration: { min: 5000, max: 10000 },
  // "1000 up to but below 5000 ms": as integers, 1000 to 4999.
  skipDelay: { min: 1000, max: 4999 },
} as const satisfies Record<string, { min: number; max: number }>;

/** A numeric cell of the ad configuration grid. */
export type GridField = keyof typeof GRID_BOUNDS;

/** The upper limit a user reads for a grid field: none when it is only the storage limit. */
const readableMax = (field: GridField): number | undefined => {
  const { max } = GRID_BOUNDS[field];
  return max === GRID_INT_MAX ? undefined : max;
};

/** A grid field's allowed range in words ('between 3 and 10', 'at least 7'), for the grid and the config page. */
export const gridLimitPhrase = (field: GridField): string =>
  limitPhrase(GRID_BOUNDS[field].min, readableMax(field));

/** A grid cell: an integer within its bounds, else 'Invalid input. Please enter an integer between X and Y.' */
export function validateGridCell(field: GridField, value: unknown): string | null {
  const { min, max } = GRID_BOUNDS[field];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const ok = /^-?\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
  return ok ? null : gridCellInvalid(min, readableMax(field));
}

/** The grid's channel cell: exactly 24 hex characters [0-9a-f] (no lowercasing in the grid). */
export const isGridChannelValid = (value: string): boolean => CHANNEL_PATTERN.test(value);

/** Grid submit: blocked with 'Mandatory fields are missing!' while any mandatory cell is empty. */
export const validateGridMandatory: Rule<readonly unknown[]> = (mandatoryValues) =>
  mandatoryValues.some(isBlank) ? messages.mandatoryFieldsMissing : null;

/** The add-size dialog: width and height both greater than 0. */
export const isDisplaySizeValid = (width: number, height: number): boolean => width > 0 && height > 0;

/** Whether a display size is one of the allowed sizes. */
export const isAllowedDisplaySize = (width: number, height: number): boolean =>
  DISPLAY_ALLOWED_SIZES.some(([w, h]) => w === width && h === height);

// ---------------------------------------------------------------- zod helpers for server schemas

/** Turns a rule into a zod refinement: `z.string().superRefine(refineWith(validateAlias))`. */
export const refineWith =
  <T>(rule: Rule<T>) =>
  (value: T, ctx: z.RefinementCtx): void => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };

/** Package name: trimmed, non-empty. */
export const packageNameSchema = z.string().trim().min(1, messages.packageNameInvalid);
/** Package alias (embed name). */
export const aliasSchema = z.string().superRefine(refineWith(validateAlias));
/** Package highlights: 3 to 5 entries. */
export const packageHighlightsSchema = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(PACKAGE_MIN_HIGHLIGHTS, messages.packageTooFewVideos)
    .max(PACKAGE_MAX_HIGHLIGHTS, messages.packageTooManyVideos);
/** Poster URL of a video page. */
export const posterUrlSchema = z.string().superRefine(refineWith(validatePosterUrl));
/** Program search text: trimmed, non-empty. */
export const programSearchSchema = z.string().trim().min(1, messages.programSearchEmpty);
/** Video ad manager channel id (lowercased first, as the config page does). */
export const channelSchema = z.string().trim().toLowerCase().regex(CHANNEL_PATTERN);
/** New publisher form (every field required, numeric id); existence is checked by the server. */
export const newPublisherSchema = z
  .object({
    pub_name: z.string(),
    pub_id: z.union([z.string(), z.number()]),
    home_url: z.string(),
  })
  .superRefine(refineWith((v) => validateNewPublisher(v)))
  .transform((v) => ({ pub_name: v.pub_name.trim(), pub_id: Number(v.pub_id), home_url: v.home_url.trim() }));
/** Bulk report request: a spreadsheet id and at least one publisher. */
export const bulkReportSchema = z
  .object({ external_id: z.string().trim(), publisher_ids: z.array(z.coerce.number().int().positive()) })
  .superRefine(refineWith((v) => validateBulkReport(v.external_id, v.publisher_ids)));
