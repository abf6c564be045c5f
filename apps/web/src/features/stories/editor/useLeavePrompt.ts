// The leave-page prompt of an editor with unsaved changes: in-app navigation asks first (the returned
// blocker drives the dialog), and closing or reloading the tab gets the browser's own prompt. Going to
// the login page (the session ended) never asks.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { readSession } from '../../../lib/session.ts';
import { LOGIN_PATH } from '../../../lib/navigation.ts';

export function useLeavePrompt(unsaved: boolean) {
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== LOGIN_PATH &&
      readSession() !== null,
  );
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!unsavedRef.current || readSession() === null) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  /** The changes were saved or discarded: leaving right away no longer asks (before the state catches up). */
  const settle = () => {
    unsavedRef.current = false;
  };
  return { blocker, settle };
}
