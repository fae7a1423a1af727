import { useEffect, useRef } from 'react';

/** The Simulate key (lib/shortcuts.ts lists it): F9, anywhere on the page but in a dialog. */
export function useSimulateShortcut(onSimulate: () => void, enabled: boolean): void {
  const latest = useRef(onSimulate);
  useEffect(() => {
    latest.current = onSimulate;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F9' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) latest.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
