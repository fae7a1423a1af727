import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FileLocation } from '@cloud-compile/shared';
import { formatLineRange, selectLine, type LineRange } from './line-range';

interface LineSelectionOptions {
  /** The selected lines when the page controls them (a permalink); undefined: the viewer keeps its own. */
  highlight: LineRange | null | undefined;
  onHighlightChange: ((range: LineRange) => void) | undefined;
  onOpenLocation: ((file: string, line: number, location: FileLocation) => void) | undefined;
  lineCount: number;
  /** Scrolls a line (0-based) into view. */
  revealLine(index: number, align: 'center'): void;
}

/**
 * The selected lines: a click on a line number selects it (Shift+click: a range). A highlight that did
 * not come from such a click (a permalink) scrolls into view once its lines exist. The click and
 * file-link handlers stay the same objects, so the memoised rows do not re-render for them.
 */
export function useLineSelection({
  highlight,
  onHighlightChange,
  onOpenLocation,
  lineCount,
  revealLine,
}: LineSelectionOptions) {
  const [ownHighlight, setOwnHighlight] = useState<LineRange | null>(null);
  const controlled = highlight !== undefined;
  const selection = controlled ? highlight : ownHighlight;

  const handledHighlight = useRef<string | null>(null);
  const selfSelected = useRef<string | null>(null);
  const highlightFrom = selection?.from;
  const highlightKey = selection ? formatLineRange(selection) : null;
  useEffect(() => {
    if (highlightKey === null || highlightFrom === undefined) {
      handledHighlight.current = null;
      return;
    }
    if (highlightKey === handledHighlight.current || lineCount < highlightFrom) return;
    handledHighlight.current = highlightKey;
    if (highlightKey === selfSelected.current) return;
    revealLine(highlightFrom - 1, 'center');
  }, [highlightKey, highlightFrom, lineCount, revealLine]);

  const latest = useRef({ selection, controlled, onHighlightChange, onOpenLocation });
  useLayoutEffect(() => {
    latest.current = { selection, controlled, onHighlightChange, onOpenLocation };
  });

  const onLineNumberClick = useCallback((lineNumber: number, extend: boolean) => {
    const { selection: current, controlled: isControlled, onHighlightChange: notify } = latest.current;
    const range = selectLine(current, lineNumber, extend);
    selfSelected.current = formatLineRange(range);
    if (!isControlled) setOwnHighlight(range);
    notify?.(range);
  }, []);

  const openLocation = useCallback((location: FileLocation) => {
    latest.current.onOpenLocation?.(location.file, location.line, location);
  }, []);

  return { selection, onLineNumberClick, openLocation };
}
