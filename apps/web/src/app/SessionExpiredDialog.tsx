// The 401 dialog: any call answered 401 while a session exists opens it; closing it clears
// local data and goes to the root, which then guards to /login. The root is loaded afresh so no screen
// state or cached data of the expired session survives. The listener is always there; the dialog's code
// is loaded when it is first needed (SessionExpiredPrompt).
import { Suspense, useEffect, useState } from 'react';
import { onUnauthorized } from '../lib/api.ts';
import { clearLocalData, readSession } from '../lib/session.ts';
import { lazyPart } from '../lib/lazyPart.ts';

const SessionExpiredPrompt = lazyPart(() =>
  import('./SessionExpiredPrompt.tsx').then((m) => ({ default: m.SessionExpiredPrompt })),
);

export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);

  // A failed login also answers 401, but there is no session then: the login form reports it itself.
  useEffect(() => onUnauthorized(() => setOpen(readSession() !== null)), []);

  const close = () => {
    setOpen(false);
    clearLocalData();
    window.location.assign('/');
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredPrompt onClose={close} />
    </Suspense>
  );
}
