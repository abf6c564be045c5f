// After Approve: the vertical render's progress (polled), then where to watch the MP4 — the file itself and
// the Vertical View of its content type. A failed render opens the 'Error' dialog with its error.
import { useEffect, useRef } from 'react';
import { ProgressBar } from 'primereact/progressbar';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { pathFor } from '@hc/shared/routes';
import { LinkButton } from '../../../app/LinkButton.tsx';
import { useRenderJob } from '../api/get-render-job.ts';
import type { RenderJobState } from '../api/get-render-job.ts';

const STATE_TEXT: Record<RenderJobState, string> = {
  queued: 'Waiting for a renderer…',
  active: 'Rendering the vertical MP4…',
  completed: 'The vertical MP4 is ready.',
  failed: 'The render failed.',
};

interface RenderProgressProps {
  jobId: string;
  task: VerticalTask;
  onFailed(error: string): void;
}

export function RenderProgress({ jobId, task, onFailed }: RenderProgressProps) {
  const job = useRenderJob(jobId);
  const state = job.data?.state;
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    if (state === 'failed' || job.isError) {
      reported.current = true;
      onFailed(job.data?.error ?? job.error?.message ?? messages.somethingWentWrong);
    }
  }, [state, job.isError, job.data?.error, job.error, onFailed]);

  const progress = state === 'completed' ? 100 : Math.round(job.data?.progress ?? 0);
  const videoUrl = job.data?.video_url;
  const viewPath = pathFor(task.content_type === 'highlight' ? 'liveVerticalView' : 'verticalView');
  return (
    <section className="hc-vr-render" data-testid="vertical-render" data-state={state ?? 'loading'}>
      <div className="hc-vr-render__head">
        <span data-testid="vertical-render-state">
          {state ? STATE_TEXT[state] : 'Asking for the render…'}
        </span>
        <span className="hc-num">{progress}%</span>
      </div>
      <ProgressBar
        value={progress}
        showValue={false}
        mode={state === 'queued' || !state ? 'indeterminate' : 'determinate'}
        color={state === 'failed' ? 'var(--red-500)' : undefined}
        style={{ height: '0.5rem' }}
      />
      <div className="hc-vr-render__links">
        {state === 'completed' && videoUrl && (
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
