import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { authStore } from './auth-store';

/**
 * Unsaved edits are not lost without a word: while `dirty`, going to another screen of the app
 * is held (the caller asks the user through the blocker it gets back), and closing or reloading
 * the tab makes the browser ask. A signed-out user (the session ended) is let through.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && Boolean(authStore.get().user) && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}
