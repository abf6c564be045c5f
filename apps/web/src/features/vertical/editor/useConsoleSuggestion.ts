// The console's own crop suggestion, asked from the frame editor ("Suggest crop", R for the shot at the
// playhead, Shift+R for the whole task): one job at a time (a second press while it runs does nothing),
// its progress pushed live, and once it completes the task's suggestions are read again so the
// console's one can be compared with and applied; `onReady` gets its id.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TASK_DETAILS_KEY } from '../api/get-task-details.ts';
import { suggestCropJobQueryOptions, useSuggestCrop, useSuggestCropJob } from '../api/suggest-crop.ts';

export interface ConsoleSuggestionState {
  /** idle: nothing asked yet in this editor; running includes the wait for a worker. */
  status: 'idle' | 'running' | 'ready' | 'failed';
  /** 0-100 while running. */
  progress: number;
  /** What was asked last: one shot or the whole task. */
  whole: boolean;
  /** The error in the catalogue's words when it failed. */
  error: string | null;
}

export interface FrameSpan {
  start: number;
  end: number;
}

export function useConsoleSuggestion(videoId: number, onReady: (contentId: number) => void) {
  const client = useQueryClient();
  const start = useSuggestCrop();
  // `run` tells apart two asks of the same span: the server answers the same job id for both.
  const [asked, setAsked] = useState<{ jobId: string; run: number } | null>(null);
  const [lastWhole, setLastWhole] = useState(false);
  const job = useSuggestCropJob(asked?.jobId ?? null);
  const handled = useRef<string | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  const data = job.data;
  const contentId = data?.state === 'completed' ? data.vertical_content_id : null;
  useEffect(() => {
    const key = asked && `${asked.jobId}#${asked.run}`;
    if (!asked || contentId === null || handled.current === key) return;
    handled.current = key;
    void client.invalidateQueries({ queryKey: TASK_DETAILS_KEY }).then(() => readyRef.current(contentId));
  }, [asked, contentId, client]);

  const running =
    start.isPending ||
    (asked !== null && (data === undefined || data.state === 'queued' || data.state === 'active'));
  const error =
    start.error?.message ??
    (data?.state === 'failed' ? data.error : null) ??
    (job.isError ? job.error.message : null);

  const status = running ? 'running' : error ? 'failed' : contentId !== null ? 'ready' : 'idle';
  const progress = running ? (data?.progress ?? 0) : contentId !== null ? 100 : 0;
  const shownError = running ? null : error;
  // One object per change (not per render): the panel's section is a memo that playback does not redraw.
  const state = useMemo<ConsoleSuggestionState>(
    () => ({ status, progress, whole: lastWhole, error: shownError }),
    [status, progress, lastWhole, shownError],
  );

  /** Asks for the shot's span, or the whole task when `span` is null; ignored while a job runs. */
  const request = (span: FrameSpan | null) => {
    if (running) return;
    setLastWhole(span === null);
    start.reset();
    start.mutate(
      span === null
        ? { video_id: videoId }
        : { video_id: videoId, start_frame: span.start, end_frame: span.end },
      {
        onSuccess: ({ job_id }) => {
          // A job id asked before may hold the last run's end: it is read afresh.
          client.removeQueries({ queryKey: suggestCropJobQueryOptions(job_id).queryKey, exact: true });
          setAsked((last) => ({ jobId: job_id, run: (last?.run ?? 0) + 1 }));
        },
      },
    );
  };
  return { state, request };
}
