// What an open task says about its lease when it is not simply held: lost (a heartbeat was refused) or
// never taken (a failure); both keep the actions off and offer to take the task again.
import { Message } from 'primereact/message';
import { Button } from 'primereact/button';
import type { TaskLock } from './useTaskLock.ts';
import './locks.css';

export function LockNotice({ lock, testId }: { lock: TaskLock; testId: string }) {
  const { state } = lock;
  if (state.status !== 'lost' && state.status !== 'failed') return null;
  return (
    <Message
      severity="error"
      className="hc-lock-banner"
      data-testid={testId}
      data-status={state.status}
      content={
        <div className="flex align-items-center gap-3 w-full">
          <i className="pi pi-lock" aria-hidden="true" />
          <span className="flex-1" data-testid={`${testId}-message`}>
            {state.message}
          </span>
          <Button
            type="button"
            label="Open again"
            icon="pi pi-refresh"
            size="small"
            outlined
            onClick={lock.retry}
            data-testid={`${testId}-retry`}
          />
        </div>
      }
    />
  );
}

/** Whether the task's actions may run: only while this screen holds its lease. */
export const lockAllowsActions = (lock: TaskLock) => lock.state.status === 'held';
