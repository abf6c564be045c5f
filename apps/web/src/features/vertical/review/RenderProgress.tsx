// After Approve: the vertical render's progress (polled), then where to watch the MP4 — the file itself and
// the Vertical View of its content type. A failed render opens the 'Error' dialog with its error.
import { useEffect, useRef } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { jobMessages, messages } from '@hc/shared/messages';
import { pathFor } from '@hc/shared/routes';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { useRenderJob } from '../api/get-render-job.ts';
import type { JobOutcomeKind } from '@hc/shared/jobs';

const OUTCOME_TEXT: Record<JobOutcomeKind, string> = {
  queued: jobMessages.renderQueued,
  running: jobMessages.renderRunning,
  done: jobMessages.renderDone,
  skipped: jobMessages.renderSkipped,
  failed: jobMessages.renderFailed,
};

interface RenderProgressProps {
  jobId: string;
  task: VerticalTask;
  onFailed(error: string): void;
}

export function RenderProgress({ jobId, task, onFailed }: RenderProgressProps) {
  const job = useRenderJob(jobId);
  const outcome = job.data?.outcome;
  const kind = outcome?.kind;
  const reported = useRef(false);
  const failure =
    outcome?.kind === 'failed'
      ? outcome.error
      : job.isError
        ? (job.error?.message ?? messages.somethingWentWrong)
        : null;
  useEffect(() => {
    if (reported.current || failure === null) return;
    reported.current = true;
    onFailed(failure);
  }, [failure, onFailed]);

  const progress =
    outcome?.kind === 'done' ? 100 : outcome?.kind === 'running' ? Math.round(outcome.progress) : 0;
  const videoUrl = outcome?.kind === 'done' ? outcome.url : null;
  const viewPath = pathFor(task.content_type === 'highlight' ? 'liveVerticalView' : 'verticalView');
  return (
    <section className="hc-vr-render" data-testid="vertical-render" data-state={kind ?? 'loading'}>
      <div className="hc-vr-render__head">
        <span data-testid="vertical-render-state">
          {kind ? OUTCOME_TEXT[kind] : 'Asking for the render…'}
        </span>
        <span className="hc-num">{progress}%</span>
      </div>
      <ProgressBar
        value={progress}
        showValue={false}
        mode={kind === 'queued' || !kind ? 'indeterminate' : 'determinate'}
        color={kind === 'failed' || kind === 'skipped' ? 'var(--red-500)' : undefined}
        style={{ height: '0.5rem' }}
      />
      {outcome?.kind === 'skipped' && (
        <small className="hc-vr-render__note" data-testid="vertical-render-skipped">
          {outcome.reason}. {outcome.next}
        </small>
      )}
      <div className="hc-vr-render__links">
        {videoUrl && (
          <a
            href={videoUrl.endsWith(MP4_SUFFIX) ? videoUrl : videoUrl + MP4_SUFFIX}
            target="_blank"
            rel="noopener noreferrer"
            className="hc-external-link"
            data-testid="vertical-render-video"
          >
            <span>Open Video</span>
            <i className="pi pi-external-link" aria-hidden="true" />
          </a>
        )}
        <LinkButton
          to={viewPath}
          label="Go to Vertical View"
          icon="pi pi-arrow-right"
          iconPos="right"
          link
          size="small"
          data-testid="vertical-render-view"
        />
      </div>
    </section>
  );
}
