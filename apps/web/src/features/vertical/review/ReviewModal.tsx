// The vertical review modal (spec 001 §2.11, §4 "Vertical task lifecycle", §5, §8): the task's suggestions
// (capped by numberOfAlgoSuggestions) and the feedback panel on the left, the player with the crop boxes on
// the right, and the actions Approve / Manual / Modify / Reject with their shortcuts. After Approve it follows
// the render job until the vertical MP4 is there.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { ALGO_SUGGESTIONS_SETTING } from '@hc/shared/api/pending';
import { MP4_SUFFIX, VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages, verticalApproved, verticalResultsScreen } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { isTextEntry } from '../../review/index.ts';
import { useTaskDetails } from '../api/get-task-details.ts';
import type { Suggestion } from '../api/get-task-details.ts';
import { useSetting } from '../api/get-settings.ts';
import { useApproveSuggestion } from '../api/approve.ts';
import { useRejectTask } from '../api/reject.ts';
import { CropPlayer } from '../player/CropPlayer.tsx';
import { formatVideoTime } from '../player/videoFrames.ts';
import {
  actionRules,
  allReasons,
  feedbackOf,
  initialFeedback,
  setGood,
  toggleReason,
} from './reviewFeedback.ts';
import type { FeedbackState, VerticalAction } from './reviewFeedback.ts';
import { cappedSuggestions, initialSelection, suggestionLabel, suggestionLimit } from './suggestions.ts';
import { reviewShortcutAction } from './verticalShortcuts.ts';
import { RenderProgress } from './RenderProgress.tsx';
import { ErrorDialog } from './ErrorDialog.tsx';
import { ConfirmStepDialog, type ConfirmStep } from './ConfirmStepDialog.tsx';
import { EditModal } from '../editor/EditModal.tsx';
import type { EditMode } from '../editor/editRange.ts';
import { useTaskLock } from '../../../lib/locks/useTaskLock.ts';
import { LockNotice, lockAllowsActions } from '../../../lib/locks/LockNotice.tsx';
import { isLockRefusal } from '../../../lib/locks/lockRows.ts';
import './review-modal.css';

export interface ReviewModalProps {
  task: VerticalTask;
  onClose(): void;
  /** After an action the server took: the lists and counts refresh. */
  onChanged(): void;
}

const withMp4 = (url: string) => (url.toLowerCase().endsWith(MP4_SUFFIX) ? url : url + MP4_SUFFIX);
const errorText = (error: unknown) => (error instanceof Error ? error.message : messages.somethingWentWrong);

const KEY_HINTS: Partial<Record<VerticalAction, string>> = {
  approve: 'Alt+D',
  modify: 'Alt+M',
  reject: 'Alt+R',
};

function ModalHeader({ task }: { task: VerticalTask }) {
  return (
    <div className="hc-drawer__header">
      <h2 className="hc-drawer__title" data-testid="vertical-review-title">
        {task.title}
      </h2>
      <div className="hc-drawer__subtitle" data-testid="vertical-review-subtitle">
        <span>{task.publisher_name}</span>
        <span className="hc-dot-sep">Video ID {task.video_id}</span>
        {task.external_program_id && (
          <span className="hc-dot-sep">Program ID {task.external_program_id}</span>
        )}
      </div>
    </div>
  );
}

interface SuggestionListProps {
  suggestions: Suggestion[];
  feedback: FeedbackState;
  selectedId: number | null;
  onSelect(id: number): void;
  onHover(id: number | null): void;
}

function SuggestionList({ suggestions, feedback, selectedId, onSelect, onHover }: SuggestionListProps) {
  return (
    <ul className="hc-vr-suggestions" aria-label="Suggestions" data-testid="vertical-suggestions">
      {suggestions.map((s) => {
        const f = feedbackOf(feedback, s.vertical_content_id);
        const selected = s.vertical_content_id === selectedId;
        return (
          <li key={s.vertical_content_id}>
            <button
              type="button"
              className={`hc-vr-suggestion${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              onClick={() => onSelect(s.vertical_content_id)}
              onMouseEnter={() => onHover(s.vertical_content_id)}
              onMouseLeave={() => onHover(null)}
              data-testid="vertical-suggestion"
              data-content-id={s.vertical_content_id}
            >
              <span className="hc-vr-suggestion__head">
                <span className="hc-vr-suggestion__label" data-testid="vertical-suggestion-label">
                  {suggestionLabel(s.source)}
                </span>
                {s.active && (
                  <Tag value="Active" severity="success" rounded data-testid="vertical-suggestion-active" />
                )}
              </span>
              <span className="hc-vr-suggestion__meta">
                {s.vertical_highlight_id !== null && <span>#{s.vertical_highlight_id}</span>}
                <span data-testid="vertical-suggestion-range">
                  {formatVideoTime(s.start_time)} – {formatVideoTime(s.end_time)}
                </span>
              </span>
              {(f.quality === 'good' || f.reason.length > 0) && (
                <span className={`hc-vr-suggestion__rating${f.quality === 'good' ? ' is-good' : ' is-bad'}`}>
                  <i
                    className={`pi ${f.quality === 'good' ? 'pi-thumbs-up' : 'pi-thumbs-down'}`}
                    aria-hidden="true"
                  />
                  {f.quality === 'good'
                    ? 'Good'
                    : `${f.reason.length} reason${f.reason.length > 1 ? 's' : ''}`}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface FeedbackPanelProps {
  suggestion: Suggestion;
  feedback: FeedbackState;
  onChange(next: FeedbackState): void;
  disabled: boolean;
}

function FeedbackPanel({ suggestion, feedback, onChange, disabled }: FeedbackPanelProps) {
  const id = suggestion.vertical_content_id;
  const f = feedbackOf(feedback, id);
  return (
    <section
      className="hc-vr-feedback"
      aria-labelledby="hc-vr-feedback-title"
      data-testid="vertical-feedback"
    >
      <h3 id="hc-vr-feedback-title" className="hc-vr-section-title">
        Feedback <span className="hc-vr-section-title__for">{suggestionLabel(suggestion.source)}</span>
      </h3>
      <div className="hc-vr-check hc-vr-check--good">
        <Checkbox
          inputId={`hc-vr-good-${id}`}
          checked={f.quality === 'good'}
          onChange={(e) => onChange(setGood(feedback, id, Boolean(e.checked)))}
          disabled={disabled}
          data-testid="vertical-quality-good"
        />
        <label htmlFor={`hc-vr-good-${id}`}>Good quality</label>
      </div>
      <p className="hc-vr-feedback__hint">Or the reasons for a bad one:</p>
      {VERTICAL_BAD_QUALITY_REASONS.map((reason, i) => (
        <div key={reason} className="hc-vr-check">
          <Checkbox
            inputId={`hc-vr-reason-${id}-${i}`}
            checked={f.reason.includes(reason)}
            onChange={() => onChange(toggleReason(feedback, id, reason))}
            disabled={disabled}
            data-testid="vertical-reason"
            data-reason={reason}
          />
          <label htmlFor={`hc-vr-reason-${id}-${i}`}>{reason}</label>
        </div>
      ))}
    </section>
  );
}

interface ActionButtonProps {
  action: VerticalAction;
  label: string;
  icon: string;
  enabled: boolean;
  busy: boolean;
  loading?: boolean;
  severity?: 'danger' | 'secondary';
  outlined?: boolean;
  onRun(): void;
  /** A click on the disabled button (it takes no clicks itself; its wrapper does). */
  onRefused(): void;
}

function ActionButton(props: ActionButtonProps) {
  const hint = KEY_HINTS[props.action];
  const disabled = !props.enabled || props.busy;
  return (
    <span className="hc-vr-action" onClick={disabled && !props.busy ? props.onRefused : undefined}>
      <Button
        type="button"
        label={props.label}
        icon={props.icon}
        severity={props.severity}
        outlined={props.outlined}
        disabled={disabled}
        loading={props.loading}
        onClick={props.onRun}
        data-testid={`vertical-${props.action}`}
      >
        {hint && <kbd className="hc-kbd-inline">{hint}</kbd>}
      </Button>
    </span>
  );
}

export function ReviewModal({ task, onClose, onChanged }: ReviewModalProps) {
  const toast = useToast();
  // The task is this reviewer's while the modal is open (its edit modal acts under the same lease).
  const lock = useTaskLock('vertical_task', task.video_id);
  const refusedWith = lock.state.status === 'refused' ? lock.state.message : null;
  const toldRefusal = useRef<string | null>(null);
  useEffect(() => {
    if (refusedWith === null || toldRefusal.current === refusedWith) return;
    toldRefusal.current = refusedWith;
    // Someone else took it first: say who, and let the lists show it.
    toast.error(refusedWith);
    onChanged();
    onClose();
  }, [refusedWith, toast, onChanged, onClose]);
  const details = useTaskDetails({
    video_id: task.video_id,
    status: task.status,
    content_type: task.content_type,
  });
  const limitSetting = useSetting(ALGO_SUGGESTIONS_SETTING);
  const limit = suggestionLimit(limitSetting.value);
  const suggestions = useMemo(
    () => (details.data ? cappedSuggestions(details.data, limit) : null),
    [details.data, limit],
  );
  const ready = suggestions !== null && !limitSetting.isPending;

  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  // The first load of the suggestions gives the starting feedback and selection.
  useEffect(() => {
    if (!ready || feedback !== null) return;
    setFeedback(initialFeedback(suggestions));
    setSelectedId(initialSelection(suggestions)?.vertical_content_id ?? null);
  }, [ready, suggestions, feedback]);

  const [refusal, setRefusal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renderJobId, setRenderJobId] = useState<string | null>(null);
  // Manual and Modify ask first, then open the edit modal on the selected suggestion.
  const [confirm, setConfirm] = useState<ConfirmStep | null>(null);
  const [editMode, setEditMode] = useState<EditMode | null>(null);
  const approve = useApproveSuggestion();
  const reject = useRejectTask();
  const busy = approve.isPending || reject.isPending;
  // Without the live lease every action would be refused: they wait for it (or for 'Open again').
  const unlocked = !lockAllowsActions(lock);

  const state = feedback ?? {};
  const rules = actionRules(state, selectedId, task.content_type);
  const selected = suggestions?.find((s) => s.vertical_content_id === selectedId) ?? null;
  const done = renderJobId !== null;

  const changeFeedback = (next: FeedbackState) => {
    setFeedback(next);
    setRefusal(false);
  };

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
        { video_id: task.video_id, reason: allReasons(state), content_type: task.content_type, fence },
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

  // Shortcuts while the review modal is in front: off under the edit modal or a dialog, once done, and
  // while a field takes text.
  const editing = editMode !== null;
  const dialogOpen = error !== null || confirm !== null;
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = isTextEntry(document.activeElement as HTMLElement | null);
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
  } else if (!ready || feedback === null) {
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
              onSelect={setSelectedId}
              onHover={setHoveredId}
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
            hoveredId={hoveredId}
            onHover={setHoveredId}
            onSelect={setSelectedId}
            startAt={selected?.start_time}
          />
          {done && <RenderProgress jobId={renderJobId} task={task} onFailed={setError} />}
        </div>
      </div>
    );
  }

  const footer = (
    <div className="hc-vr-footer">
      <LockNotice lock={lock} testId="vertical-lock-notice" />
      {refusal && (
        <Message
          severity="warn"
          text={messages.verticalFeedbackRequired}
          className="hc-vr-refusal"
          data-testid="vertical-feedback-required"
        />
      )}
      <span className="flex-1" />
      {done ? (
        <Button type="button" label="Close" onClick={onClose} data-testid="vertical-close" />
      ) : (
        <>
          <ActionButton
            action="reject"
            label="Reject"
            icon="pi pi-times"
            severity="danger"
            outlined
            enabled={rules.enabled.reject}
            busy={busy || unlocked}
            loading={reject.isPending}
            onRun={() => run('reject')}
            onRefused={() => setRefusal(true)}
          />
          {rules.shown.manual && (
            <ActionButton
              action="manual"
              label="Manual"
              icon="pi pi-pencil"
              outlined
              enabled={rules.enabled.manual}
              busy={busy || unlocked}
              onRun={() => run('manual')}
              onRefused={() => setRefusal(true)}
            />
          )}
          <ActionButton
            action="modify"
            label="Modify"
            icon="pi pi-sliders-h"
            outlined
            enabled={rules.enabled.modify}
            busy={busy || unlocked}
            onRun={() => run('modify')}
            onRefused={() => setRefusal(true)}
          />
          <ActionButton
            action="approve"
            label="Approve"
            icon="pi pi-check"
            enabled={rules.enabled.approve}
            busy={busy || unlocked}
            loading={approve.isPending}
            onRun={() => run('approve')}
            onRefused={() => setRefusal(true)}
          />
        </>
      )}
    </div>
  );

  return (
    <>
      <Dialog
        visible
        onHide={onClose}
        header={<ModalHeader task={task} />}
        footer={footer}
        className="hc-vr-dialog"
        draggable={false}
        resizable={false}
        blockScroll
        data-testid="vertical-review-modal"
      >
        {body}
      </Dialog>
      <ErrorDialog message={error} onClose={() => setError(null)} />
      <ConfirmStepDialog step={confirm} onClose={() => setConfirm(null)} />
      {editMode && selected && (
        <EditModal
          task={task}
          suggestion={selected}
          mode={editMode}
          lock={lock}
          reasons={allReasons(state)}
          onClose={() => setEditMode(null)}
          onSubmitted={(result) => {
            // The review modal follows the render once the edit modal is closed; the task has left review.
            lock.release();
            setRenderJobId(result.job_id);
            onChanged();
          }}
        />
      )}
    </>
  );
}
