import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before unsaved changes are left behind: a route change to another page is blocked until the
 * caller proceeds or resets the returned blocker; closing or reloading the tab gets the browser's
 * own prompt. Changing only the query (e.g. `?file=…&line=…`) is not leaving.
 */
export function useLeaveGuard(hasUnsavedChanges: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  return blocker;
}
