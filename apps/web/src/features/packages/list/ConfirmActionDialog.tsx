// A yes/no confirmation for the list's status toggle and delete, with test ids on both buttons.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Button } from 'primereact/button';

export interface ConfirmRequest {
  header: string;
  message: string;
  acceptLabel: string;
  /** Red accept button for destructive actions. */
  danger?: boolean;
  onAccept: () => void;
}

interface ConfirmActionDialogProps {
  request: ConfirmRequest | null;
  onClose: () => void;
}

/** A PrimeReact ConfirmDialog driven by state: shown while `request` is set. */
export function ConfirmActionDialog({ request, onClose }: ConfirmActionDialogProps) {
  return (
    <ConfirmDialog
      visible={request !== null}
      onHide={onClose}
      header={request?.header}
      message={<span data-testid="package-confirm-message">{request?.message}</span>}
      icon={request?.danger ? 'pi pi-trash' : 'pi pi-question-circle'}
      className="hc-confirm"
      data-testid="package-confirm"
      footer={
        <div className="hc-confirm__footer">
          <Button type="button" label="Cancel" text onClick={onClose} data-testid="package-confirm-reject" />
          <Button
            type="button"
            label={request?.acceptLabel ?? 'Yes'}
            severity={request?.danger ? 'danger' : undefined}
            autoFocus
            onClick={() => {
              request?.onAccept();
              onClose();
            }}
            data-testid="package-confirm-accept"
          />
        </div>
      }
    />
  );
}
