// An admin's 'Break lock' on a held row: a confirmation, then the break call; the row's tag goes as soon
// as the call answers (and for everyone else through the pushed lock_changed).
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LockChangedEvent, LockKind } from '@hc/shared/live/events';
import { messages } from '@hc/shared/messages';
import { ConfirmActionDialog, type ConfirmRequest } from '../../components/ConfirmActionDialog.tsx';
import { useToast } from '../toast.tsx';
import { useBreakLock } from './api/task-lock.ts';

export interface BreakLockAction {
  /** Asks to break the lock `holder` has on row `id`. */
  ask(id: number, holder: string): void;
  /** The confirmation dialog; render it once on the page. */
  dialog: ReactNode;
}

export function useBreakLockAction(
  kind: LockKind,
  onBroken: (event: LockChangedEvent) => void,
): BreakLockAction {
  const toast = useToast();
  const breakLock = useBreakLock();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const ask = (id: number, holder: string) =>
    setRequest({
      header: 'Break lock',
      message: `${holder} is reviewing this task. Break their lock? Their next action on it will be refused and they will have to open it again.`,
      acceptLabel: 'Break lock',
      danger: true,
      onAccept: () =>
        breakLock.mutate(
          { kind, id },
          {
            onSuccess: () => {
              onBroken({ kind, id, holder_email: null, expires_at: null });
              toast.success('Lock broken: the task is free to open.');
            },
            onError: (error) =>
              toast.error(error instanceof Error ? error.message : messages.somethingWentWrong),
          },
        ),
    });
  return {
    ask,
    dialog: (
      <ConfirmActionDialog request={request} onClose={() => setRequest(null)} testId="break-lock-confirm" />
    ),
  };
}
