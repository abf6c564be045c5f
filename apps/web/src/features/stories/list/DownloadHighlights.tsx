// 'Download story highlights' (spec 001 §2.2, §5; issue 4 point 2), offered by the drawer only to user
// identifiers 406 followed by two digits: starts the archive job, shows its progress while polling,
// and ends with the archive's download link.
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { getHighlightsZip, startHighlightsZip } from '../api/highlights-zip.ts';
import type { HighlightsZipStatus } from '../api/types.ts';

const POLL_MS = 1000;
const FAILED_STATES = new Set(['failed', 'unknown']);

type Job =
  | { phase: 'idle' }
  | { phase: 'running'; jobId: string; status: HighlightsZipStatus | null }
  | { phase: 'done'; url: string }
  | { phase: 'failed'; message: string };

export function DownloadHighlights({ storyId }: { storyId: number }) {
  const [job, setJob] = useState<Job>({ phase: 'idle' });

  const jobId = job.phase === 'running' ? job.jobId : null;
  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    let timer = 0;
    const poll = () => {
      getHighlightsZip(jobId, controller.signal).then(
        (status) => {
          if (status.url) setJob({ phase: 'done', url: status.url });
          else if (FAILED_STATES.has(status.state))
            setJob({ phase: 'failed', message: messages.somethingWentWrong });
          else {
            setJob({ phase: 'running', jobId, status });
            timer = window.setTimeout(poll, POLL_MS);
          }
        },
        (error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          setJob({
            phase: 'failed',
            message: error instanceof ApiError ? error.message : messages.somethingWentWrong,
          });
        },
      );
    };
    poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [jobId]);

  const start = () => {
    setJob({ phase: 'running', jobId: '', status: null });
    startHighlightsZip(storyId).then(
      ({ job_id }) => setJob({ phase: 'running', jobId: job_id, status: null }),
      (error: unknown) =>
        setJob({
          phase: 'failed',
          message: error instanceof ApiError ? error.message : messages.somethingWentWrong,
        }),
    );
  };

  if (job.phase === 'running') {
    const progress = Math.round(job.status?.progress ?? 0);
    return (
      <div className="hc-story-zip" data-testid="story-zip-progress">
        <span>Gathering the highlights… {progress}%</span>
        <ProgressBar value={progress} showValue={false} style={{ height: '0.4rem' }} />
      </div>
    );
  }
  if (job.phase === 'done') {
    return (
      <a
        className="p-button p-button-sm p-button-success hc-story-zip-link"
        href={job.url}
        download
        data-testid="story-zip-link"
      >
        <i className="pi pi-download" aria-hidden="true" />
        <span className="ml-2">Download archive</span>
      </a>
    );
  }
  return (
    <>
      <Button
        type="button"
        label="Download story highlights"
        icon="pi pi-download"
        size="small"
        outlined
        onClick={start}
        data-testid="story-drawer-download-highlights"
      />
      {job.phase === 'failed' && (
        <small className="hc-story-zip__error" data-testid="story-zip-error">
          {job.message}
        </small>
      )}
    </>
  );
}
