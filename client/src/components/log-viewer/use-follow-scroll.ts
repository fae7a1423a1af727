import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { RowModel } from './sections';

interface FollowScrollOptions {
  following: boolean;
  stopFollowing(): void;
  /** Row height in px: scrolled up by less than one row from the bottom still counts as at the bottom. */
  rowHeight: number;
  /** The rows (a new model when lines arrive or sections fold), their total height and the window's start:
   * when any changes, a follower is pulled back to the bottom. */
  rowModel: RowModel;
  totalSize: number;
  windowStart: number;
}

/**
 * Follow mode's scrolling: while following, the last line stays in view as lines arrive and wrapped rows
 * get measured; a reader scrolling up (scrollbar, touch, wheel, keys) stops following. Returns the scroll
 * area's onScroll handler.
 */
export function useFollowScroll(
  scrollRef: RefObject<HTMLDivElement | null>,
  { following, stopFollowing, rowHeight, rowModel, totalSize, windowStart }: FollowScrollOptions,
) {
  // A plain one-shot write, not the virtualiser's multi-frame scrollToIndex, so it never fights a reader
  // who just scrolled up.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (following && element && rowModel.rowCount > 0) element.scrollTop = element.scrollHeight;
  }, [scrollRef, following, rowModel, totalSize, windowStart]);

  const lastScrollTop = useRef(0);
  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const fromBottom = element.scrollHeight - top - element.clientHeight;
    // Scrolled up away from the bottom (scrollbar, touch): the reader wants to read, stop following.
    if (top < lastScrollTop.current - 1 && fromBottom > rowHeight) stopFollowing();
    lastScrollTop.current = top;
  }, [scrollRef, stopFollowing, rowHeight]);

  // Wheel and keys say so before any scroll happens — and before new lines could pull the view back down.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stopFollowing();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (['ArrowUp', 'PageUp', 'Home'].includes(event.key) || (event.key === ' ' && event.shiftKey)) stopFollowing();
    };
    element.addEventListener('wheel', onWheel, { passive: true });
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [scrollRef, stopFollowing]);

  return onScroll;
}
