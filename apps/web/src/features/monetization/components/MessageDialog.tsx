// The monetization pages' dialogs: a header, a message and one or two buttons (A/B warnings, saved,
// error, cancel and leave-page warnings).
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

interface MessageDialogProps {
  visible: boolean;
  header: string;
  message: ReactNode;
  testId: string;
  acceptLabel: string;
  onAccept: () => void;
  /** Without a reject label the dialog has one button; closing it counts as reject (or accept if none). */
  rejectLabel?: string;
  onReject?: () => void;
  severity?: 'danger' | 'warning' | 'success';
}

const ICONS = {
  danger: 'pi pi-times-circle',
  warning: 'pi pi-exclamation-triangle',
  success: 'pi pi-check-circle',
};

export function MessageDialog(props: MessageDialogProps) {
  const close = props.onReject ?? props.onAccept;
  return (
    <Dialog
      visible={props.visible}
      header={props.header}
      onHide={close}
      modal
      draggable={false}
      resizable={false}
      className="hc-mon-dialog"
      data-testid={props.testId}
      footer={
        <div className="flex justify-content-end gap-2">
          {props.rejectLabel && (
            <Button label={props.rejectLabel} text onClick={close} data-testid={`${props.testId}-reject`} />
          )}
          <Button
            label={props.acceptLabel}
            severity={props.severity === 'danger' ? 'danger' : undefined}
            onClick={props.onAccept}
            data-testid={`${props.testId}-accept`}
            autoFocus
          />
        </div>
      }
    >
      <div className="hc-mon-dialog__body">
        {props.severity && (
          <span
            className={`hc-mon-dialog__icon hc-mon-dialog__icon--${props.severity} ${ICONS[props.severity]}`}
          />
        )}
        <div data-testid={`${props.testId}-message`}>{props.message}</div>
      </div>
    </Dialog>
  );
}
