// The vertical tool's calls: the task lists (also the menu's pending-task total), a
// task's suggestions, the review actions (approve, reject, create, update), reels validity, Vertical
// View's programs, the render job status and the frame editor's edit-log entries.
import { z } from 'zod';
import { jobOutcomeSchema } from '../jobs.ts';
import {
  EDIT_LOG_ACTIONS,
  LOOK_BACK_DAYS,
  TABLE_PAGE_SIZE_DEFAULT,
  VERTICAL_BAD_QUALITY_REASONS,
  VERTICAL_CONTENT_TYPES,
  VERTICAL_SELECTED_TIME,
  VERTICAL_TASK_STATUSES,
} from '../constants.ts';
import { messages } from '../messages.ts';
import {
  KEYFRAME_FILE_LIMITS,
  keyframeFileSchema,
  validateKeyframeFile,
  type VideoFacts,
} from '../vertical/keyframe-file.ts';
import { cropTooSmallError } from '../vertical/crop-path.ts';
import { idSchema, searchTextSchema } from './common.ts';
import { lockedByFields } from './locks.ts';
import { PROGRAM_SEARCH_TYPES } from './programs.ts';

/** Fastify parses `a[]=1&a[]=2` into an array and a single `a[]=1` into a string: accept both. */
const arrayParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(50).optional(),
  );

/** Sort keys of the task lists (their columns); video_id breaks ties. */
export const VERTICAL_TASK_SORTS = [
  'updated_at',
  'created_at',
  'generated_at',
  'duration',
  'title',
  'channel',
  'publisher_name',
  'program_name',
  'external_program_id',
  'segment_id',
  'video_id',
  'highlight_id',
  'derivative_id',
] as const;
export type VerticalTaskSort = (typeof VERTICAL_TASK_SORTS)[number];

export const verticalTaskListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(1),
  per: z.coerce.number().int().min(0).max(100).default(25),
  /** Look-back in days. */
  from: z.coerce.number().int().min(1).max(3650).default(LOOK_BACK_DAYS),
  /** Other values pass through as given; they match no task. */
  status: z.string().trim().max(30).default('review'),
  content_type: z.enum(VERTICAL_CONTENT_TYPES).optional(),
  'sort_by[]': arrayParam(z.enum(VERTICAL_TASK_SORTS)),
  'order_dir[]': arrayParam(z.enum(['asc', 'desc'])),
  'group_ids[]': arrayParam(idSchema),
  'publisher_ids[]': arrayParam(idSchema),
  channel: z.string().trim().max(100).optional(),
  /** Title (substring), or exactly a video, highlight, segment or external program id. */
  free_query: searchTextSchema.optional(),
  /** programs.id: a program's segment tables. */
  program: idSchema.optional(),
});
export type VerticalTaskListQuery = z.infer<typeof verticalTaskListQuerySchema>;

export const verticalTaskSchema = z.object({
  video_id: z.number(),
  title: z.string(),
  publisher_id: z.number(),
  publisher_name: z.string(),
  channel: z.string().nullable(),
  program_id: z.number().nullable(),
  /** The program's name (highlight tasks). */
  program_name: z.string().nullable(),
  external_program_id: z.string().nullable(),
  segment_id: z.string().nullable(),
  highlight_id: z.number().nullable(),
  src_video_url: z.string(),
  video_url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  duration: z.number(),
  trimmed_duration: z.number().nullable(),
  /** Seconds: discovery. */
  created_at: z.number(),
  /** Seconds: algo suggestion / generation. */
  generated_at: z.number().nullable(),
  updated_at: z.number(),
  start_time: z.number().nullable(),
  end_time: z.number().nullable(),
  reviews: z.array(z.string()),
  reels_valid: z.boolean(),
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  status: z.string(),
  derivative_id: z.string().nullable(),
  /** 'queued' while a vertical render is on its way (review lists hide those), 'failed' after it gave up. */
  render_state: z.enum(['queued', 'failed']).nullable(),
  render_job_id: z.string().nullable(),
  render_error: z.string().nullable(),
  /** Issue 7 (not in the spec): who holds the task's lock now; the queue opens the next free task. */
  ...lockedByFields,
});
export type VerticalTask = z.infer<typeof verticalTaskSchema>;

export const verticalTaskListSchema = z.object({
  tasks: z.array(verticalTaskSchema),
  count: z.number(),
  pages: z.number(),
});

// ---------------------------------------------------------------- suggestions

export const verticalTaskDetailsQuerySchema = z.object({
  video_id: idSchema,
  /** When given, the task must be in this status (409 otherwise: it moved on). */
  status: z.enum(VERTICAL_TASK_STATUSES).optional(),
  /** When given, the task must be of this content type. */
  content_type: z.enum(VERTICAL_CONTENT_TYPES).optional(),
});
export type VerticalTaskDetailsQuery = z.infer<typeof verticalTaskDetailsQuerySchema>;

export const verticalFeedbackSchema = z.object({
  quality: z.enum(['', 'good']),
  reason: z.array(z.string()),
});
export type VerticalFeedback = z.infer<typeof verticalFeedbackSchema>;

export const SUGGESTION_ORIGINS = ['pipeline', 'console'] as const;

/** The spec's Suggestion; its id is vertical_content_id. Source 2 manual, 4 timed out, else algo. */
export const verticalSuggestionSchema = z.object({
  vertical_content_id: z.number(),
  video_id: z.number(),
  /** Seconds in the source. */
  start_time: z.number(),
  end_time: z.number(),
  source: z.number(),
  /**
   * Who made it: 'pipeline' (the highlight pipeline, or seeded) or 'console' (the console's own
   * reframing engine, made by "Suggest crop" or when a task arrives; one a task at most).
   */
  origin: z.enum(SUGGESTION_ORIGINS),
  active: z.boolean(),
  vertical_highlight_id: z.number().nullable(),
  keyframe_json_file: keyframeFileSchema.nullable(),
  /** Saves of the keyframe file so far (send it back with update to refuse a stale edit). */
  keyframe_version: z.number().nullable(),
  /** The latest rating of this suggestion, if any. */
  feedback: verticalFeedbackSchema.nullable(),
  /** Seconds. */
  created_at: z.number(),
});
export type VerticalSuggestion = z.infer<typeof verticalSuggestionSchema>;

/** Newest first; the review modal shows the first numberOfAlgoSuggestions (GET settings). */
export const verticalTaskDetailsSchema = z.array(verticalSuggestionSchema);

// ---------------------------------------------------------------- actions

/** Reasons of a bad rating: at least one, each from the spec's list. */
export const verticalReasonsSchema = z
  .array(z.enum(VERTICAL_BAD_QUALITY_REASONS), { error: messages.verticalFeedbackRequired })
  .min(1, messages.verticalFeedbackRequired)
  .max(VERTICAL_BAD_QUALITY_REASONS.length);

export const verticalApproveBodySchema = z.object({
  vertical_content_id: idSchema,
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  /** Approve needs quality 'good'; absent means the same. */
  quality: z.literal('good', { error: "Approve needs the quality 'good'" }).optional(),
});
export type VerticalApproveBody = z.infer<typeof verticalApproveBodySchema>;

export const verticalRejectBodySchema = z.object({
  video_id: idSchema,
  reason: verticalReasonsSchema,
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  /** The suggestion rated bad; the task's active (else newest) suggestion when absent. */
  vertical_content_id: idSchema.optional(),
});
export type VerticalRejectBody = z.infer<typeof verticalRejectBodySchema>;

/**
 * POST vertical_video/create and update as they travel: the keyframe file is checked by the server
 * with keyframeFileErrors (a 422 naming the field), not by the body schema (a 400).
 */
export const verticalEditRequestSchema = z.object({
  /** create: the suggestion the new one is made from; update: the suggestion saved. */
  vertical_content_id: idSchema,
  content_type: z.enum(VERTICAL_CONTENT_TYPES),
  keyframe: z.unknown(),
  /** Seconds in the source; full videos: the whole video. */
  start_time: z.number().min(0),
  end_time: z.number().min(0),
  reason: verticalReasonsSchema,
  /** update: the keyframe_version the editor loaded (409 when someone saved since). */
  keyframe_version: z.number().int().min(1).optional(),
});
/** The same body as the editor builds it (a valid keyframe file). */
export const verticalEditBodySchema = verticalEditRequestSchema.extend({ keyframe: keyframeFileSchema });
export type VerticalEditBody = z.infer<typeof verticalEditBodySchema>;

/** The server's refusals of the review actions (409 transitions, 422 rules); the web shows them as sent. */
export const verticalErrors = {
  notInReview: (videoId: number, status: string) =>
    `Video ${videoId} is no longer in review (it is ${status}): only a task in review can be approved, modified or rejected.`,
  renderQueued: (videoId: number) =>
    `A vertical render of video ${videoId} is already queued: wait for it to finish.`,
  statusChanged: (videoId: number, status: string) => `Video ${videoId} is ${status} now: reload the list.`,
  contentType: (videoId: number, contentType: string) =>
    `Video ${videoId} is of content type ${contentType}.`,
  noKeyframeFile: (suggestionId: number) => `Suggestion ${suggestionId} has no keyframe file to render.`,
  staleKeyframeFile: (suggestionId: number) =>
    `Suggestion ${suggestionId} was saved by someone else since you opened it. Reload it to see the latest version.`,
  sourceUnreadable: (videoId: number) => `The source video of video ${videoId} cannot be read.`,
  reelsNotFinished: (videoId: number) =>
    `Video ${videoId} is in review: reels validity is set on ready or rejected videos.`,
  outsideVideo: (duration: number) => `The time range must lie inside the video (0 to ${duration} s).`,
  wholeVideo: (duration: number) => `A full video is rendered whole: start_time 0 and end_time ${duration}.`,
  rangeMoved: 'The new time range no longer overlaps the suggestion: create a new suggestion instead.',
  notCovered: (first: number, last: number) => `must cover frames ${first}-${last}, the chosen time range`,
} as const;

/** A time range in seconds of the source. */
export interface TimeRange {
  start_time: number;
  end_time: number;
}

/**
 * The time-range rules of a render: a highlight's range lies inside the video and
 * lasts 5 to 12 s; a full video is rendered whole (within one frame). Null when the range is good.
 */
export function verticalTimeRangeError(
  contentType: (typeof VERTICAL_CONTENT_TYPES)[number],
  range: TimeRange,
  video: { durationSeconds: number; fps: number },
): string | null {
  const slack = Math.max(1 / video.fps, 0.01);
  const duration = Number(video.durationSeconds.toFixed(3));
  if (contentType === 'full_video') {
    const whole = range.start_time <= slack && Math.abs(range.end_time - video.durationSeconds) <= slack;
    return whole ? null : verticalErrors.wholeVideo(duration);
  }
  if (range.end_time > video.durationSeconds + slack || range.start_time >= range.end_time) {
    return verticalErrors.outsideVideo(duration);
  }
  const length = range.end_time - range.start_time;
  if (length < VERTICAL_SELECTED_TIME.minSeconds) return messages.selectedTimeTooShort;
  if (length > VERTICAL_SELECTED_TIME.maxSeconds) return messages.selectedTimeTooLong;
  return null;
}

/** The source frames a render of the range covers: first to last, inclusive. */
export function framesOfRange(range: TimeRange, video: { fps: number; frameCount: number }) {
  const last = video.frameCount - 1;
  const first = Math.min(Math.max(Math.round(range.start_time * video.fps), 0), last);
  return { first, last: Math.min(Math.max(Math.round(range.end_time * video.fps) - 1, first), last) };
}

/**
 * The problems of a keyframe file sent for a video, each as '<field>: <message>' with the field as
 * named in the request ('keyframe.groups.1.start_frame'); first the shape, then the checks against the
 * video (its size and frame count, and its frame rate when known). Empty when the file is good.
 */
export function keyframeFileErrors(
  keyframe: unknown,
  video: VideoFacts & { fps: number },
  frames?: { first: number; last: number },
  /**
   * The file is about to be rendered (create, update): a crop the render would enlarge more than 2x is
   * refused. Suggestions arriving from a pipeline are taken as they are; the editor warns on them.
   */
  options: { rendered?: boolean } = {},
): string[] {
  const parsed = keyframeFileSchema.safeParse(keyframe);
  const named = (field: string, message: string) => `keyframe${field ? `.${field}` : ''}: ${message}`;
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => named(issue.path.join('.'), issue.message));
  }
  const file = parsed.data;
  const errors = validateKeyframeFile(file, video).map((p) => named(p.field, p.message));
  if (Math.abs(file.fps - video.fps) > 0.01) {
    errors.unshift(named('fps', `must be the video's frame rate (${Number(video.fps.toFixed(3))})`));
  }
  const firstGroup = file.groups[0];
  const lastGroup = file.groups[file.groups.length - 1];
  if (
    frames &&
    firstGroup &&
    lastGroup &&
    (firstGroup.start_frame > frames.first || lastGroup.end_frame < frames.last)
  ) {
    errors.push(named('groups', verticalErrors.notCovered(frames.first, frames.last)));
  }
  if (options.rendered && errors.length === 0 && firstGroup && lastGroup) {
    // A crop the render would enlarge too much is refused here already, with the frame at fault.
    const tooSmall = cropTooSmallError(
      file,
      frames?.first ?? firstGroup.start_frame,
      frames?.last ?? lastGroup.end_frame,
    );
    if (tooSmall) errors.push(named('groups', tooSmall));
  }
  return errors;
}

/** 202 of approve, create and update: the task (render queued) and its vertical-render job. */
export const verticalRenderStartedSchema = z.object({
  task: verticalTaskSchema,
  job_id: z.string(),
  /** The suggestion being rendered (create: the new one). */
  vertical_content_id: z.number(),
});
export type VerticalRenderStarted = z.infer<typeof verticalRenderStartedSchema>;

export const verticalTaskResultSchema = z.object({ task: verticalTaskSchema });

/**
 * POST vertical_video/render/retry (not in the spec): renders again a task whose render failed, was
 * skipped or was lost. render_job_id is the failed render the caller saw: a task whose render changed
 * since is refused (409), and a second click while the retry is queued answers the same job.
 */
export const verticalRenderRetryBodySchema = z.object({
  video_id: idSchema,
  render_job_id: z.string().min(1).max(200),
});
export type VerticalRenderRetryBody = z.infer<typeof verticalRenderRetryBodySchema>;

export const reelsUpdateBodySchema = z.object({ id: idSchema, valid: z.boolean() });
export const reelsUpdateResultSchema = z.object({ tasks: z.array(verticalTaskSchema) });

// ---------------------------------------------------------------- Vertical View programs

export const VERTICAL_PROGRAM_SORTS = ['start_date', 'title', 'program_id', 'channel'] as const;
export type VerticalProgramSort = (typeof VERTICAL_PROGRAM_SORTS)[number];

export const verticalProgramListQuerySchema = z.object({
  /** Programs holding at least one task of this status discovered within the look-back. */
  status: z.enum(VERTICAL_TASK_STATUSES).default('ready'),
  /** Blank lists every program; program_title is a substring of the name, program_id exact. */
  search_text: searchTextSchema.optional(),
  search_type: z.enum(PROGRAM_SEARCH_TYPES).default('program_title'),
  sort_by: z.enum(VERTICAL_PROGRAM_SORTS).default('start_date'),
  order_by: z.enum(['asc', 'desc']).default('desc'),
  /** One-based. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per: z.coerce.number().int().min(1).max(1000).default(TABLE_PAGE_SIZE_DEFAULT),
  /** Look-back in days. */
  from: z.coerce.number().int().min(1).max(3650).default(LOOK_BACK_DAYS),
});
export type VerticalProgramListQuery = z.infer<typeof verticalProgramListQuerySchema>;

export const verticalProgramSchema = z.object({
  /** programs.id: the program route's id and vertical_tasks?program=. */
  id: z.number(),
  /** The Program ID column: the broadcaster's id, else the console's. */
  program_id: z.string(),
  title: z.string(),
  channel: z.string(),
  external_program_id: z.string().nullable(),
  /** Seconds. */
  start_date: z.number(),
});
export type VerticalProgram = z.infer<typeof verticalProgramSchema>;

export const verticalProgramListSchema = z.object({
  programs: z.array(verticalProgramSchema),
  count: z.number(),
  pages: z.number(),
});

// ---------------------------------------------------------------- the console's crop suggestion

/**
 * POST vertical_video/suggest_crop (not in the spec): the console's reframing engine suggests a crop of
 * the task, stored as its console suggestion (origin 'console') beside the pipeline's. With start_frame
 * and end_frame (one shot, e.g. a group of the editor) only that span of the console suggestion is
 * planned again; without them the task's whole range is.
 */
export const verticalSuggestCropBodySchema = z
  .object({
    video_id: idSchema,
    start_frame: z.number().int().min(0).max(KEYFRAME_FILE_LIMITS.maxFrame).optional(),
    end_frame: z.number().int().min(0).max(KEYFRAME_FILE_LIMITS.maxFrame).optional(),
  })
  .refine((b) => (b.start_frame === undefined) === (b.end_frame === undefined), {
    message: messages.suggestCropSpanPair,
    path: ['end_frame'],
  })
  .refine((b) => b.start_frame === undefined || b.end_frame === undefined || b.end_frame >= b.start_frame, {
    message: messages.suggestCropSpanOrder,
    path: ['end_frame'],
  });
export type VerticalSuggestCropBody = z.infer<typeof verticalSuggestCropBodySchema>;

/** 202 of suggest_crop: the job (its progress is pushed as job_progress of queue 'vertical-reframe'). */
export const verticalSuggestCropStartedSchema = z.object({ job_id: z.string() });

export const suggestCropJobParamsSchema = z.object({ jobId: z.string().min(1).max(200) });
/** GET vertical_video/suggest_crop/:jobId. */
export const suggestCropJobStatusSchema = z.object({
  state: z.enum(['queued', 'active', 'completed', 'failed']),
  /** 0-100. */
  progress: z.number(),
  /** The console suggestion written, once completed. */
  vertical_content_id: z.number().nullable(),
  /** Set whenever state is 'failed'. */
  error: z.string().nullable(),
});
export type SuggestCropJobStatus = z.infer<typeof suggestCropJobStatusSchema>;

// ---------------------------------------------------------------- render jobs

export const renderJobParamsSchema = z.object({ jobId: z.string().min(1).max(200) });
export const RENDER_JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export const renderJobStatusSchema = z.object({
  state: z.enum(RENDER_JOB_STATES),
  /** 0-100. */
  progress: z.number(),
  /** The vertical MP4 (extension-less like every video_url) once completed. */
  video_url: z.string().nullable(),
  /** Set whenever state is 'failed'. */
  error: z.string().nullable(),
  /** What the render really came to: done only with an MP4 that exists, skipped with why. */
  outcome: jobOutcomeSchema,
});
export type RenderJobStatus = z.infer<typeof renderJobStatusSchema>;

// ---------------------------------------------------------------- edit log (audit_log/create)

/** The object_type of frame-editor entries: also stored in edit_log. */
export const EDIT_LOG_OBJECT_TYPE = 'vertical_video';

/** A logged value as text: MODIFY_KEYFRAME's new value is the x,y pair ('120,40'). */
const logValue = z
  .union([z.string().max(2000), z.number(), z.array(z.number()).max(8), z.null()])
  .transform((v) => (v === null ? null : Array.isArray(v) ? v.join(',') : String(v)));
const optionalInt = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().default(null);

/** The spec's edit log entry, the payload of an audit_log/create with object_type vertical_video. */
export const editLogEntrySchema = z.object({
  frame: optionalInt,
  action: z.enum(EDIT_LOG_ACTIONS),
  old_value: logValue.default(null),
  new_value: logValue.default(null),
  /** Milliseconds. */
  timestamp: z.number().int().min(0).max(8.64e15),
  object_id: optionalInt,
  vertical_video_id: idSchema,
  group_id: optionalInt,
});
export type EditLogEntryPayload = z.infer<typeof editLogEntrySchema>;
