// After Generate: the catalogue's success message and the render job's progress, polled until the
// vertical MP4 is ready (with its link) or the render failed.
import { ProgressBar } from 'primereact/progressbar';
import { Message } from 'primereact/message';
import { messages } from '@hc/shared/messages';
import { useRenderJob } from '../api/get-render-job.ts';
import { mp4Url } from './mediaUrl.ts';

const STATE_LABEL = {
  queued: 'Waiting for a render worker…',
  active: 'Rendering the vertical MP4…',
  completed: 'The vertical MP4 is ready.',
  failed: 'The render failed.',
} as const;

export function RenderProgress({ jobId }: { jobId: string }) {
  const job = useRenderJob(jobId);
  const state = job.data?.state ?? 'queued';
  const progress = Math.round(job.data?.progress ?? 0);
  return (
    <section className="hc-fe-render" data-testid="fe-render" data-state={state} aria-live="polite">
      <Message severity="success" text={messages.verticalCreated} className="hc-fe-render__message" />
      <div className="hc-fe-render__status">
        <span data-testid="fe-render-state">{STATE_LABEL[state]}</span>
        {state === 'completed' && job.data?.video_url && (
          <a href={mp4Url(job.data.video_url)} target="_blank" rel="noreferrer" data-testid="fe-render-link">
            Open Video <i className="pi pi-external-link" aria-hidden="true" />
          </a>
        )}
      </div>
      {state === 'failed' ? (
        <Message severity="error" text={job.data?.error ?? messages.somethingWentWrong} />
      ) : (
        <ProgressBar
          value={state === 'completed' ? 100 : progress}
          mode={state === 'queued' && progress === 0 ? 'indeterminate' : 'determinate'}
          className="hc-fe-render__bar"
          data-testid="fe-render-progress"
        />
      )}
      {job.isError && <span className="hc-fe-render__hint">{job.error.message}</span>}
    </section>
  );
}
