// Top Videos packages, categories, audit log, syndication and post-on-google calls (the spec's fields and
// calls; syndication screen). Field names are the spec's; validation rules come from ../validation.ts.
import { z } from 'zod';
import { ALIAS_MAX_LENGTH, MAX_PER_PAGE, PACKAGE_MAX_HIGHLIGHTS, PACKAGE_STATUSES } from '../constants.ts';
import { idSchema, searchTextSchema } from './common.ts';
import { highlightSchema } from './highlights.ts';

export const PACKAGE_TYPES = ['auto', 'user'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** The package id of the URL and embed code: a short token under 10 characters. */
export const embedIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,9}$/, 'package id must be a short token');
export const embedIdParamsSchema = z.object({ id: embedIdSchema });

export const packageHighlightSchema = z.object({ id: z.number(), title: z.string() });
export type PackageHighlight = z.infer<typeof packageHighlightSchema>;

export const packageSchema = z.object({
  embed_id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  package_type: z.enum(PACKAGE_TYPES),
  category: z.string().nullable(),
  status: z.enum(PACKAGE_STATUSES),
  highlights: z.array(
    packageHighlightSchema.extend({
      /** The highlight's own data, for previews and the editor's middle column. */
      thumbnail: z.string(),
      video_url: z.string(),
      duration: z.number(),
      category: z.string().nullable(),
      original_title: z.string(),
    }),
  ),
  sequence: z.string(),
  max_ads: z.number(),
  tvInvalidHlts: z.array(z.number()),
  /** Seconds. */
  created_at: z.number(),
  updated_at: z.number(),
  num_videos: z.number(),
  /** Seconds: the sum of the highlights' durations. */
  duration: z.number(),
  package_clicks: z.number(),
  package_impressions: z.number(),
  package_ctr: z.number().nullable(),
  package_iab_impressions: z.number(),
  package_iab_ctr: z.number().nullable(),
});
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_SORT_COLUMNS = [
  'updated_at',
  'created_at',
  'name',
  'package_clicks',
  'package_impressions',
] as const;

/** GET packages: every parameter is optional so a bare call lists the first page. */
export const packageListQuerySchema = z.object({
  q: searchTextSchema.optional(),
  type: z.enum(['all', ...PACKAGE_TYPES]).default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(10),
  order_by: z
    .templateLiteral([z.enum(PACKAGE_SORT_COLUMNS), '_', z.enum(['asc', 'desc'])])
    .default('updated_at_desc'),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

/** GET packages/export.csv and syndication/export.csv: the list's filters and sort, every page. */
export const packageExportQuerySchema = packageListQuerySchema.omit({ page: true, per: true });

export const packageListSchema = z.object({ packages: z.array(packageSchema), count: z.number() });

/** GET packages/{id}: status=Draft fetches a draft (suggestion) package when publisherId is present. */
export const packageGetQuerySchema = z.object({
  status: z.enum(PACKAGE_STATUSES).optional(),
  publisherId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** PUT packages/{id}: an admin publishing another publisher's suggestion names that publisher. */
export const packagePutQuerySchema = packageGetQuerySchema.pick({ publisherId: true });

const highlightRefSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  title: z.string().trim().min(1).max(300),
});

/** POST packages and the full form of PUT packages/{id}. Rules are checked again on the server. */
export const packageWriteSchema = z.object({
  name: z.string().max(200),
  alias: z.string().max(ALIAS_MAX_LENGTH).nullable().optional(),
  highlights: z.array(highlightRefSchema).max(PACKAGE_MAX_HIGHLIGHTS * 4),
  sequence: z.string().max(500).default(''),
  tvInvalidHlts: z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(1000)
    .default([]),
  package_type: z.enum(PACKAGE_TYPES).default('user'),
  category: z.string().max(100).nullable().optional(),
  /** Saving a draft or suggestion publishes it. */
  status: z.enum(PACKAGE_STATUSES).optional(),
  /** Seconds: the version the editor loaded; a newer one on the server is a 409. */
  updated_at: z.number().int().optional(),
});
export type PackageWrite = z.infer<typeof packageWriteSchema>;

/** PUT packages/{id} with only a status: archive, reject, activate or deactivate. */
export const packageStatusWriteSchema = z.object({
  status: z.enum(PACKAGE_STATUSES),
  updated_at: z.number().int().optional(),
});

/**
 * PUT packages/{id} body: only {status, updated_at?} is a status change; anything else is a full write.
 * The status form is strict so a full write missing a field is never mistaken for a status change.
 */
export const packageUpdateSchema = z.union([packageStatusWriteSchema.strict(), packageWriteSchema]);
export type PackageUpdate = z.infer<typeof packageUpdateSchema>;

export const categorySchema = z.object({ id: z.number(), name: z.string() });

/** Fastify parses `a[]=1&a[]=2` into an array and a single `a[]=1` into a string: accept both. */
const arrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).min(1).max(50),
  );

/** GET external_resources: the caller's highlights still holding resources of a type, newest first. */
export const externalResourceQuerySchema = z.object({
  type: z.string().trim().min(1).max(30).default('pog'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
});
/** GET external_resources/export.csv: the resource type and, like the screen's ?hlts=, chosen highlights. */
export const externalResourceExportQuerySchema = externalResourceQuerySchema
  .omit({ page: true, per: true })
  .extend({
    hlts: z
      .string()
      .max(2000)
      .regex(/^\d{1,12}(,\d{1,12}){0,199}$/)
      .optional(),
  });

/** count is capped like the highlight list's (SEARCH_RESULT_LIMIT + 1). */
export const externalResourceListSchema = z.object({
  highlights: z.array(highlightSchema),
  count: z.number(),
});

/** GET external_resources/publish: the spec's "GET to a fixed path publishes a post-on-google action". */
export const externalResourcePublishQuerySchema = z.object({
  highlight_id: idSchema,
  'resource_ids[]': arrayParam(z.string().trim().min(1).max(200)),
});
export const externalResourcePublishResultSchema = z.object({
  highlight_id: z.number(),
  /** The resources still to publish; an empty list drops the highlight from the view. */
  resources: highlightSchema.shape.resources,
});

/** GET /embed/v1/packages/{embed_id}?account={publisher_id}: the public showreel data. */
export const embedPackageQuerySchema = z.object({ account: idSchema });
export const embedPackageParamsSchema = z.object({ embedId: embedIdSchema });
export const embedPackageSchema = z.object({
  embed_id: z.string(),
  name: z.string(),
  highlights: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      /** Absolute MP4 URL. */
      video_url: z.string(),
      /** Absolute image URL. */
      thumbnail: z.string(),
    }),
  ),
});
export type EmbedPackage = z.infer<typeof embedPackageSchema>;
