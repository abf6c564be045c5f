// The story editor's dialogs (discard, delete page, change title, newer version, leave page): modal, no
// close icon, every answer a button with a test id. A destructive dialog focuses the safe answer.
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

export interface DialogButton {
  label: string;
  onClick: () => void;
  testId: string;
  /** The main answer (filled); the others are outlined. */
  primary?: boolean;
  danger?: boolean;
}

export interface StoryDialogRequest {
  header: string;
  message: ReactNode;
  /** Left to right; the first is what Esc does. */
  buttons: DialogButton[];
  testId: string;
}

export function StoryDialog({ request }: { request: StoryDialogRequest | null }) {
  const buttons = request?.buttons ?? [];
  const danger = buttons.some((b) => b.danger);
  return (
    <Dialog
      visible={request !== null}
      onHide={() => buttons[0]?.onClick()}
      header={request?.header}
      modal
      closable={false}
      draggable={false}
      resizable={false}
      className="hc-se-dialog"
      data-testid={request?.testId}
      footer={
        <div className="hc-se-dialog__footer">
          {buttons.map((b, i) => (
            <Button
              key={b.testId}
              type="button"
              label={b.label}
              outlined={!b.primary}
              severity={b.danger ? 'danger' : undefined}
              autoFocus={danger ? i === 0 : Boolean(b.primary)}
              onClick={b.onClick}
              data-testid={b.testId}
            />
          ))}
        </div>
      }
    >
      <div className="hc-se-dialog__message" data-testid={`${request?.testId ?? 'se-dialog'}-message`}>
        {request?.message}
      </div>
    </Dialog>
  );
}
