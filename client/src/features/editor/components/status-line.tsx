import { formatDay, formatRelative } from '@/lib/format';
import { LANGUAGE_LABELS, fileLanguage } from './code-editor/file-language';
import type { CursorPosition } from './code-editor/code-editor';
import type { VimMode } from './code-editor/vim-support';

/** A message for the status line; `id` changes with every announcement, the same text again included. */
export interface Announcement {
  text: string;
  id: number;
}

export interface StatusLineProps {
  fileName: string | null;
  lastUpdated: string | null | undefined;
  cursor: CursorPosition;
  /** With vim keybindings: the mode (NORMAL, INSERT, VISUAL …), as vim's own status line shows it. */
  vimMode?: VimMode | null;
  /** Announced politely: "Saved adder.vhd". */
  message: Announcement;
}

/** "Last updated: 8/Apr/2025 (2 days ago) | Line 1, Col 0", as the real product shows it. */
export function StatusLine({ fileName, lastUpdated, cursor, vimMode, message }: StatusLineProps) {
  return (
    <div className="status-line">
      {vimMode && (
        <span className="status-line-vim-mode" data-testid="vim-mode">
          {vimMode}
        </span>
      )}
      {fileName && (
        <span data-testid="status-position">
          {lastUpdated ? `Last updated: ${formatDay(lastUpdated)} (${formatRelative(lastUpdated)}) | ` : ''}
          Line {cursor.line}, Col {cursor.col}
        </span>
      )}
      <span className="status-line-message" role="status">
        {/* A new node per announcement: the same text set again ("Saved adder.vhd" after a second save)
            changes nothing in the page otherwise, and a screen reader says nothing. */}
        <span key={message.id}>{message.text}</span>
      </span>
      {fileName && <span className="status-line-language">{LANGUAGE_LABELS[fileLanguage(fileName)]}</span>}
    </div>
  );
}
