// A review-list row whose render ended without an MP4 (failed, skipped, or lost): its tag, saying why in
// the catalogue's words, and the Retry that queues the same render again.
import { createContext, useContext } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { renderTagOf } from '@hc/shared/jobs';
import { jobMessages } from '@hc/shared/messages';

export interface RenderRetryView {
  onRetry(task: VerticalTask): void;
  /** The task whose retry is on its way: its button spins and takes no second click. */
  retrying: number | null;
}
/** Set by the review lists only. */
export const RenderRetryContext = createContext<RenderRetryView | null>(null);

const ICON = {
  failed: 'pi pi-exclamation-triangle',
  skipped: 'pi pi-forward',
  lost: 'pi pi-question-circle',
};

export function RenderTag({ task }: { task: VerticalTask }) {
  const retry = useContext(RenderRetryContext);
  const tag = renderTagOf(task);
  if (!tag) return null;
  const testId = `vertical-render-tag-${task.video_id}`;
  const busy = retry?.retrying === task.video_id;
  return (
    <span className="hc-render-tag" data-testid={testId} data-kind={tag.kind}>
      <Tag
        icon={ICON[tag.kind]}
        value={tag.text}
        severity={tag.kind === 'failed' ? 'danger' : 'warning'}
        className="hc-render-tag__tag"
        title={tag.text}
        data-testid={`${testId}-text`}
      />
      {retry && (
        <Button
          type="button"
          label={jobMessages.retryRender}
          icon="pi pi-refresh"
          size="small"
          outlined
          loading={busy}
          disabled={busy}
          className="hc-render-tag__retry"
          aria-label={`${jobMessages.retryRender} ${task.title}`}
          onClick={(e) => {
            // The row's own click would open the task.
            e.stopPropagation();
            if (!busy) retry.onRetry(task);
          }}
          data-testid={`${testId}-retry`}
        />
      )}
    </span>
  );
}
