// The 'Error' dialog of a failed vertical action (the review modal's and the review list's Retry): the
// first error of the call.
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';

export function ErrorDialog({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Dialog
      header={messages.verticalErrorTitle}
      visible={message !== null}
      onHide={onClose}
      draggable={false}
      resizable={false}
      style={{ width: 'min(30rem, 92vw)' }}
      footer={<Button type="button" label="OK" onClick={onClose} autoFocus data-testid="vertical-error-ok" />}
      data-testid="vertical-error-dialog"
    >
      <p className="m-0 line-height-3" data-testid="vertical-error-message">
        {message}
      </p>
    </Dialog>
  );
}
