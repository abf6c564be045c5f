// The review modal's actions: Approve renders the selected suggestion, Manual and Modify ask
// first and then open the edit modal, Reject ends the task. Each needs the live lease and its rule (good
// quality for Approve, a reason for the others); a refused click says why. Also their keys (Alt+D / M / R),
// off under the edit modal or a dialog, once the task is done, and while a field takes text.
import { useEffect, useRef, useState } from 'react';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { messages, verticalApproved, verticalResultsScreen } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useApproveSuggestion } from '../api/approve.ts';
import { useRejectTask } from '../api/reject.ts';
import type { EditMode } from '../editor/editRange.ts';
import type { TaskLock } from '../../../lib/locks/useTaskLock.ts';
import { isLockRefusal } from '../../../lib/locks/lockRows.ts';
import { isTextField, reviewShortcutAction } from '../shortcuts.ts';
import type { ConfirmStep } from './ConfirmStepDialog.tsx';
import { actionRules, allReasons, type FeedbackState, type VerticalAction } from './reviewFeedback.ts';

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : messages.somethingWentWrong;

interface ReviewActionsInput {
  task: VerticalTask;
  lock: TaskLock;
  feedback: FeedbackState;
  selectedId: number | null;
  onChanged(): void;
  onClose(): void;
}

export function useReviewActions({
  task,
  lock,
  feedback,
  selectedId,
  onChanged,
  onClose,
}: ReviewActionsInput) {
  const toast = useToast();
  const [refusal, setRefusal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renderJobId, setRenderJobId] = useState<string | null>(null);
  // Manual and Modify ask first, then open the edit modal on the selected suggestion.
  const [confirm, setConfirm] = useState<ConfirmStep | null>(null);
  const [editMode, setEditMode] = useState<EditMode | null>(null);
  const approve = useApproveSuggestion();
  const reject = useRejectTask();
  const busy = approve.isPending || reject.isPending;
  const rules = actionRules(feedback, selectedId, task.content_type);
  const done = renderJobId !== null;

  const failed = (e: unknown) => {
    setError(errorText(e));
    // The lease lapsed or was taken: the actions stay off until the task is opened again.
    if (e instanceof ApiError && e.status === 409 && isLockRefusal(e.message)) lock.lose(e.message);
    // A 409: someone else moved the task on; the lists refresh so it leaves them.
    if (e instanceof ApiError && e.status === 409) onChanged();
  };

  const run = (action: VerticalAction) => {
    const fence = lock.fence;
    if (busy || done || fence === null) return;
    if (!rules.enabled[action]) {
      setRefusal(true);
      return;
    }
    if (action === 'approve' && selectedId !== null) {
      approve.mutate(
        { vertical_content_id: selectedId, content_type: task.content_type, quality: 'good', fence },
        {
          onSuccess: (result) => {
            toast.success(verticalApproved(task.video_id, verticalResultsScreen(task.content_type)), {
              position: 'bottom-left',
            });
            // The task has left review: nothing more is done under the lease.
            lock.release();
            setRenderJobId(result.job_id);
            onChanged();
          },
          onError: failed,
        },
      );
    } else if (action === 'modify' || action === 'manual') {
      setConfirm({
        header: action === 'modify' ? 'Modify' : 'Manual',
        message: action === 'modify' ? messages.verticalModifyNotice : messages.areYouSure,
        onConfirm: () => setEditMode(action),
      });
    } else if (action === 'reject') {
      reject.mutate(
        { video_id: task.video_id, reason: allReasons(feedback), content_type: task.content_type, fence },
        {
          onSuccess: () => {
            toast.success(messages.verticalRejected, { position: 'bottom-left' });
            onChanged();
            onClose();
          },
          onError: failed,
        },
      );
    }
  };

  const editing = editMode !== null;
  const dialogOpen = error !== null || confirm !== null;
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = isTextField(document.activeElement);
      const action = reviewShortcutAction(event, { editing, dialogOpen, finished: done, typing });
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    // Capture phase: the dialog's own buttons (its close button has the focus on opening) stop the
    // key's propagation before it would bubble up to the window.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editing, dialogOpen, done]);

  return {
    run,
    rules,
    busy,
    done,
    approving: approve.isPending,
    rejecting: reject.isPending,
    refusal,
    setRefusal,
    error,
    setError,
    renderJobId,
    setRenderJobId,
    confirm,
    setConfirm,
    editMode,
    setEditMode,
  };
}
