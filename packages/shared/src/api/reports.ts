// Bulk reports (the spec's screen, rules, calls and messages): XLSX workbooks kept by the product, filled
// with the chosen publishers' configurations by a report-fill job and read back by a report-update job.
//
// - POST bulk-update/workbooks -> 201 Workbook (a new empty workbook: its id is the spreadsheet id)
// - POST bulk-update/workbooks/upload (multipart, field `file`) -> 201 Workbook (an edited workbook)
// - GET bulk-update/workbooks/{external_id}/link -> { link } (a fresh download link)
// - POST bulk-update/fill {external_id, publisher_ids, group_ids} -> 202 ReportStarted (report-fill)
// - POST bulk-update/preview {external_id} -> ReportPreview (what the workbook would change; writes nothing)
// - POST bulk-update/submit {external_id, preview_id?, apply_rest?} -> 202 ReportStarted (report-update;
//   with a preview id it applies exactly the previewed changes)
// - GET bulk-update/history -> PopulatedWorkbook[] (the caller's populated workbooks, newest first)
// - GET bulk-update/history/{id}/file -> the XLSX as it was populated
// - GET bulk-update/jobs/{job_id} -> ReportStatus
// - The spec's own paths, the same jobs answered once they end, at the top level:
//   POST bulk-update/fill/ and bulk-update-json/fill/ -> {success, link, errors};
//   POST bulk-update-json/submit {external_id} and GET bulk-update/submit?external_id -> {success, link: null, errors}
// - GET /files/workbooks/{token} -> the XLSX (no session: the token is the permission, short-lived)
import { z } from 'zod';
import { PUBLISHER_MULTISELECT_MAX } from '../constants.ts';
import { GRID_TAB_LABELS, GRID_TABS, type GridTab } from '../monetization/grid-rules.ts';
import { idSchema } from './common.ts';

/** A spreadsheet id: 128 random bits, base64url (22 characters); anything else is no workbook of ours. */
export const externalIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'Spreadsheet id is not valid');

/** Fill and submit bodies are checked by the handler so that a missing input answers 'missing inputs'. */
export const reportFillBodySchema = z.object({
  external_id: z.string().max(100).optional(),
  publisher_ids: z.array(idSchema).max(PUBLISHER_MULTISELECT_MAX).default([]),
  /** A group picker row stands for every publisher of the group. */
  group_ids: z.array(idSchema).max(PUBLISHER_MULTISELECT_MAX).default([]),
});
export type ReportFillBody = z.infer<typeof reportFillBodySchema>;

export const reportSubmitBodySchema = z.object({
  external_id: z.string().max(100).optional(),
  /** The preview the admin confirmed: its changes are applied as shown, the workbook is not read again. */
  preview_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** With conflicting or refused rows: apply the other rows (otherwise nothing of the batch is written). */
  apply_rest: z.boolean().default(false),
});
export type ReportSubmitBody = z.infer<typeof reportSubmitBodySchema>;

export const reportPreviewBodySchema = z.object({ external_id: z.string().max(100).optional() });

/** One changed cell of a preview, values as the workbook shows them ('' for empty). */
export const reportPreviewFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  current: z.string(),
  next: z.string(),
  /** The grid's message when this value breaks a rule, else null. */
  error: z.string().nullable(),
});

export const REPORT_PREVIEW_STATUSES = ['change', 'conflict', 'refused'] as const;
export const reportPreviewRowSchema = z.object({
  key: z.string(),
  tab: z.enum(GRID_TABS),
  label: z.string(),
  publisher: z.string(),
  placement: z.string().nullable(),
  platform: z.string().nullable(),
  status: z.enum(REPORT_PREVIEW_STATUSES),
  /** Why a row is refused or conflicts (who changed it, when and what, for a conflict). */
  reasons: z.array(z.string()),
  fields: z.array(reportPreviewFieldSchema),
});
export type ReportPreviewRow = z.infer<typeof reportPreviewRowSchema>;

export const reportPreviewSchema = z.object({
  preview_id: z.number(),
  external_id: z.string(),
  rows: z.array(reportPreviewRowSchema),
  /** Rows of the workbook that cannot be applied at all (a key naming no configuration). */
  errors: z.array(z.string()),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

/** What a confirmed update applied, and what it did not and why. */
export const reportOutcomeSchema = z.object({
  applied: z.array(z.object({ key: z.string(), label: z.string(), fields: z.array(z.string()) })),
  not_applied: z.array(z.object({ key: z.string(), label: z.string(), reason: z.string() })),
});

export const populatedWorkbookSchema = z.object({
  id: z.number(),
  external_id: z.string(),
  created_at: z.string(),
  publishers: z.array(z.string()),
  size: z.number(),
});
export type PopulatedWorkbook = z.infer<typeof populatedWorkbookSchema>;
export const populatedWorkbookParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** How many populated workbooks each admin keeps, and for how long. */
export const POPULATED_WORKBOOKS_KEPT = 50;
export const POPULATED_WORKBOOKS_DAYS = 90;

export const workbookSchema = z.object({ external_id: z.string(), version: z.number() });
export type Workbook = z.infer<typeof workbookSchema>;

export const workbookParamsSchema = z.object({ external_id: externalIdSchema });
export const workbookLinkSchema = z.object({ link: z.string() });

export const reportStartedSchema = z.object({ job_id: z.string() });

export const reportJobParamsSchema = z.object({
  // The request id is a PostgreSQL integer: nine digits at most stay inside its range.
  job_id: z.string().regex(/^report-(fill|update)-[1-9]\d{0,8}$/),
});

export const REPORT_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export const reportStatusSchema = z.object({
  kind: z.enum(['fill', 'update']),
  state: z.enum(REPORT_STATES),
  progress: z.number(),
  /** The workbook's download link once a fill completed, else null. */
  link: z.string().nullable(),
  /** One entry per bad row of an update (the screen toasts each), or the failure of a fill. */
  errors: z.array(z.string()),
  /** Records an update changed. */
  changed: z.number(),
  /** An update's rows: applied, and not applied with why (empty until it ends, and for a fill). */
  applied: reportOutcomeSchema.shape.applied,
  not_applied: reportOutcomeSchema.shape.not_applied,
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** A filled workbook has one sheet per grid tab, named as the tab. */
export const REPORT_SHEETS: readonly { tab: GridTab; name: string }[] = GRID_TABS.map((tab) => ({
  tab,
  name: GRID_TAB_LABELS[tab],
}));

/** The first columns of every sheet: the row's key (what the update applies to) and who it is. */
export const REPORT_ID_COLUMNS = ['Key', 'Publisher', 'Placement', 'Platform'] as const;
/**
 * The hidden last column of a populated workbook: each row's version as it was read, so an update from
 * a workbook older than a later save is refused for that row instead of putting the old values back.
 */
export const REPORT_VERSION_COLUMN = 'Version';

/** The download route of a workbook token (outside the editor API: opened in a new tab). */
export const workbookDownloadPath = (token: string) => `/files/workbooks/${token}`;

/** How long a download link works. */
export const WORKBOOK_LINK_TTL_MS = 60 * 60 * 1000;

/** Largest workbook accepted by the upload. */
export const WORKBOOK_MAX_BYTES = 5 * 1024 * 1024;
