// The vertical review modal: the task's suggestions
// (capped by numberOfAlgoSuggestions) and the feedback panel on the left, the player with the crop boxes on
// the right, and the actions Approve / Manual / Modify / Reject with their shortcuts. After Approve it follows
// the render job until the vertical MP4 is there. The session (lease, suggestions, feedback) and the actions
// live in their hooks; the parts only draw.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Skeleton } from 'primereact/skeleton';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { CropPlayer } from '../player/CropPlayer.tsx';
import { EditModal } from '../editor/EditModal.tsx';
import { lockAllowsActions } from '../../../lib/locks/LockNotice.tsx';
import { allReasons, type FeedbackState } from './reviewFeedback.ts';
import { RenderProgress } from './RenderProgress.tsx';
import { ErrorDialog } from './ErrorDialog.tsx';
import { ConfirmStepDialog } from './ConfirmStepDialog.tsx';
import { FeedbackPanel, ModalHeader, SuggestionList } from './ReviewParts.tsx';
import { ReviewFooter } from './ReviewFooter.tsx';
import { useReviewSession } from './useReviewSession.ts';
import { errorText, useReviewActions } from './useReviewActions.ts';
import './review-modal.css';

export interface ReviewModalProps {
  task: VerticalTask;
  onClose(): void;
  /** After an action the server took: the lists and counts refresh. */
  onChanged(): void;
}

const withMp4 = (url: string) => (url.toLowerCase().endsWith(MP4_SUFFIX) ? url : url + MP4_SUFFIX);

export function ReviewModal({ task, onClose, onChanged }: ReviewModalProps) {
  const session = useReviewSession(task, onChanged, onClose);
  const { lock, details, suggestions, ready, feedback, selectedId } = session;
  const state: FeedbackState = feedback ?? {};
  const actions = useReviewActions({ task, lock, feedback: state, selectedId, onChanged, onClose });
  const { done } = actions;
  // Without the live lease every action would be refused: they wait for it (or for 'Open again').
  const unlocked = !lockAllowsActions(lock);
  const selected = suggestions?.find((s) => s.vertical_content_id === selectedId) ?? null;

  const changeFeedback = (next: FeedbackState) => {
    session.setFeedback(next);
    actions.setRefusal(false);
  };

  const layers = useMemo(
    () => (suggestions ?? []).map((s) => ({ id: s.vertical_content_id, file: s.keyframe_json_file })),
    [suggestions],
  );

  let body: ReactNode;
  // Once a render is queued the modal follows it: the details asked again after the write may already
  // find the task ready (a quick render) and answer 409, which must not hide the render's progress.
  if (details.isError && !done) {
    body = (
      <StatePanel
        kind="error"
        message={errorText(details.error)}
        onRetry={() => void details.refetch()}
        testId="vertical-review-error"
      />
    );
  } else if (!ready || feedback === null || suggestions === null) {
    body = (
      <div className="hc-vr-layout" data-testid="vertical-review-loading">
        <div className="flex flex-column gap-2">
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="16rem" />
        </div>
        <Skeleton height="24rem" />
      </div>
    );
  } else {
    body = (
      <div className="hc-vr-layout">
        <div className="hc-vr-side">
          <h3 className="hc-vr-section-title">Suggestions</h3>
          {suggestions.length === 0 ? (
            <StatePanel
              kind="empty"
              message="This task has no suggestions."
              testId="vertical-suggestions-empty"
            />
          ) : (
            <SuggestionList
              suggestions={suggestions}
              feedback={feedback}
              selectedId={selectedId}
              onSelect={session.setSelectedId}
              onHover={session.setHoveredId}
            />
          )}
          {selected && (
            <FeedbackPanel
              suggestion={selected}
              feedback={feedback}
              onChange={changeFeedback}
              disabled={done}
            />
          )}
        </div>
        <div className="hc-vr-main">
          <CropPlayer
            src={withMp4(task.src_video_url)}
            layers={layers}
            selectedId={selectedId}
            hoveredId={session.hoveredId}
            onHover={session.setHoveredId}
            onSelect={session.setSelectedId}
            startAt={selected?.start_time}
          />
          {actions.renderJobId !== null && (
            <RenderProgress jobId={actions.renderJobId} task={task} onFailed={actions.setError} />
          )}
        </div>
      </div>
    );
  }

  return (
    <>
      <Dialog
        visible
        onHide={onClose}
        header={<ModalHeader task={task} />}
        footer={
          <ReviewFooter
            lock={lock}
            rules={actions.rules}
            refusal={actions.refusal}
            done={done}
            busy={actions.busy || unlocked}
            approving={actions.approving}
            rejecting={actions.rejecting}
            onRun={actions.run}
            onRefused={() => actions.setRefusal(true)}
            onClose={onClose}
          />
        }
        className="hc-vr-dialog"
        draggable={false}
        resizable={false}
        blockScroll
        data-testid="vertical-review-modal"
      >
        {body}
      </Dialog>
      <ErrorDialog message={actions.error} onClose={() => actions.setError(null)} />
      <ConfirmStepDialog step={actions.confirm} onClose={() => actions.setConfirm(null)} />
      {actions.editMode && selected && (
        <EditModal
          task={task}
          suggestion={selected}
          suggestions={details.data ?? []}
          mode={actions.editMode}
          lock={lock}
          reasons={allReasons(state)}
          onClose={() => actions.setEditMode(null)}
          onSubmitted={(result) => {
            // The review modal follows the render once the edit modal is closed; the task has left review.
            lock.release();
            actions.setRenderJobId(result.job_id);
            onChanged();
          }}
        />
      )}
    </>
  );
}
