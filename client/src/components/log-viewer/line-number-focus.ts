/** A drawn row: its 1-based log line and where it ends in the scroll area (px). */
export interface DrawnRow {
  line: number;
  end: number;
}

/**
 * The line whose number is the log's one tab stop: the one last focused while it is still drawn, else
 * the first line on screen (rows above the view are drawn too, as overscan). Null when no row is drawn.
 */
export function lineNumberTabStop(rows: readonly DrawnRow[], scrollOffset: number, focusedLine: number | null) {
  if (focusedLine !== null && rows.some((row) => row.line === focusedLine)) return focusedLine;
  return (rows.find((row) => row.end > scrollOffset) ?? rows[0])?.line ?? null;
}

/** The row a key moves the line-number focus to (Up, Down, Home, End), or null for other keys. */
export function nextLineNumberItem(key: string, current: number, itemCount: number): number | null {
  const last = Math.max(itemCount - 1, 0);
  switch (key) {
    case 'ArrowUp':
      return Math.max(current - 1, 0);
    case 'ArrowDown':
      return Math.min(current + 1, last);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
