import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { lineNumberTabStop, nextLineNumberItem } from './line-number-focus';

const LINE_NUMBER = 'log-viewer__line-number';

interface LineNumberFocusOptions {
  /** The rows drawn now (in view plus overscan), and the scroll area's offset. */
  items: readonly VirtualItem[];
  scrollOffset: number;
  /** Rows in the virtual list (the window's size). */
  itemCount: number;
  /** The 1-based log line of a virtual row. */
  lineOfItem(item: number): number;
  scrollToItem(item: number): void;
}

/**
 * The line numbers are one tab stop (a roving tabindex), not one per row: Tab reaches the line number
 * last focused while it is still drawn, else the first line on screen; Up and Down move to the line
 * number above and below, Home and End to the first and last. Enter or Space selects the line (the
 * buttons' click). Returns the line whose number takes the tab stop.
 */
export function useLineNumberFocus(
  scrollRef: RefObject<HTMLDivElement | null>,
  { items, scrollOffset, itemCount, lineOfItem, scrollToItem }: LineNumberFocusOptions,
) {
  const [focusedLine, setFocusedLine] = useState<number | null>(null);
  const tabStop = lineNumberTabStop(
    items.map((item) => ({ line: lineOfItem(item.index), end: item.end })),
    scrollOffset,
    focusedLine,
  );

  const latest = useRef({ itemCount, scrollToItem });
  useLayoutEffect(() => {
    latest.current = { itemCount, scrollToItem };
  });

  // A row asked for by the keyboard that was not drawn yet: focused once the list has scrolled to it.
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pending.current !== null && focusLineNumber(scrollRef.current, pending.current)) pending.current = null;
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!target.classList.contains(LINE_NUMBER)) return;
      const line = Number(target.closest<HTMLElement>('[data-line]')?.dataset.line);
      if (Number.isInteger(line)) setFocusedLine(line);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (!target.classList.contains(LINE_NUMBER) || event.altKey || event.ctrlKey || event.metaKey) return;
      const current = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index);
      const next = Number.isInteger(current) ? nextLineNumberItem(event.key, current, latest.current.itemCount) : null;
      if (next === null) return;
      event.preventDefault(); // the arrows would scroll the log instead
      if (next === current || focusLineNumber(element, next)) return;
      pending.current = next;
      latest.current.scrollToItem(next);
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [scrollRef]);

  return tabStop;
}

/** Focuses the line number of virtual row `item` if it is drawn; says whether it was. */
function focusLineNumber(scroller: HTMLElement | null, item: number): boolean {
  const button = scroller?.querySelector<HTMLElement>(`[data-index="${item}"] .${LINE_NUMBER}`);
  button?.focus();
  return Boolean(button);
}
