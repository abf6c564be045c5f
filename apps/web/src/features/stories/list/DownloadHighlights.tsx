// 'Download story highlights', offered by the drawer only to user
// identifiers 406 followed by two digits: starts the archive job, shows its progress as the job pushes
// it (polled slowly as a fallback), and ends with the archive's download link.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { highlightsZipQueryOptions, startHighlightsZip, useHighlightsZip } from '../api/highlights-zip.ts';

type Start =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'started'; jobId: string }
  | { phase: 'failed'; message: string };

type Job =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number; note?: string }
  | { phase: 'done'; url: string }
  | { phase: 'failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : messages.somethingWentWrong;

export function DownloadHighlights({ storyId }: { storyId: number }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<Start>({ phase: 'idle' });
  const status = useHighlightsZip(started.phase === 'started' ? started.jobId : null);

  let job: Job;
  if (started.phase === 'starting') job = { phase: 'running', progress: 0 };
  else if (started.phase !== 'started') job = started;
  else if (status.isError) job = { phase: 'failed', message: messageOf(status.error) };
  else {
    const outcome = status.data?.outcome;
    if (outcome?.kind === 'done') job = { phase: 'done', url: outcome.url };
    else if (outcome?.kind === 'failed') job = { phase: 'failed', message: outcome.error };
    else if (outcome?.kind === 'skipped')
      job = { phase: 'failed', message: `${outcome.reason}. ${outcome.next}` };
    else if (outcome?.kind === 'running') job = { phase: 'running', progress: outcome.progress };
    // Waiting for a worker: past a minute the status says so (no worker may be running).
    else job = { phase: 'running', progress: 0, note: outcome?.note };
  }

  const start = () => {
    setStarted({ phase: 'starting' });
    startHighlightsZip(storyId).then(
      ({ job_id }) => {
        // A job that gave up is given another go under the same id: its old answer is not the news.
        queryClient.removeQueries({ queryKey: highlightsZipQueryOptions(job_id).queryKey, exact: true });
        setStarted({ phase: 'started', jobId: job_id });
      },
      (error: unknown) => setStarted({ phase: 'failed', message: messageOf(error) }),
    );
  };

  if (job.phase === 'running') {
    const progress = Math.round(job.progress);
    return (
      <div className="hc-story-zip" data-testid="story-zip-progress">
        <span>Gathering the highlights… {progress}%</span>
        <ProgressBar value={progress} showValue={false} style={{ height: '0.4rem' }} />
        {job.note && (
          <small className="hc-story-zip__note" data-testid="story-zip-waiting">
            {job.note}
          </small>
        )}
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
