// The ingest API: how the highlight pipeline feeds the console. Every write is an
// idempotent PUT by the pipeline's external id, or a batch of them in one transaction. The server
// validates every body with these schemas; docs/ingest.md describes them with examples.
import { z } from 'zod';
import { VERTICAL_CONTENT_TYPES } from '../constants.ts';
import { MEDIA_URL_PREFIX } from '../media-url.ts';
import {
  ingestBatchTooLarge,
  ingestDuplicateExternalId,
  ingestUnknownReference,
  messages,
} from '../messages.ts';
import { KEYFRAME_FILE_LIMITS } from '../vertical/keyframe-file.ts';

export const INGEST_PREFIX = '/api/ingest/v1';

/** Service tokens: a recognisable prefix (secret scanners, logs) and 256 random bits. */
export const SERVICE_TOKEN_PREFIX = 'hcs_';

/** Items of one batch, all kinds together: one transaction must stay short. */
export const INGEST_BATCH_MAX_ITEMS = 500;
/** Suggestions of one vertical task, and highlights of one program's membership. */
export const INGEST_MAX_SUGGESTIONS = 20;
export const INGEST_MAX_PROGRAM_HIGHLIGHTS = 1000;

/** The refusals of the ingest API (401, 400, 422); the wording lives in the message catalogue. */
export const ingestErrors = {
  tokenRequired: messages.ingestTokenRequired,
  externalId: messages.ingestExternalId,
  mediaRemote: messages.ingestMediaRemote,
  mediaPath: messages.ingestMediaPath,
  unknownArticle: (externalId: string) => ingestUnknownReference('article', externalId),
  unknownHighlight: (externalId: string) => ingestUnknownReference('highlight', externalId),
  unknownProgram: (externalId: string) => ingestUnknownReference('program', externalId),
  duplicateExternalId: ingestDuplicateExternalId,
  batchTooLarge: ingestBatchTooLarge,
  /** A 422 of one item of a batch names where it is. */
  inItem: (kind: string, index: number, message: string) => `${kind}.${index}: ${message}`,
} as const;

// ---------------------------------------------------------------- building blocks

export const externalIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, ingestErrors.externalId);
export const externalIdParamsSchema = z.object({ external_id: externalIdSchema });

const REMOTE = /^[a-z][a-z0-9+.-]*:/i;
const SAFE_PATH = /^[A-Za-z0-9_][A-Za-z0-9_.\- /]*$/;

/**
 * A media file of the console's store (DATA_DIR/media): a relative path, or the /media/ URL the API
 * itself answers with (stored as its path). Remote URLs are refused: nothing is fetched in a request.
 */
export const mediaRefSchema = z
  .string()
  .trim()
  .max(500)
  .transform((value, ctx) => {
    if (REMOTE.test(value) || value.startsWith('//')) {
      ctx.addIssue({ code: 'custom', message: ingestErrors.mediaRemote });
      return z.NEVER;
    }
    let path = value;
    if (path.startsWith(MEDIA_URL_PREFIX)) {
      try {
        path = path.slice(MEDIA_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
      } catch {
        path = '';
      }
    }
    const segments = path.split('/');
    if (!SAFE_PATH.test(path) || segments.some((s) => s === '' || s === '.' || s === '..')) {
      ctx.addIssue({ code: 'custom', message: ingestErrors.mediaPath });
      return z.NEVER;
    }
    return path;
  });

const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const titleSchema = z.string().trim().min(1).max(500);
const timestampSchema = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
/** Counts of the highlights table: -1 means unknown (shown as N/A). */
const countSchema = z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER);
/** A click-through rate as a fraction (0.012 = 1.2%); null when unknown. */
const ctrSchema = z.number().min(0).max(1).nullable();

// ---------------------------------------------------------------- bodies

export const ingestArticleSchema = z.object({
  title: titleSchema,
  url: httpUrlSchema,
  featured: z.boolean().default(false),
  /** Puts a new article in the Auto Highlight Review queue; reviewers own the status afterwards. */
  needs_review: z.boolean().default(false),
  /** Defaults to the time of the first ingest. */
  created_at: timestampSchema.optional(),
});
export type IngestArticle = z.infer<typeof ingestArticleSchema>;

export const highlightMetricsSchema = z.object({
  non_uniq_regular_impressions: countSchema.default(0),
  non_uniq_regular_clicks: countSchema.default(0),
  /** Omitted: clicks / impressions when both are known and impressions > 0, else null. */
  regular_ctr: ctrSchema.optional(),
  non_uniq_ia_impressions: countSchema.default(0),
  non_uniq_ia_clicks: countSchema.default(0),
  ia_ctr: ctrSchema.optional(),
});
export type HighlightMetrics = z.infer<typeof highlightMetricsSchema>;

export const ingestHighlightSchema = z.object({
  article_external_id: externalIdSchema,
  title: titleSchema,
  category: z.string().trim().min(1).max(100).nullable().default(null),
  link: httpUrlSchema,
  published_at: timestampSchema,
  video: mediaRefSchema,
  thumbnail: mediaRefSchema,
  gif: mediaRefSchema.nullable().default(null),
  duration_seconds: z.number().positive().max(86_400),
  recommendation_score: z.number().min(0).max(1_000_000).default(0),
  /** Front page and article page switches: set when given, otherwise left as editors set them. */
  article_active: z.boolean().optional(),
  ia_article_active: z.boolean().optional(),
  metrics: highlightMetricsSchema.default({
    non_uniq_regular_impressions: 0,
    non_uniq_regular_clicks: 0,
    non_uniq_ia_impressions: 0,
    non_uniq_ia_clicks: 0,
  }),
});
export type IngestHighlight = z.infer<typeof ingestHighlightSchema>;

export const ingestProgramSchema = z.object({
  name: titleSchema,
  channel: z.string().trim().min(1).max(200),
  start_time: timestampSchema,
});
export type IngestProgram = z.infer<typeof ingestProgramSchema>;

export const ingestProgramHighlightSchema = z.object({
  highlight_external_id: externalIdSchema,
  segment_id: z.string().trim().min(1).max(100),
  type: z.string().trim().min(1).max(100),
});

/** The program's whole membership: listed highlights are kept or added, unlisted ingested ones removed. */
export const ingestProgramHighlightsSchema = z.object({
  highlights: z
    .array(ingestProgramHighlightSchema)
    .max(INGEST_MAX_PROGRAM_HIGHLIGHTS)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.highlight_external_id)) {
          ctx.addIssue({
            code: 'custom',
            message: ingestErrors.duplicateExternalId(item.highlight_external_id),
          });
        }
        seen.add(item.highlight_external_id);
      }
    }),
});
export type IngestProgramHighlights = z.infer<typeof ingestProgramHighlightsSchema>;

export const ingestSuggestionSchema = z.object({
  external_id: externalIdSchema,
  /** Seconds in the source video. */
  start_time: z.number().min(0),
  end_time: z.number().min(0),
  /** 2 manual, 4 timed out, anything else algo (as the vertical tool reads it). */
  source: z.number().int().min(0).max(99).default(1),
  active: z.boolean().default(false),
  /**
   * The keyframe file. Its shape and its fit to the source are checked against the
   * task's source with the vertical tool's own rules (a 422 naming the field), as the editor's saves are.
   */
  keyframe: z.unknown(),
});
export type IngestSuggestion = z.infer<typeof ingestSuggestionSchema>;

export const ingestVerticalTaskSchema = z.object({
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  title: titleSchema,
  channel: z.string().trim().min(1).max(200).nullable().default(null),
  /** A highlight task's program (by its external id) and segment. */
  program_external_id: externalIdSchema.nullable().default(null),
  segment_id: z.string().trim().min(1).max(100).nullable().default(null),
  /** The horizontal source and its facts; keyframe files are checked against them, renders use them. */
  source: z.object({
    video: mediaRefSchema,
    thumbnail: mediaRefSchema.nullable().default(null),
    duration_seconds: z.number().positive().max(86_400),
    width: z.number().int().min(KEYFRAME_FILE_LIMITS.minSize).max(KEYFRAME_FILE_LIMITS.maxSize),
    height: z.number().int().min(KEYFRAME_FILE_LIMITS.minSize).max(KEYFRAME_FILE_LIMITS.maxSize),
    fps: z.number().min(1).max(KEYFRAME_FILE_LIMITS.maxFps),
    /** Defaults to round(duration x fps). */
    frame_count: z.number().int().min(1).max(KEYFRAME_FILE_LIMITS.maxFrame).optional(),
  }),
  /** When the algorithm made its suggestions; defaults to the time of the first ingest. */
  generated_at: timestampSchema.optional(),
  /**
   * Upserted by their external ids; suggestions missing from a later PUT are kept (reviewers' work).
   * None: the console's reframing engine suggests a crop of the task when it arrives.
   */
  suggestions: z
    .array(ingestSuggestionSchema)
    .max(INGEST_MAX_SUGGESTIONS)
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.external_id)) {
          ctx.addIssue({ code: 'custom', message: ingestErrors.duplicateExternalId(item.external_id) });
        }
        seen.add(item.external_id);
      }
    }),
});
export type IngestVerticalTask = z.infer<typeof ingestVerticalTaskSchema>;

const withExternalId = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.extend({ external_id: externalIdSchema });

export const ingestBatchSchema = z
  .object({
    articles: z.array(withExternalId(ingestArticleSchema)).default([]),
    highlights: z.array(withExternalId(ingestHighlightSchema)).default([]),
    programs: z.array(withExternalId(ingestProgramSchema)).default([]),
    program_highlights: z
      .array(ingestProgramHighlightsSchema.extend({ program_external_id: externalIdSchema }))
      .default([]),
    vertical_tasks: z.array(withExternalId(ingestVerticalTaskSchema)).default([]),
  })
  .superRefine((batch, ctx) => {
    const items =
      batch.articles.length +
      batch.highlights.length +
      batch.programs.length +
      batch.program_highlights.length +
      batch.vertical_tasks.length;
    if (items > INGEST_BATCH_MAX_ITEMS) {
      ctx.addIssue({ code: 'custom', message: ingestErrors.batchTooLarge(INGEST_BATCH_MAX_ITEMS) });
    }
  });
export type IngestBatch = z.infer<typeof ingestBatchSchema>;

// ---------------------------------------------------------------- answers

/** created: the row is new; changed: something was written (false for a repeat of the same body). */
export const ingestResultSchema = z.object({ id: z.number(), created: z.boolean(), changed: z.boolean() });
export type IngestResult = z.infer<typeof ingestResultSchema>;

const batchItemResultSchema = ingestResultSchema.extend({ external_id: z.string() });
export const ingestBatchResultSchema = z.object({
  articles: z.array(batchItemResultSchema),
  highlights: z.array(batchItemResultSchema),
  programs: z.array(batchItemResultSchema),
  program_highlights: z.array(batchItemResultSchema),
  vertical_tasks: z.array(batchItemResultSchema),
});
export type IngestBatchResult = z.infer<typeof ingestBatchResultSchema>;
