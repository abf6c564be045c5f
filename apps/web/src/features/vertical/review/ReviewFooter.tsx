// The review modal's footer: the lease notice, the refusal message, and Reject / Manual / Modify /
// Approve (Close once the task is done).
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { messages } from '@hc/shared/messages';
import { LockNotice } from '../../../lib/locks/LockNotice.tsx';
import type { TaskLock } from '../../../lib/locks/useTaskLock.ts';
import { ActionButton } from './ReviewParts.tsx';
import type { actionRules, VerticalAction } from './reviewFeedback.ts';

export interface ReviewFooterProps {
  lock: TaskLock;
  rules: ReturnType<typeof actionRules>;
  refusal: boolean;
  done: boolean;
  /** Actions are off: one is running, or the lease is not live. */
  busy: boolean;
  approving: boolean;
  rejecting: boolean;
  onRun(action: VerticalAction): void;
  onRefused(): void;
  onClose(): void;
}

export function ReviewFooter(props: ReviewFooterProps) {
  const { rules, busy } = props;
  return (
    <div className="hc-vr-footer">
      <LockNotice lock={props.lock} testId="vertical-lock-notice" />
      {props.refusal && (
        <Message
          severity="warn"
          text={messages.verticalFeedbackRequired}
          className="hc-vr-refusal"
          data-testid="vertical-feedback-required"
        />
      )}
      <span className="flex-1" />
      {props.done ? (
        <Button type="button" label="Close" onClick={props.onClose} data-testid="vertical-close" />
      ) : (
        <>
          <ActionButton
            action="reject"
            label="Reject"
            icon="pi pi-times"
            severity="danger"
            outlined
            enabled={rules.enabled.reject}
            busy={busy}
            loading={props.rejecting}
            onRun={() => props.onRun('reject')}
            onRefused={props.onRefused}
          />
          {rules.shown.manual && (
            <ActionButton
              action="manual"
              label="Manual"
              icon="pi pi-pencil"
              outlined
              enabled={rules.enabled.manual}
              busy={busy}
              onRun={() => props.onRun('manual')}
              onRefused={props.onRefused}
            />
          )}
          <ActionButton
            action="modify"
            label="Modify"
            icon="pi pi-sliders-h"
            outlined
            enabled={rules.enabled.modify}
            busy={busy}
            onRun={() => props.onRun('modify')}
            onRefused={props.onRefused}
          />
          <ActionButton
            action="approve"
            label="Approve"
            icon="pi pi-check"
            enabled={rules.enabled.approve}
            busy={busy}
            loading={props.approving}
            onRun={() => props.onRun('approve')}
            onRefused={props.onRefused}
          />
        </>
      )}
    </div>
  );
}
