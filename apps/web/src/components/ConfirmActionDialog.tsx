// A yes/no confirmation driven by state (a list's status toggle, a delete, a product switch), with test ids
// on the dialog, its message and both buttons.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Button } from 'primereact/button';
import './confirm-action-dialog.css';

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
  /** Test id of the dialog; its message and buttons add -message, -reject and -accept. */
  testId: string;
}

/** A PrimeReact ConfirmDialog driven by state: shown while `request` is set. */
export function ConfirmActionDialog({ request, onClose, testId }: ConfirmActionDialogProps) {
  return (
    <ConfirmDialog
      visible={request !== null}
      onHide={onClose}
      header={request?.header}
      message={<span data-testid={`${testId}-message`}>{request?.message}</span>}
      icon={request?.danger ? 'pi pi-trash' : 'pi pi-question-circle'}
      className="hc-confirm"
      data-testid={testId}
      footer={
        <div className="hc-confirm__footer">
          <Button type="button" label="Cancel" text onClick={onClose} data-testid={`${testId}-reject`} />
          <Button
            type="button"
            label={request?.acceptLabel ?? 'Yes'}
            severity={request?.danger ? 'danger' : undefined}
            autoFocus
            onClick={() => {
              request?.onAccept();
              onClose();
            }}
            data-testid={`${testId}-accept`}
          />
        </div>
      }
    />
  );
}
