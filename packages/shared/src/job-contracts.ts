// Job payloads, ids, options and results: what the server enqueues and the worker processes, agreed in
// one place both import (queue names are in queues.ts, which the web reads too; this module uses
// node:crypto and is for Node only). Payloads carry ids, never secrets; job ids are derived from the
// input so that a repeated enqueue is the same job.
import { createHash } from 'node:crypto';

/**
 * Added to the data of every job the server enqueues (infra/job-queue.ts): the id of the HTTP request
 * that asked for it, which the worker's log lines of the job carry as `requestId`. Absent for scheduled
 * jobs. Not named requestId in the data: report jobs already have that field (their spreadsheets row).
 */
export interface TracedJob {
  httpRequestId?: string;
}

export interface MaintenanceJobs {
  /** Deletes ended sessions and login attempts older than the retention. */
  'purge-expired-sessions': { loginAttemptRetentionDays: number };
  /** Deletes story-highlight archives older than the days given, and temp files a killed job left. */
  'purge-story-archives': { maxAgeDays: number };
}

/** Gathers the highlight MP4s of one story version into one ZIP on the media store. */
export interface StoryHighlightsZipJob {
  storyId: number;
  publisherId: number;
  /** The story's updated_at in ms when asked: the version the job id names. */
  version: number;
  /**
   * The console user who started the job: its live progress goes to their room. Jobs
   * queued before it have none and are simply not reported.
   */
  userId?: number;
}

/** The same story version is the same job: asking twice neither queues nor zips a second time. */
export const storyHighlightsZipJobId = (storyId: number, updatedAt: Date) =>
  `story-${storyId}-${updatedAt.getTime()}`;

/** The media-store folder of a publisher's story archives (temp files sit beside the archives). */
export const storyHighlightsArchiveDir = (publisherId: number) => `archives/story-highlights/${publisherId}`;

/** How long a story-highlights archive is kept; its job is kept as long, so a repeated ask finds it. */
export const STORY_ARCHIVE_RETENTION_DAYS = 7;

/** Retries with backoff; finished jobs are kept as long as their archives (same id, same link). */
export const STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: STORY_ARCHIVE_RETENTION_DAYS * 24 * 3600 },
  removeOnFail: { age: STORY_ARCHIVE_RETENTION_DAYS * 24 * 3600 },
} as const;

/**
 * Renders one vertical MP4 (a step of the vertical task's lifecycle): crops the task's source video to the
 * keyframe file's output size following its keyframes, trims highlights to start/end, and marks the task
 * ready. Enqueued by approve, create and update.
 */
export interface VerticalRenderJob {
  videoId: number;
  publisherId: number;
  /** The suggestion (vertical_content_id) whose keyframe file is rendered. */
  suggestionId: number;
  keyframeFileId: number;
  /** keyframe_files.version when enqueued: a newer save is a new job. */
  keyframeVersion: number;
  /** Seconds in the source; null renders the whole video (full videos). */
  startTime: number | null;
  endTime: number | null;
  /**
   * The console user who started the job: its live progress goes to their room. Jobs
   * queued before it have none and are simply not reported.
   */
  userId?: number;
}

/** The same keyframe-file version of the same task is the same render. */
export const verticalRenderJobId = (
  job: Pick<VerticalRenderJob, 'videoId' | 'keyframeFileId' | 'keyframeVersion'>,
) => `vertical-${job.videoId}-${job.keyframeFileId}-v${job.keyframeVersion}`;

/** The media-store folder of a publisher's vertical renders. */
export const verticalRenderDir = (publisherId: number) => `vertical/${publisherId}`;

export const VERTICAL_RENDER_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * The console's own crop suggestion of a vertical task (its reframing engine): analyses the source and
 * stores the result as the task's console suggestion, beside the pipeline's. Enqueued by "Suggest crop"
 * for the whole task or for one span of frames (one shot), whose result replaces that span only.
 */
export interface VerticalReframeJob {
  videoId: number;
  publisherId: number;
  /** Source frames (end inclusive) to analyse again; null: the task's whole range. */
  span: { startFrame: number; endFrame: number } | null;
  /** The console user who asked: its live progress goes to their room. Absent when the server asked. */
  userId?: number;
}

/** The same task and span is the same job while it is queued or running. */
/** What a reframe job answers. */
export interface VerticalReframeResult {
  /** The console suggestion (vertical_content_id) written. */
  suggestionId: number;
  keyframeVersion: number;
  shots: number;
  keyframes: number;
}

export const verticalReframeJobId = (job: Pick<VerticalReframeJob, 'videoId' | 'span'>) =>
  `reframe-${job.videoId}-${job.span ? `${job.span.startFrame}-${job.span.endFrame}` : 'all'}`;

export const VERTICAL_REFRAME_JOB_OPTIONS = {
  attempts: 2,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/**
 * Applies one submit of the ad configuration grid: the changes wait in grid_submissions
 * under the page's session id; the job applies them all or none and marks the row done in the same
 * transaction, so the same session id is applied once.
 */
export interface MonetizationSubmitJob {
  sessionId: string;
  /**
   * The console user who started the job: its live progress goes to their room. Jobs
   * queued before it have none and are simply not reported.
   */
  userId?: number;
}

/** The same session id is the same job (hashed: a session id may hold any character). */
export const monetizationSubmitJobId = (sessionId: string) =>
  `grid-${createHash('sha256').update(sessionId).digest('hex').slice(0, 40)}`;

/**
 * Bulk reports: report-fill writes the chosen publishers' configs into a workbook,
 * report-update applies an edited workbook's valid rows. Each names its spreadsheets row (the request);
 * the job marks it done in the same transaction as its writes, so a retried job applies once.
 */
export interface ReportJob {
  requestId: number;
  /** The admin who asked: an update's audit entries name them, and the job's live progress goes to them. */
  userId: number;
}

export const reportJobId = (kind: 'fill' | 'update', requestId: number) => `report-${kind}-${requestId}`;

/** Grid and report jobs: a few retries; results kept a day for the screens that poll them. */
export const MONETIZATION_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/** BullMQ needs a connection that retries forever rather than failing a blocking command. */
export const BULLMQ_CONNECTION_OPTIONS = { maxRetriesPerRequest: null } as const;

/** What every job's data carries: the id of the deployment that queued it. */
export interface StampedJob {
  deployment?: string;
}

/** `data` with this deployment's stamp. */
export const stampedFor = <Data>(deploymentId: string, data: Data): Data =>
  data !== null && typeof data === 'object' && !Array.isArray(data)
    ? ({ ...data, deployment: deploymentId } as Data)
    : data;

/**
 * The other deployment's id when `data` was stamped by another deployment, else null. A job without a
 * stamp (queued before jobs carried one, or by an operator's script) belongs to whoever serves its queue.
 */
export function foreignStampOf(deploymentId: string, data: unknown): string | null {
  const stamp = (data as StampedJob | null | undefined)?.deployment;
  return typeof stamp === 'string' && stamp !== deploymentId ? stamp : null;
}

/** What a report job (fill or update) came to. */
export interface ReportResult {
  status: 'done' | 'failed';
  errors: string[];
  /** Rows written (fill) or records changed (update). */
  count: number;
}

/** What a grid submit job came to. */
export interface MonetizationSubmitResult {
  status: 'done' | 'failed';
  errors: string[];
}

/** What a vertical render came to: its MP4, or why it made none. */
export type VerticalRenderResult =
  { rendered: true; path: string; durationSeconds: number } | { rendered: false; skipped: string };

/** What a story-highlights ZIP job came to. */
export interface StoryHighlightsZipResult {
  /** Media-store path of the archive. */
  path: string;
  files: number;
}
