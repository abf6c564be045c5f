// Monetization setup, view and audit calls, editor base, admins only.
//
// - GET publishers/publishers_monetized?monetized=true|false -> publishers with / without a publisher setup
// - GET placements/placements_monetized?publisher_id&monetized=true|false -> placements with / without their
//   own setup, each with abTest {monetization} or null
// - GET monetization_setup/placement/ab_test?placement_id -> the placement's A/B test or null
// - POST monetization_setup/fill {publisher_ids, session_id?} -> config groups of those publishers
// - POST monetization_setup/placement {id, session_id?} -> config groups of one placement and its publisher
// - GET monetization_setup/all_configs?publisher_ids=1,2 -> config groups with A/B tests (view screen)
// - PUT publisher_info/monetization {publisher_id, placement_id, mode, video, display} -> the saved groups
// - GET monetization_audit?page&per&(from | start_date&end_date&time_zone)&publisher_id -> {audits, totalItems}
import { z } from 'zod';
import { AUDIT_LOOK_BACK_DAYS, PUBLISHER_MULTISELECT_MAX, TABLE_PAGE_SIZE_DEFAULT } from '../constants.ts';
import {
  calendarDateSchema,
  calendarRange,
  formatCalendarDate,
  timeZoneSchema,
  type InstantRange,
} from '../calendar-dates.ts';
import { messages } from '../messages.ts';
import { idSchema } from './common.ts';

const flagQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const monetizedPublishersQuerySchema = z.object({ monetized: flagQuery.default(true) });
export const monetizedPlacementsQuerySchema = z.object({
  publisher_id: idSchema,
  monetized: flagQuery.optional(),
});
export const abTestQuerySchema = z.object({ placement_id: idSchema });

export const abTestVariantSchema = z.object({ weight: z.number(), name: z.string() });
export const abTestSchema = z.object({
  placement_id: z.number(),
  /** True: a monetization A/B test, editable only in the admin back office. */
  monetization: z.boolean(),
  variants: z.array(abTestVariantSchema),
});
export type AbTest = z.infer<typeof abTestSchema>;

/** A session id: a token plus a timestamp made when the page loads. */
export const sessionIdSchema = z.string().trim().min(1).max(100);

export const fillBodySchema = z.object({
  publisher_ids: z.array(idSchema).min(1).max(PUBLISHER_MULTISELECT_MAX),
  session_id: sessionIdSchema.optional(),
});
export const placementConfigBodySchema = z.object({ id: idSchema, session_id: sessionIdSchema.optional() });
/** publisher_ids as a comma list ('406,407') or repeated (publisher_ids=406&publisher_ids=407). */
export const allConfigsQuerySchema = z.object({
  publisher_ids: z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
        .map((s) => String(s).trim())
        .filter((s) => s !== ''),
    z.array(idSchema).min(1).max(PUBLISHER_MULTISELECT_MAX),
  ),
});

const size = z.tuple([z.number().int(), z.number().int()]);
const optionalNumber = z.number().finite().optional();

/** The stored video config fields a setup writes (shape only; the rules are checked by the service). */
export const videoConfigWriteSchema = z.object({
  channel: z.string().max(100).optional(),
  aniviewPreload: z.boolean().optional(),
  aniviewAutoplay: z.boolean().optional(),
  aniviewDelayedAutoplay: z.boolean().optional(),
  aniviewPlayAdExactBetween: z.boolean().optional(),
  aniviewPreloadAdDelay: z.boolean().optional(),
  aniviewPreloadAdPlayingWindow: optionalNumber,
  aniviewPreloadAdPlayingWindowRequestsForceStop: z.boolean().optional(),
  startPoint: optionalNumber,
  adSequence: z.string().max(200).optional(),
  adDelayDuration: optionalNumber,
  midrollTime: optionalNumber,
  midrollDelay: optionalNumber,
  maxImpressions: optionalNumber,
  startMidroll: optionalNumber,
  vastRetry: optionalNumber,
  errorLimit: optionalNumber,
  skip: z.boolean().optional(),
  skipTimer: optionalNumber,
  viewportProduct: optionalNumber,
  viewportAd: optionalNumber,
});
/** The stored video config's fields (monetization/setup-form.ts StoredVideoConfig adds two). */
export type VideoConfigWrite = z.infer<typeof videoConfigWriteSchema>;

/** One platform's display config; displayAdDuration and skipDelay in milliseconds. */
export const displayConfigWriteSchema = z.object({
  fallbackEnable: z.boolean(),
  pubmaticUrl: z.string().max(300).optional(),
  displayAdDuration: optionalNumber,
  displayAdTimer: z.boolean().optional(),
  skipEnabled: z.boolean().optional(),
  skipDelay: optionalNumber,
  adUnitPath: z.string().max(300).optional(),
  viewportPause: optionalNumber,
  supportedSizes: z.array(size).max(20).optional(),
});
/** The stored display config's fields (monetization/setup-form.ts StoredDisplayConfig). */
export type DisplayConfigWrite = z.infer<typeof displayConfigWriteSchema>;

export const SETUP_MODES = ['new', 'update'] as const;
export type SetupMode = (typeof SETUP_MODES)[number];

export const saveSetupBodySchema = z.object({
  publisher_id: idSchema,
  /** null for the publisher's own setup. */
  placement_id: idSchema.nullable().default(null),
  /** new refuses a scope that already has a setup (409); update refuses one that has none (404). */
  mode: z.enum(SETUP_MODES),
  video: videoConfigWriteSchema,
  display: z.object({ mobile: displayConfigWriteSchema, desktop: displayConfigWriteSchema }),
  session_id: sessionIdSchema.optional(),
});
export type SaveSetupBody = z.infer<typeof saveSetupBodySchema>;

const scopeFields = {
  id: z.number(),
  publisherId: z.number(),
  publisherName: z.string(),
  placementId: z.number().nullable(),
  placementName: z.string().nullable(),
  /** Seconds. */
  updated_at: z.number(),
};

/** A stored video config with its scope; unknown stored fields (the grid's) are passed through. */
export const videoConfigRowSchema = z.looseObject({
  ...videoConfigWriteSchema.shape,
  description: z.string().optional(),
  adManager: z.string().optional(),
  ...scopeFields,
  abTest: abTestSchema.nullable(),
});
export type VideoConfigRow = z.infer<typeof videoConfigRowSchema>;

export const displayConfigRowSchema = z.looseObject({
  ...displayConfigWriteSchema.shape,
  fallbackEnable: z.boolean().optional(),
  ...scopeFields,
  displayAdOptions: z.enum(['mobile', 'desktop']),
});
export type DisplayConfigRow = z.infer<typeof displayConfigRowSchema>;

/** The config response groups: publisher, display, placement, display placement. */
export const configGroupsSchema = z.object({
  publisher: z.array(videoConfigRowSchema),
  display: z.array(displayConfigRowSchema),
  placement: z.array(videoConfigRowSchema),
  displayPlacement: z.array(displayConfigRowSchema),
});
export type ConfigGroups = z.infer<typeof configGroupsSchema>;

export const monetizedPublisherSchema = z.object({ id: z.number(), name: z.string() });

export const AUDIT_ACTIONS = ['create', 'update', 'destroy'] as const;
/** The record kinds the audit screen offers as a filter (entries may hold others, matched as typed). */
export const AUDITABLE_TYPES = ['VideoConfig', 'DisplayConfig', 'Placement', 'Publisher'] as const;
/** The kinds whose update entries can be reverted: the configs the ad grid writes. */
export const REVERTIBLE_AUDITABLE_TYPES = ['VideoConfig', 'DisplayConfig'] as const;

/**
 * The audit list's period, in one of two forms:
 * - `from`: days back from now (the spec's call; 120 when nothing is sent);
 * - `start_date` (and optionally `end_date`), 'YYYY-MM-DD', with `time_zone` (IANA, UTC when absent):
 *   from the first instant of the start day to the last of the end day on that zone's wall clock, or up to
 *   now without an end date. This is what the screen sends: a picked day is a calendar day, which days
 *   back cannot express.
 */
export const auditQuerySchema = z
  .object({
    /** One-based. */
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per: z.coerce.number().int().min(1).max(100).default(TABLE_PAGE_SIZE_DEFAULT),
    /** Days back from now. */
    from: z.coerce.number().int().min(0).max(3650).optional(),
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
    time_zone: timeZoneSchema.optional(),
    publisher_id: idSchema.optional(),
    /** Only this user's changes (part of the e-mail, any case). */
    user: z.string().trim().min(1).max(200).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** The changed record's kind. */
    auditable_type: z.string().trim().min(1).max(50).optional(),
    /** Only the changes of one placement (of any publisher). */
    placement_id: idSchema.optional(),
    /** Only the changes that touched this field (as recorded: 'midrollTime', 'desktop.duration'). */
    field: z.string().trim().min(1).max(100).optional(),
    /** Words found in the user, publisher, placement, field or values. */
    q: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.start_date && query.from !== undefined)
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: messages.startDateWithFrom });
    if (!query.start_date) {
      for (const field of ['end_date', 'time_zone'] as const)
        if (query[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: messages.calendarNeedsStartDate });
    }
    if (query.start_date && query.end_date) {
      const [start, end] = [formatCalendarDate(query.start_date), formatCalendarDate(query.end_date)];
      if (end < start)
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: messages.endDateBeforeStart });
    }
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The most rows one export of the audit log holds (the newest first); docs/operations.md says so. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The audit export takes the list's filters, without its paging. */
export const auditExportQuerySchema = auditQuerySchema;

/** POST monetization_audit/:id/revert: set one field of the entry's record back to its value before it. */
export const auditRevertBodySchema = z.object({ field: z.string().trim().min(1).max(100) });
export type AuditRevertBody = z.infer<typeof auditRevertBodySchema>;
export const auditRevertParamsSchema = z.object({ id: idSchema });

/** The instants an audit query covers (see auditQuerySchema). */
export function auditRange(query: AuditQuery, now: Date = new Date()): InstantRange {
  if (query.start_date) return calendarRange(query.time_zone ?? 'UTC', query.start_date, query.end_date);
  const days = query.from ?? AUDIT_LOOK_BACK_DAYS;
  return { since: new Date(now.getTime() - days * 24 * 60 * 60 * 1000), until: null };
}

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  auditable_type: z.string(),
  associated_type: z.string().nullable(),
  /** ISO 8601. */
  date: z.string(),
  email: z.string(),
  publisher_id: z.number(),
  publisher_name: z.string(),
  placement_id: z.number().nullable(),
  placement_name: z.string().nullable(),
  field_name: z.string().nullable(),
  audited_changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ audits: z.array(auditEntrySchema), totalItems: z.number() });
export type AuditList = z.infer<typeof auditListSchema>;
