import { useLayoutEffect, useState, type RefObject } from 'react';

/** Space after the text (the row's right padding in the CSS), in px. */
const TEXT_PADDING_RIGHT = 16;

/**
 * While `wrap` is on, the number of monospace characters that fit on one row of the scroll area, next to a
 * gutter `gutterChars` characters wide; 0 when unknown (no layout, e.g. jsdom) or when not wrapping.
 * Follows the scroll area's width.
 */
export function useWrapColumns(scrollRef: RefObject<HTMLElement | null>, wrap: boolean, gutterChars: number): number {
  const [columns, setColumns] = useState(0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!wrap || !element) return;
    const probe = document.createElement('span');
    probe.textContent = '0'.repeat(100);
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;font:inherit;';
    element.append(probe);
    const charWidth = probe.getBoundingClientRect().width / 100;
    probe.remove();
    const update = () => {
      const available = element.clientWidth - gutterChars * charWidth - TEXT_PADDING_RIGHT;
      setColumns(charWidth > 0 ? Math.max(1, Math.floor(available / charWidth)) : 0);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, wrap, gutterChars]);
  return wrap ? columns : 0;
}
