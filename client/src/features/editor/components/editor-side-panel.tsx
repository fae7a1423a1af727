import { useId, useState, type ReactNode } from 'react';
import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { isNarrowScreen } from '@/lib/narrow-screen';
import { useStoredBoolean } from '@/lib/stored-boolean';

/**
 * The build sidebar beside the code: folds to a narrow strip with one button (aria-expanded), so the
 * code gets the width; the choice is remembered in this browser. On a narrow screen it is a row below
 * the code instead, folded until the user opens it (open, it would leave the code a few lines), its
 * button named in words there, as the icon's "beside" means nothing in a stack.
 */
export function EditorSidePanel({ children }: { children: ReactNode }) {
  const bodyId = useId();
  const [stored, setStored] = useStoredBoolean('editor-side-panel-open');
  const [foldedAtFirst] = useState(isNarrowScreen);
  const open = stored ?? !foldedAtFirst;
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
        <span className="editor-side-toggle-text">Build panel</span>
      </button>
      <div id={bodyId} className="editor-side-body" hidden={!open}>
        {children}
      </div>
    </aside>
  );
}
