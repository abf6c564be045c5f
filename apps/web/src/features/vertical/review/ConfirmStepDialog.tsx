// The question asked before Manual ('Are you sure?') and Modify ('You will be redirected to a manual
// editing screen'): Confirm opens the edit modal, Cancel goes back to the review.
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

export interface ConfirmStep {
  header: string;
  message: string;
  onConfirm(): void;
}

interface ConfirmStepDialogProps {
  step: ConfirmStep | null;
  onClose(): void;
}

export function ConfirmStepDialog({ step, onClose }: ConfirmStepDialogProps) {
  return (
    <Dialog
      header={step?.header}
      visible={step !== null}
      onHide={onClose}
      draggable={false}
      resizable={false}
      style={{ width: 'min(28rem, 92vw)' }}
      footer={
        <div className="hc-vr-confirm__footer">
          <Button type="button" label="Cancel" text onClick={onClose} data-testid="vertical-confirm-cancel" />
          <Button
            type="button"
            label="Confirm"
            autoFocus
            onClick={() => {
              step?.onConfirm();
              onClose();
            }}
            data-testid="vertical-confirm-accept"
          />
        </div>
      }
      data-testid="vertical-confirm"
    >
      <p className="hc-vr-confirm__message" data-testid="vertical-confirm-message">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span>{step?.message}</span>
      </p>
    </Dialog>
  );
}
