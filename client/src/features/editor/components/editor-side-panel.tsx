import { useId, type ReactNode } from 'react';
import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useStoredBoolean } from '@/lib/stored-boolean';

/**
 * The build sidebar beside the code: folds to a narrow strip with one button (aria-expanded), so the
 * code gets the width; the choice is remembered in this browser.
 */
export function EditorSidePanel({ children }: { children: ReactNode }) {
  const bodyId = useId();
  const [stored, setStored] = useStoredBoolean('editor-side-panel-open');
  const open = stored ?? true;
  return (
    <aside className={open ? 'editor-side' : 'editor-side editor-side-folded'} aria-label="Build">
      <button
        type="button"
        className="icon-button editor-side-toggle"
        aria-label="Build panel"
        aria-expanded={open}
        aria-controls={bodyId}
        title={open ? 'Hide the build panel' : 'Show the build panel'}
        onClick={() => setStored(!open)}
      >
        {open ? <PanelRightClose size={18} aria-hidden="true" /> : <PanelRightOpen size={18} aria-hidden="true" />}
      </button>
      <div id={bodyId} className="editor-side-body" hidden={!open}>
        {children}
      </div>
    </aside>
  );
}
