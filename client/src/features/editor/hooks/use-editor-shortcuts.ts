import { useEffect, useRef } from 'react';

export interface EditorShortcuts {
  /** Ctrl/Cmd+S. */
  onSave(): void;
  /** F8. */
  onSaveAndBuild(): void;
}

/**
 * The editor page's keys, anywhere on the page (in the code editor too, whatever its keybindings):
 * Ctrl/Cmd+S saves, F8 saves and builds. Caught before CodeMirror and the browser see them; not
 * while a dialog is open, though Ctrl/Cmd+S in a dialog still does not open the browser's "Save page".
 */
export function useEditorShortcuts(shortcuts: EditorShortcuts): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modifier = event.ctrlKey || event.metaKey;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) {
        if (modifier && !event.altKey && event.key.toLowerCase() === 's') event.preventDefault();
        return;
      }
      if (event.key === 'F8' && !modifier && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) latest.current.onSaveAndBuild();
      } else if (modifier && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) latest.current.onSave();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
