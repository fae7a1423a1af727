import { X } from 'lucide-react';

export interface EditorTabsProps {
  openFiles: string[];
  activeFile: string | null;
  dirtyNames: ReadonlySet<string>;
  onActivate(name: string): void;
  onClose(name: string): void;
}

/** One tab per open file, with a dirty mark and a close button. */
export function EditorTabs({ openFiles, activeFile, dirtyNames, onActivate, onClose }: EditorTabsProps) {
  if (openFiles.length === 0) return null;
  return (
    <nav className="editor-tabs" aria-label="Open files">
      <ul>
        {openFiles.map((name) => {
          const dirty = dirtyNames.has(name);
          return (
            <li
              key={name}
              className={name === activeFile ? 'editor-tab editor-tab-active' : 'editor-tab'}
              data-dirty={dirty}
            >
              <button
                type="button"
                className="editor-tab-select"
                aria-current={name === activeFile ? 'page' : undefined}
                onClick={() => onActivate(name)}
                onAuxClick={(event) => event.button === 1 && onClose(name)}
              >
                {name}
                {dirty && (
                  <span className="dirty-mark" data-testid="tab-dirty-mark">
                    <span aria-hidden="true"> ●</span>
                    <span className="visually-hidden"> (unsaved changes)</span>
                  </span>
                )}
              </button>
              <button
                type="button"
                className="editor-tab-close"
                aria-label={`Close ${name}`}
                onClick={() => onClose(name)}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
