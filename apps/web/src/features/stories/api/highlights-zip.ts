// The story highlights archive (issue 4 point 2; contract): POST stamp/stories/{id}/highlights_zip starts
// (or finds, for the same story version) the BullMQ job and answers its id; GET
// stamp/stories/highlights_zip/{job_id} reports state, progress and, once done, the archive's URL.
import { editorApi } from '../../../lib/api.ts';
import type { HighlightsZipStatus } from './types.ts';

export function startHighlightsZip(storyId: number): Promise<{ job_id: string }> {
  return editorApi<{ job_id: string }>(`stamp/stories/${storyId}/highlights_zip`, { method: 'POST' });
}

export function getHighlightsZip(jobId: string, signal?: AbortSignal): Promise<HighlightsZipStatus> {
  return editorApi<HighlightsZipStatus>(`stamp/stories/highlights_zip/${encodeURIComponent(jobId)}`, {
    signal,
  });
}
