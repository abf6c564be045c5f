// The 401 dialog itself, loaded by SessionExpiredDialog the first time a session ends: the
// PrimeReact Dialog it needs is kept out of the first screen's JavaScript (the web-vitals bench).
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';

export function SessionExpiredPrompt({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      header="Session expired"
      visible
      onHide={onClose}
      closable
      draggable={false}
      resizable={false}
      style={{ width: 'min(28rem, 92vw)' }}
      footer={<Button type="button" label="Go to login" icon="pi pi-sign-in" onClick={onClose} autoFocus />}
      data-testid="session-expired-dialog"
    >
      <p className="m-0 line-height-3">{messages.sessionExpired}</p>
    </Dialog>
  );
}
