// Queue names and job payloads: what the server enqueues and the worker processes. Payloads carry ids,
// never secrets; job ids are derived from the input so that a repeated enqueue is the same job.

export const QUEUES = {
  maintenance: 'maintenance',
  storyHighlightsZip: 'story-highlights-zip',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface MaintenanceJobs {
  /** Deletes ended sessions and login attempts older than the retention. */
  'purge-expired-sessions': { loginAttemptRetentionDays: number };
}

/** Gathers the highlight MP4s of one story version into one ZIP on the media store. */
export interface StoryHighlightsZipJob {
  storyId: number;
  publisherId: number;
  /** The story's updated_at in ms when asked: the version the job id names. */
  version: number;
}

/** The same story version is the same job: asking twice neither queues nor zips a second time. */
export const storyHighlightsZipJobId = (storyId: number, updatedAt: Date) =>
  `story-${storyId}-${updatedAt.getTime()}`;

/** The media-store folder of a publisher's story archives (temp files sit beside the archives). */
export const storyHighlightsArchiveDir = (publisherId: number) => `archives/story-highlights/${publisherId}`;

/**
 * A job's archive is named `{jobId}-{128 random bits}.zip`: the media store is public, and a name built
 * only from the story id and version could be guessed. The job finds its own archive by the prefix.
 */
export const storyHighlightsArchivePrefix = (jobId: string) => `${jobId}-`;

/** Retries with backoff; finished jobs are kept a week so a repeated ask finds them (same id). */
export const STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** BullMQ needs a connection that retries forever rather than failing a blocking command. */
export const BULLMQ_CONNECTION_OPTIONS = { maxRetriesPerRequest: null } as const;
