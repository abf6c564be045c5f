// The monetization config page as data: the form's values, its defaults, the
// applicable fields of each flow, the field errors in page order, and the conversion between the form and
// the stored video and display configs (display times in milliseconds). The server rebuilds the form
// from a submitted config and runs the same validation.
import type { DisplayConfigWrite, VideoConfigWrite } from '../api/monetization.ts';
import { DISPLAY_AD_DEFAULTS, VIDEO_AD_DEFAULTS } from '../constants.ts';
import type { FieldRule, MonetizationField, MonetizationFlowState } from '../validation.ts';
import {
  applicableMonetizationFields,
  checkFieldRule,
  gridLimitPhrase,
  isAllowedDisplaySize,
  MONETIZATION_FIELD_RULES,
} from '../validation.ts';
import {
  adFlowFlags,
  adFlowOf,
  DEFAULT_AD_FLOW,
  flowStateOf,
  type AdFlowFlags,
  type AdFlowState,
} from './ad-flow.ts';

/** Fixed parts of the display URLs; the page edits only the profile id and the custom path. */
export const PUBMATIC_URL_PREFIX = 'https://ads.pubmatic.example/AdServer/js/pwt/';
export const AD_UNIT_PATH_PREFIX = '/21700000000/apv/';
/** Stored display times are milliseconds; the page shows seconds. */
export const DISPLAY_MS_PER_SECOND = 1000;

/** The video ad managers of the first section; the value is fixed and the other option disabled. */
export const VIDEO_AD_MANAGERS = [
  { value: 'aniview', label: 'Aniview', disabled: false },
  { value: 'ima', label: 'Google IMA', disabled: true },
] as const;
export const DISPLAY_PLATFORMS = ['mobile', 'desktop'] as const;
export type DisplayPlatform = (typeof DISPLAY_PLATFORMS)[number];
export type DisplaySize = [width: number, height: number];

/** Ad playing window choices: 1 to 6.5 in steps of 0.5. */
export const PLAYING_WINDOW_OPTIONS: readonly number[] = Array.from({ length: 12 }, (_, i) => 1 + i * 0.5);

/** The video part of the page. Numeric inputs hold text (digits only) so a user can clear them. */
export interface VideoSetupValues {
  channel: string;
  adFlow: AdFlowState;
  startPoint: string;
  adSequence: string;
  aniviewPreloadAdPlayingWindow: string;
  aniviewPreloadAdPlayingWindowRequestsForceStop: boolean;
  adDelayDuration: string;
  midrollTime: string;
  midrollDelay: string;
  maxImpressions: string;
  startMidroll: string;
  vastRetry: string;
  errorLimit: string;
  skip: boolean;
  skipTimer: string;
  viewportProduct: string;
  viewportAd: string;
}

/** One platform block of the Display section; times in seconds. */
export interface DisplayBlockValues {
  displayAdDuration: string;
  displayAdTimer: boolean;
  skipEnabled: boolean;
  skipDelay: string;
  adUnitPathCustom: string;
  viewportPause: string;
  supportedSizes: DisplaySize[];
}

export interface DisplaySetupValues {
  fallbackEnable: boolean;
  profileId: string;
  mobile: DisplayBlockValues;
  desktop: DisplayBlockValues;
}

export interface SetupForm {
  video: VideoSetupValues;
  display: DisplaySetupValues;
}

/**
 * Stored video config fields (the spec's names): the ones a setup writes, listed once in the save call's
 * schema (videoConfigWriteSchema), and the two the server sets itself. The database's jsonb type
 * (packages/db VideoConfigData) is this type too.
 */
export type StoredVideoConfig = VideoConfigWrite & { description?: string; adManager?: string };

/**
 * Stored display config of one platform; displayAdDuration and skipDelay in milliseconds. Listed once in
 * the save call's schema (displayConfigWriteSchema); packages/db DisplayConfigData is this type too.
 */
export type StoredDisplayConfig = DisplayConfigWrite;

export type StoredDisplayPair = Record<DisplayPlatform, StoredDisplayConfig>;

/** Viewport pause of a display block: a whole percentage (the spec states no bound; ours). */
const VIEWPORT_PAUSE_RULE: FieldRule = { kind: 'number', required: true, min: 0, max: 100, integer: true };
const DEFAULT_VIEWPORT_PAUSE = 50;

// ---------------------------------------------------------------- defaults

const defaultDisplayBlock = (platform: DisplayPlatform): DisplayBlockValues => ({
  displayAdDuration: String(DISPLAY_AD_DEFAULTS.durationMs / DISPLAY_MS_PER_SECOND),
  displayAdTimer: true,
  skipEnabled: false,
  skipDelay: String(DISPLAY_AD_DEFAULTS.skipDelay / DISPLAY_MS_PER_SECOND),
  adUnitPathCustom: platform,
  viewportPause: String(DEFAULT_VIEWPORT_PAUSE),
  supportedSizes: DISPLAY_AD_DEFAULTS.sizes.map(([w, h]) => [w, h]),
});

/** A new setup: the spec's defaults, Autoplay, fallback off and no channel yet. */
export function defaultSetupForm(): SetupForm {
  return {
    video: {
      channel: '',
      adFlow: { ...DEFAULT_AD_FLOW },
      startPoint: '0',
      adSequence: VIDEO_AD_DEFAULTS.adSequence,
      aniviewPreloadAdPlayingWindow: String(VIDEO_AD_DEFAULTS.aniviewPreloadAdPlayingWindow),
      aniviewPreloadAdPlayingWindowRequestsForceStop: false,
      adDelayDuration: '0',
      midrollTime: String(VIDEO_AD_DEFAULTS.midrollTime),
      midrollDelay: '',
      maxImpressions: String(VIDEO_AD_DEFAULTS.maxImpressions),
      startMidroll: String(VIDEO_AD_DEFAULTS.startMidroll),
      vastRetry: String(VIDEO_AD_DEFAULTS.vastRetry),
      errorLimit: String(VIDEO_AD_DEFAULTS.errorLimit),
      skip: false,
      skipTimer: String(VIDEO_AD_DEFAULTS.skipTimer),
      viewportProduct: String(VIDEO_AD_DEFAULTS.viewportProduct),
      viewportAd: String(VIDEO_AD_DEFAULTS.viewportAd),
    },
    display: {
      fallbackEnable: false,
      profileId: '',
      mobile: defaultDisplayBlock('mobile'),
      desktop: defaultDisplayBlock('desktop'),
    },
  };
}

// ---------------------------------------------------------------- stored config → form

const text = (value: unknown, fallback: string): string =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value
      : fallback;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const seconds = (ms: unknown, fallback: string): string =>
  typeof ms === 'number' && Number.isFinite(ms) ? String(ms / DISPLAY_MS_PER_SECOND) : fallback;
const withoutPrefix = (value: unknown, prefix: string): string | undefined =>
  typeof value === 'string' ? (value.startsWith(prefix) ? value.slice(prefix.length) : value) : undefined;

/**
 * The page's values for stored configs. Missing values take `base`'s: the defaults when opening a page,
 * blanks when the server checks a submitted config (so a missing required value is an error).
 */
export function setupFormFrom(
  video: StoredVideoConfig | null | undefined,
  display: Partial<Record<DisplayPlatform, Partial<StoredDisplayConfig>>> | null | undefined,
  base: SetupForm = defaultSetupForm(),
): SetupForm {
  const v = video ?? {};
  const b = base.video;
  const hasFlags = v.aniviewAutoplay !== undefined || v.aniviewPreloadAdDelay !== undefined;
  const block = (platform: DisplayPlatform): DisplayBlockValues => {
    const d = display?.[platform] ?? {};
    const bb = base.display[platform];
    return {
      displayAdDuration: seconds(d.displayAdDuration, bb.displayAdDuration),
      displayAdTimer: flag(d.displayAdTimer, bb.displayAdTimer),
      skipEnabled: flag(d.skipEnabled, bb.skipEnabled),
      skipDelay: seconds(d.skipDelay, bb.skipDelay),
      adUnitPathCustom: withoutPrefix(d.adUnitPath, AD_UNIT_PATH_PREFIX) ?? bb.adUnitPathCustom,
      viewportPause: text(d.viewportPause, bb.viewportPause),
      supportedSizes: Array.isArray(d.supportedSizes)
        ? d.supportedSizes.map(([w, h]) => [w, h] as DisplaySize)
        : bb.supportedSizes,
    };
  };
  const mobile = display?.mobile;
  const desktop = display?.desktop;
  return {
    video: {
      channel: text(v.channel, b.channel).toLowerCase(),
      adFlow: hasFlags ? adFlowOf(v) : { ...b.adFlow },
      startPoint: text(v.startPoint, b.startPoint),
      adSequence: text(v.adSequence, b.adSequence),
      aniviewPreloadAdPlayingWindow: text(v.aniviewPreloadAdPlayingWindow, b.aniviewPreloadAdPlayingWindow),
      aniviewPreloadAdPlayingWindowRequestsForceStop: flag(
        v.aniviewPreloadAdPlayingWindowRequestsForceStop,
        b.aniviewPreloadAdPlayingWindowRequestsForceStop,
      ),
      adDelayDuration: text(v.adDelayDuration, b.adDelayDuration),
      midrollTime: text(v.midrollTime, b.midrollTime),
      midrollDelay: text(v.midrollDelay, b.midrollDelay),
      maxImpressions: text(v.maxImpressions, b.maxImpressions),
      startMidroll: text(v.startMidroll, b.startMidroll),
      vastRetry: text(v.vastRetry, b.vastRetry),
      errorLimit: text(v.errorLimit, b.errorLimit),
      skip: flag(v.skip, b.skip),
      skipTimer: text(v.skipTimer, b.skipTimer),
      viewportProduct: text(v.viewportProduct, b.viewportProduct),
      viewportAd: text(v.viewportAd, b.viewportAd),
    },
    display: {
      fallbackEnable: mobile?.fallbackEnable === true || desktop?.fallbackEnable === true,
      profileId:
        withoutPrefix(mobile?.pubmaticUrl ?? desktop?.pubmaticUrl, PUBMATIC_URL_PREFIX) ??
        base.display.profileId,
      mobile: block('mobile'),
      desktop: block('desktop'),
    },
  };
}

/** Every value blank and every switch off: the base the server rebuilds a submitted config on. */
export function blankSetupForm(): SetupForm {
  const blankBlock: DisplayBlockValues = {
    displayAdDuration: '',
    displayAdTimer: false,
    skipEnabled: false,
    skipDelay: '',
    adUnitPathCustom: '',
    viewportPause: '',
    supportedSizes: [],
  };
  const d = defaultSetupForm();
  const video = Object.fromEntries(
    Object.entries(d.video).map(([k, val]) => [
      k,
      typeof val === 'string' ? '' : typeof val === 'boolean' ? false : val,
    ]),
  ) as unknown as VideoSetupValues;
  return {
    video,
    display: { fallbackEnable: false, profileId: '', mobile: { ...blankBlock }, desktop: { ...blankBlock } },
  };
}

// ---------------------------------------------------------------- transitions

/** Choosing a flow or a preload sub-option; Delay duration switches the display fallback off. */
export function chooseAdFlow(form: SetupForm, adFlow: AdFlowState): SetupForm {
  const next = { ...form, video: { ...form.video, adFlow } };
  if (adFlowFlags(adFlow).aniviewPreloadAdDelay) next.display = { ...form.display, fallbackEnable: false };
  return next;
}

/**
 * Setting the starting point also sets the sequence: the starting point becomes the sequence's first
 * entry (our reading of the spec's "it also sets the sequence").
 */
export function setStartPoint(form: SetupForm, startPoint: string): SetupForm {
  const rest = form.video.adSequence
    .split(',')
    .map((s) => s.trim())
    .slice(1)
    .filter((s) => s !== '');
  const adSequence = startPoint === '' ? form.video.adSequence : [startPoint, ...rest].join(',');
  return { ...form, video: { ...form.video, startPoint, adSequence } };
}

// ---------------------------------------------------------------- validation

/** Labels of the page, also used in field messages. */
export const SETUP_FIELD_LABELS: Record<MonetizationField | 'viewportPause' | 'supportedSizes', string> = {
  channel: 'Channel ID',
  midrollTime: 'Midroll Time',
  midrollDelay: 'Midroll Delay',
  maxImpressions: 'Max Impressions',
  startMidroll: 'Start Midroll',
  vastRetry: 'VAST Retry',
  errorLimit: 'Error Limit',
  skipTimer: 'Skip Timer',
  startPoint: 'Starting Point',
  adSequence: 'Sequence',
  aniviewPreloadAdPlayingWindow: 'Ad Playing Window',
  adDelayDuration: 'Delay Duration',
  viewportProduct: 'TV Viewport',
  viewportAd: 'Ad Viewport',
  displayProfileId: 'Profile Id',
  displayAdDuration: 'Display Ad Duration',
  displaySkipDelay: 'Skip Delay',
  adUnitPathCustom: 'Ad Unit Path',
  viewportPause: 'Viewport Pause',
  supportedSizes: 'Supported Sizes',
};

/** What a valid value looks like, per field (our wording; the spec gives the rules, not the messages). */
const RULE_HINTS: Record<MonetizationField | 'viewportPause', string> = {
  channel: 'must be exactly 24 hexadecimal characters (0-9, a-f)',
  midrollTime: 'must be greater than 0',
  midrollDelay: 'must be between 0 and 15',
  maxImpressions: 'must be between 0 and 100',
  // Worded by the grid's own rule, so the config page and the grid name the same limit.
  startMidroll: `must be ${gridLimitPhrase('startMidroll')}`,
  vastRetry: 'must be between 1 and 5',
  errorLimit: 'must be greater than 0',
  skipTimer: 'must be between 3 and 10',
  startPoint: 'must be 0 or more',
  adSequence: 'must be whole numbers separated by commas',
  aniviewPreloadAdPlayingWindow: 'must be between 1 and 6.5 in steps of 0.5',
  adDelayDuration: 'must be between 0 and 6',
  viewportProduct: 'must be a whole percentage between 0 and 100',
  viewportAd: 'must be a whole percentage between 0 and 100',
  displayProfileId: 'must be 4 or 5 digits (at most 99999)',
  displayAdDuration: 'must be between 5 and 10 seconds',
  displaySkipDelay: 'must be between 1 and 5 seconds',
  adUnitPathCustom: 'cannot be empty',
  viewportPause: 'must be a whole percentage between 0 and 100',
};

export interface SetupFieldError {
  /** Form path: 'midrollTime', 'display.profileId', 'display.mobile.displayAdDuration'. */
  field: string;
  message: string;
}

const isBlank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

function check(
  errors: SetupFieldError[],
  field: string,
  label: string,
  hint: string,
  rule: FieldRule,
  value: unknown,
): void {
  if (checkFieldRule(rule, value)) return;
  errors.push({
    field,
    message: isBlank(value) && rule.required ? `${label} is required` : `${label} ${hint}`,
  });
}

/** Video fields in the order the page shows them. */
const VIDEO_FIELD_ORDER = [
  'channel',
  'startPoint',
  'adSequence',
  'aniviewPreloadAdPlayingWindow',
  'adDelayDuration',
  'midrollTime',
  'midrollDelay',
  'maxImpressions',
  'startMidroll',
  'vastRetry',
  'errorLimit',
  'skipTimer',
  'viewportProduct',
  'viewportAd',
] as const satisfies readonly (MonetizationField & keyof VideoSetupValues)[];

/** The shared field table's switches for the form (one platform's skip decides its skip delay). */
export function flowStateOfForm(
  form: SetupForm,
  platform: DisplayPlatform = 'mobile',
): MonetizationFlowState {
  return flowStateOf(form.video.adFlow, {
    skip: form.video.skip,
    fallbackEnable: form.display.fallbackEnable,
    displaySkip: form.display[platform].skipEnabled,
  });
}

/** Whether the display fallback applies (switched on, and the flow does not switch it off). */
export const isFallbackOn = (form: SetupForm): boolean => flowStateOfForm(form).fallbackEnable;

/**
 * Errors of the applicable fields, in page order; fields that do not apply to the flow are not checked
 *. Save is disabled while this is non-empty; the error dialog shows the first.
 */
export function validateSetupForm(form: SetupForm): SetupFieldError[] {
  const errors: SetupFieldError[] = [];
  const applicable = new Set(applicableMonetizationFields(flowStateOfForm(form)));
  for (const field of VIDEO_FIELD_ORDER) {
    if (!applicable.has(field)) continue;
    const value = field === 'channel' ? form.video.channel.toLowerCase() : form.video[field];
    check(
      errors,
      field,
      SETUP_FIELD_LABELS[field],
      RULE_HINTS[field],
      MONETIZATION_FIELD_RULES[field],
      value,
    );
  }
  if (!isFallbackOn(form)) return errors;
  const rules = MONETIZATION_FIELD_RULES;
  check(
    errors,
    'display.profileId',
    SETUP_FIELD_LABELS.displayProfileId,
    RULE_HINTS.displayProfileId,
    rules.displayProfileId,
    form.display.profileId,
  );
  for (const platform of DISPLAY_PLATFORMS) {
    const block = form.display[platform];
    const at = (f: string) => `display.${platform}.${f}`;
    const label = (f: keyof typeof SETUP_FIELD_LABELS) => `${SETUP_FIELD_LABELS[f]} (${platform})`;
    check(
      errors,
      at('displayAdDuration'),
      label('displayAdDuration'),
      RULE_HINTS.displayAdDuration,
      rules.displayAdDuration,
      block.displayAdDuration,
    );
    if (block.skipEnabled) {
      check(
        errors,
        at('skipDelay'),
        label('displaySkipDelay'),
        RULE_HINTS.displaySkipDelay,
        rules.displaySkipDelay,
        block.skipDelay,
      );
    }
    check(
      errors,
      at('adUnitPathCustom'),
      label('adUnitPathCustom'),
      RULE_HINTS.adUnitPathCustom,
      rules.adUnitPathCustom,
      block.adUnitPathCustom,
    );
    check(
      errors,
      at('viewportPause'),
      label('viewportPause'),
      RULE_HINTS.viewportPause,
      VIEWPORT_PAUSE_RULE,
      block.viewportPause,
    );
    if (block.supportedSizes.length === 0) {
      errors.push({
        field: at('supportedSizes'),
        message: `${label('supportedSizes')}: choose at least one size`,
      });
    } else if (!block.supportedSizes.every(([w, h]) => isAllowedDisplaySize(w, h))) {
      errors.push({
        field: at('supportedSizes'),
        message: `${label('supportedSizes')}: only the allowed sizes`,
      });
    }
  }
  return errors;
}

/** Error of one field path, for inline messages. */
export const errorOf = (errors: readonly SetupFieldError[], field: string): string | undefined =>
  errors.find((e) => e.field === field)?.message;

// ---------------------------------------------------------------- form → stored config

const num = (value: string): number => Number(value.trim());

/**
 * The video config to store: the flow's flags and the applicable fields only (excluded fields are not
 * submitted). Call on a valid form.
 */
export function videoConfigOf(form: SetupForm): StoredVideoConfig {
  const v = form.video;
  const applicable = new Set(applicableMonetizationFields(flowStateOfForm(form)));
  const out: StoredVideoConfig = {
    channel: v.channel.trim().toLowerCase(),
    adManager: VIDEO_AD_DEFAULTS.adManager,
    ...adFlowFlags(v.adFlow),
    aniviewPreloadAdPlayingWindow: num(v.aniviewPreloadAdPlayingWindow),
    aniviewPreloadAdPlayingWindowRequestsForceStop: v.aniviewPreloadAdPlayingWindowRequestsForceStop,
    startPoint: num(v.startPoint),
    midrollTime: num(v.midrollTime),
    vastRetry: num(v.vastRetry),
    errorLimit: num(v.errorLimit),
    skip: v.skip,
    viewportProduct: num(v.viewportProduct),
    viewportAd: num(v.viewportAd),
  };
  if (applicable.has('adSequence'))
    out.adSequence = v.adSequence
      .split(',')
      .map((s) => s.trim())
      .join(',');
  if (applicable.has('adDelayDuration')) out.adDelayDuration = num(v.adDelayDuration);
  if (!isBlank(v.midrollDelay)) out.midrollDelay = num(v.midrollDelay);
  if (applicable.has('maxImpressions')) out.maxImpressions = num(v.maxImpressions);
  if (applicable.has('startMidroll')) out.startMidroll = num(v.startMidroll);
  if (applicable.has('skipTimer')) out.skipTimer = num(v.skipTimer);
  return out;
}

/** The two display records to store; with the fallback off only the fallbackEnable flag. */
export function displayConfigsOf(form: SetupForm): StoredDisplayPair {
  const on = isFallbackOn(form);
  const record = (platform: DisplayPlatform): StoredDisplayConfig => {
    if (!on) return { fallbackEnable: false };
    const b = form.display[platform];
    const out: StoredDisplayConfig = {
      fallbackEnable: true,
      pubmaticUrl: `${PUBMATIC_URL_PREFIX}${form.display.profileId.trim()}`,
      displayAdDuration: num(b.displayAdDuration) * DISPLAY_MS_PER_SECOND,
      displayAdTimer: b.displayAdTimer,
      skipEnabled: b.skipEnabled,
      adUnitPath: `${AD_UNIT_PATH_PREFIX}${b.adUnitPathCustom.trim()}`,
      viewportPause: num(b.viewportPause),
      supportedSizes: b.supportedSizes.map(([w, h]) => [w, h]),
    };
    if (b.skipEnabled) out.skipDelay = num(b.skipDelay) * DISPLAY_MS_PER_SECOND;
    return out;
  };
  return { mobile: record('mobile'), desktop: record('desktop') };
}

/** Whether stored flags are exactly those of a flow (the server refuses other combinations). */
export function isKnownAdFlow(flags: Partial<AdFlowFlags>): boolean {
  const expected = adFlowFlags(adFlowOf(flags));
  return (Object.keys(expected) as (keyof AdFlowFlags)[]).every((k) => flags[k] === expected[k]);
}
