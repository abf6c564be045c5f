// The editor's yes/no dialogs ('Highlight removed', leave-page, discard, delete): modal, no close icon, so
// every answer goes through one of the two buttons, each with a test id. A destructive dialog focuses
// the safe answer.
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

export interface EditorDialogProps {
  visible: boolean;
  header: string;
  message: ReactNode;
  acceptLabel: string;
  rejectLabel: string;
  danger?: boolean;
  onAccept: () => void;
  onReject: () => void;
  testId: string;
  acceptTestId: string;
  rejectTestId: string;
}

export function EditorDialog(props: EditorDialogProps) {
  return (
    <Dialog
      visible={props.visible}
      onHide={props.onReject}
      header={props.header}
      modal
      closable={false}
      draggable={false}
      resizable={false}
      className="hc-pe-dialog"
      data-testid={props.testId}
      footer={
        <div className="hc-pe-dialog__footer">
          <Button
            type="button"
            label={props.rejectLabel}
            outlined
            autoFocus={props.danger}
            onClick={props.onReject}
            data-testid={props.rejectTestId}
          />
          <Button
            type="button"
            label={props.acceptLabel}
            severity={props.danger ? 'danger' : undefined}
            autoFocus={!props.danger}
            onClick={props.onAccept}
            data-testid={props.acceptTestId}
          />
        </div>
      }
    >
      <p className="hc-pe-dialog__message" data-testid={`${props.testId}-message`}>
        {props.message}
      </p>
    </Dialog>
  );
}
