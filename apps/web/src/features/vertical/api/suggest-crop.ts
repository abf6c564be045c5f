// "Suggest crop": POST vertical_video/suggest_crop {video_id, start_frame?, end_frame?} asks the console's
// reframing engine for a crop of the task (or of one shot's frames); GET vertical_video/suggest_crop/:id
// follows the job, pushed live as job_progress of the vertical-reframe queue and polled slowly as a
// fallback. Once it completes, the task's suggestions are read again: the console's one is among them.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SuggestCropJobStatus, VerticalSuggestCropBody } from '@hc/shared/api/vertical';
import type { JobProgressEvent } from '@hc/shared/live/events';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../lib/job-progress.ts';
import { PUSH_FED } from '../../../lib/live.ts';

/** The poll while the live channel is down (every 15 s while it is up). */
const SUGGEST_CROP_POLL_MS = 1000;

export const isSuggestCropFinished = (job: SuggestCropJobStatus | undefined) =>
  job !== undefined && (job.state === 'completed' || job.state === 'failed');

export const suggestCrop = (body: VerticalSuggestCropBody): Promise<{ job_id: string }> =>
  editorApi<{ job_id: string }>('vertical_video/suggest_crop', { method: 'POST', body });

export const useSuggestCrop = () => useMutation({ mutationFn: suggestCrop });

export const suggestCropJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['vertical', 'suggest-crop', jobId] as const,
    queryFn: ({ signal }) =>
      editorApi<SuggestCropJobStatus>(`vertical_video/suggest_crop/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: (query) =>
      isSuggestCropFinished(query.state.data) ? false : jobPollMs(SUGGEST_CROP_POLL_MS),
    meta: PUSH_FED,
  });

const applyPush = (job: SuggestCropJobStatus, event: JobProgressEvent) => runningFrom(job, event);

/** A suggest-crop job's state, live until it ends; idle while jobId is null. */
export function useSuggestCropJob(jobId: string | null) {
  const options = suggestCropJobQueryOptions(jobId ?? '');
  useJobProgress(QUEUES.verticalReframe, jobId, options.queryKey, applyPush);
  return useQuery({ ...options, enabled: jobId !== null });
}
