// Story highlights downloads: the audit list of a story's
// highlight MP4s and the BullMQ archive job that gathers them into one ZIP.
import { z } from 'zod';
import { jobOutcomeSchema } from '../jobs.ts';
import { idSchema } from './common.ts';

export const auditDownloadStoryQuerySchema = z.object({ story_id: idSchema });

export const storyHighlightFileSchema = z.object({
  /** The highlight's id, or the story page's id when the page holds an uploaded video of its own. */
  highlight_id: z.number().int(),
  /** Unique within the story: what the file is called in the archive and when downloaded. */
  filename: z.string(),
  /** Root-relative URL on the media store. */
  url: z.string(),
});
export type StoryHighlightFile = z.infer<typeof storyHighlightFileSchema>;

export const auditDownloadStorySchema = z.object({ files: z.array(storyHighlightFileSchema) });

/** Job ids look like story-{id}-{updated_at in ms}; anything else is refused before Redis is asked. */
export const highlightsZipJobParamsSchema = z.object({
  job_id: z.string().regex(/^story-\d{1,15}-\d{1,15}$/),
});

export const highlightsZipStartedSchema = z.object({ job_id: z.string() });

export const highlightsZipStatusSchema = z.object({
  /** BullMQ's state: waiting, delayed, active, completed, failed (or unknown). */
  state: z.string(),
  /** 0 to 100. */
  progress: z.number(),
  /** The archive on the media store once the job completed, else null. */
  url: z.string().nullable(),
  /** What the job really came to: done only with an archive that exists. */
  outcome: jobOutcomeSchema,
});
export type HighlightsZipStatus = z.infer<typeof highlightsZipStatusSchema>;
