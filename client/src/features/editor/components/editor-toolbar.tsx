import { useRef, type ReactNode } from 'react';
import { ChevronDown, Hammer, Save } from 'lucide-react';
import { ActionMenu } from '@/components/action-menu';
import { unavailableWhile, useFocusOnArrival } from '@/lib/focus-place';

export interface EditorToolbarProps {
  projectName: string;
  activeFile: string | null;
  canSave: boolean;
  canSaveAll: boolean;
  canBuild: boolean;
  building: boolean;
  onSave(): void;
  onSaveAll(): void;
  onBuild(): void;
  /** More actions after Build (Simulate), placed by the route. */
  extraActions?: ReactNode;
}

/**
 * The editor's title ("Project: name / file") with Save (and Save all) and Build. When there is nothing
 * to save or a build is being queued they are unavailable but keep the focus (lib/focus-place.ts). A new
 * project's editor, opened from the projects page's dialog, starts with the focus on the title.
 */
export function EditorToolbar({
  projectName,
  activeFile,
  canSave,
  canSaveAll,
  canBuild,
  building,
  onSave,
  onSaveAll,
  onBuild,
  extraActions,
}: EditorToolbarProps) {
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(title);
  return (
    <header className="editor-header">
      {/* Focusable from code only: a new project's editor opens with the focus here. */}
      <h1
        id="editor-title"
        ref={title}
        tabIndex={-1}
        title={`Project: ${projectName}${activeFile ? ` / ${activeFile}` : ''}`}
      >
        Project: {projectName}
        {activeFile && <span className="editor-title-file"> / {activeFile}</span>}
      </h1>
      <div className="editor-actions">
        <div className="split-button">
          <button
            type="button"
            className="button"
            {...unavailableWhile(!canSave, onSave)}
            aria-keyshortcuts="Control+S"
          >
            <Save size={16} aria-hidden="true" /> Save
          </button>
          <ActionMenu
            label="More save options"
            icon={<ChevronDown size={16} aria-hidden="true" />}
            items={[{ label: 'Save all', onSelect: onSaveAll, disabled: !canSaveAll }]}
          />
        </div>
        <button
          type="button"
          className="button button-primary"
          {...unavailableWhile(!canBuild || building, onBuild)}
          aria-busy={building}
          aria-keyshortcuts="F8"
        >
          <Hammer size={16} aria-hidden="true" /> {building ? 'Building…' : 'Build'}
        </button>
        {extraActions}
      </div>
    </header>
  );
}
