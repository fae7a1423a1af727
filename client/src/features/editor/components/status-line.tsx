import { formatDay, formatRelative } from '@/lib/format';
import { LANGUAGE_LABELS, fileLanguage } from './code-editor/file-language';
import type { CursorPosition } from './code-editor/code-editor';
import type { VimMode } from './code-editor/vim-support';

export interface StatusLineProps {
  fileName: string | null;
  lastUpdated: string | null | undefined;
  cursor: CursorPosition;
  /** With vim keybindings: the mode (NORMAL, INSERT, VISUAL …), as vim's own status line shows it. */
  vimMode?: VimMode | null;
  /** Announced politely: "Saved adder.vhd". */
  message: string;
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
        {message}
      </span>
      {fileName && <span className="status-line-language">{LANGUAGE_LABELS[fileLanguage(fileName)]}</span>}
    </div>
  );
}
