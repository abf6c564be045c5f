// The leave-page prompt of an editor with unsaved changes: in-app navigation asks first (the returned
// blocker drives the editor's dialog), and closing or reloading the tab gets the browser's own prompt.
// Signing out never asks: going to the login page, or with the session already gone, the unsaved work
// is in-memory state that leaving clears anyway.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { readSession } from './session.ts';
import { LOGIN_PATH } from './navigation.ts';

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

  /**
   * The changes were saved or discarded: leaving right away no longer asks, even before the state that
   * says so has rendered (a save navigates on at once).
   */
  const settle = useCallback(() => {
    unsavedRef.current = false;
  }, []);
  return { blocker, settle };
}
