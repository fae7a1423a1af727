import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { focusIsLost, rememberPlace } from '@/lib/focus-place';

export interface EditorTabsProps {
  /** The id of the editor panel the tabs control (see tabPanelProps). */
  panelId: string;
  openFiles: string[];
  activeFile: string | null;
  dirtyNames: ReadonlySet<string>;
  onActivate(name: string): void;
  onClose(name: string): void;
}

const tabId = (panelId: string, index: number) => `${panelId}-tab-${index}`;

/** What makes the editor's surface the tab panel of the active tab (nothing while no tab is active). */
export function tabPanelProps(panelId: string, openFiles: readonly string[], activeFile: string | null) {
  const index = activeFile === null ? -1 : openFiles.indexOf(activeFile);
  if (index < 0) return {};
  return { id: panelId, role: 'tabpanel', 'aria-labelledby': tabId(panelId, index) } as const;
}

/**
 * One tab per open file, as a WAI-ARIA tablist like code editors have: the active file's tab is
 * selected and the one tab stop; arrow keys, Home and End move and select (selection follows focus:
 * switching files is instant); Delete closes the focused tab. A tab's content is presentational for
 * assistive technology, so the close mark is for the mouse (also the middle button) and Delete, which
 * the tab announces (aria-keyshortcuts), is its keyboard twin. Once Delete has closed the focused tab,
 * focus goes to the tab selected in its place (or, with none left, the page's heading), not to <body>.
 */
export function EditorTabs({ panelId, openFiles, activeFile, dirtyNames, onActivate, onClose }: EditorTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  /** The tab Delete closed, and where focus goes once it has left the page. */
  const closing = useRef<{ tab: HTMLElement; place: () => HTMLElement | null } | null>(null);
  useLayoutEffect(() => {
    const armed = closing.current;
    closing.current = null;
    // Still there: a dialog asks about its unsaved changes first, and gives focus back itself.
    if (armed && !armed.tab.isConnected && focusIsLost()) armed.place()?.focus();
  });
  if (openFiles.length === 0) return null;
  const selected = activeFile === null ? -1 : openFiles.indexOf(activeFile);

  const select = (index: number) => {
    const name = openFiles[(index + openFiles.length) % openFiles.length]!;
    onActivate(name);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[openFiles.indexOf(name)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: openFiles.length - 1,
    };
    if (event.key in moves) select(moves[event.key]!);
    else if (event.key === 'Delete') {
      closing.current = { tab: event.currentTarget, place: rememberPlace(event.currentTarget) };
      onClose(openFiles[index]!);
    } else if (event.key === 'Enter' || event.key === ' ') onActivate(openFiles[index]!);
    else return;
    event.preventDefault();
  };

  return (
    <div className="editor-tabs">
      <div ref={list} role="tablist" aria-label="Open files">
        {openFiles.map((name, index) => {
          const dirty = dirtyNames.has(name);
          const isSelected = index === selected;
          return (
            <div
              key={name}
              id={tabId(panelId, index)}
              role="tab"
              aria-label={dirty ? `${name} (unsaved changes)` : name}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              aria-keyshortcuts="Delete"
              // The selected tab, else the first, is the list's one tab stop.
              tabIndex={isSelected || (selected < 0 && index === 0) ? 0 : -1}
              className={isSelected ? 'editor-tab editor-tab-active' : 'editor-tab'}
              data-dirty={dirty}
              onClick={() => onActivate(name)}
              onAuxClick={(event) => event.button === 1 && onClose(name)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="editor-tab-select">
                {name}
                {dirty && (
                  <span className="dirty-mark" data-testid="tab-dirty-mark" aria-hidden="true">
                    {' ●'}
                  </span>
                )}
              </span>
              <span
                className="editor-tab-close"
                title={`Close ${name}`}
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  onClose(name);
                }}
              >
                <X size={14} aria-hidden="true" />
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
