// The 401 dialog (spec 000 §8): any call answered 401 while a session exists opens it; closing it clears
// local data and goes to the root, which then guards to /login. The root is loaded afresh so no screen
// state or cached data of the expired session survives.
import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { onUnauthorized } from '../lib/api.ts';
import { clearLocalData, readSession } from '../lib/session.ts';

export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);

  // A failed login also answers 401, but there is no session then: the login form reports it itself.
  useEffect(() => onUnauthorized(() => setOpen(readSession() !== null)), []);

  const close = () => {
    setOpen(false);
    clearLocalData();
    window.location.assign('/');
  };

  return (
    <Dialog
      header="Session expired"
      visible={open}
      onHide={close}
      closable
      draggable={false}
      resizable={false}
      style={{ width: 'min(28rem, 92vw)' }}
      footer={<Button type="button" label="Go to login" icon="pi pi-sign-in" onClick={close} autoFocus />}
      data-testid="session-expired-dialog"
    >
      <p className="m-0 line-height-3">{messages.sessionExpired}</p>
    </Dialog>
  );
}
