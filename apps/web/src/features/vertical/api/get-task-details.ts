// GET vertical_task_details?video_id&status&content_type: the suggestions of one vertical task, newest
// first, each with its keyframe file and stored feedback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { editorApi } from '../../../lib/api.ts';

/** suggestionSchema of @hc/shared/api/vertical (TEAM-CONTRACTS "Issue 6 / Calls"). */
export interface Suggestion {
  vertical_content_id: number;
  video_id: number;
  /** Seconds in the source video. */
  start_time: number;
  end_time: number;
  /** 2 manual, 4 timed out, anything else algo. */
  source: number;
  active: boolean;
  vertical_highlight_id: number | null;
  keyframe_json_file: KeyframeFile | null;
  feedback: { quality: '' | 'good'; reason: string[] } | null;
}

export interface TaskDetailsParams {
  video_id: number;
  status: string;
  content_type: 'highlight' | 'full_video';
}

export const getTaskDetails = (params: TaskDetailsParams, signal?: AbortSignal): Promise<Suggestion[]> =>
  editorApi<Suggestion[]>('vertical_task_details', { query: { ...params }, signal });

export const TASK_DETAILS_KEY = ['vertical', 'task-details'] as const;

export const taskDetailsQueryOptions = (params: TaskDetailsParams) =>
  queryOptions({
    queryKey: [...TASK_DETAILS_KEY, params] as const,
    queryFn: ({ signal }) => getTaskDetails(params, signal),
  });

/** The suggestions of a task. */
export const useTaskDetails = (params: TaskDetailsParams) => useQuery(taskDetailsQueryOptions(params));
