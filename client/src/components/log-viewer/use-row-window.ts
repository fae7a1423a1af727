import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { browserMaxElementHeight, clampWindowStart, windowRowsFor } from './row-window';

interface RowWindowOptions {
  rowCount: number;
  rowHeight: number;
  wrap: boolean;
  /** Start following (stick to the log's end). */
  initiallyFollowing: boolean;
  /** The tallest scroll area the browser allows, in px; detected when not given. */
  maxScrollHeight: number | undefined;
}

/**
 * Follow mode and the rows in the scroll area: all of them, or for a log taller than the browser allows,
 * a window of them (row-window.ts). While following, the window is the log's tail; otherwise it stays
 * where it was until moved (`setWindowStart`). Wrapped rows are taller, so `limitWrappedRows` lets the
 * viewer take fewer rows once it has measured them.
 */
export function useRowWindow({ rowCount, rowHeight, wrap, initiallyFollowing, maxScrollHeight }: RowWindowOptions) {
  const [following, setFollowing] = useState(initiallyFollowing);
  const [maxHeight] = useState(() => maxScrollHeight ?? browserMaxElementHeight());
  const [wrapWindowRows, limitWrappedRows] = useState(Number.POSITIVE_INFINITY);
  const fullWindowRows = windowRowsFor(maxHeight, rowHeight);
  const windowRows = wrap ? Math.min(fullWindowRows, wrapWindowRows) : fullWindowRows;
  const windowSize = Math.min(rowCount, windowRows);
  const [frozenWindowStart, setWindowStart] = useState(0);
  const windowStart = following ? rowCount - windowSize : clampWindowStart(frozenWindowStart, rowCount, windowSize);

  const windowRef = useRef(windowStart);
  useLayoutEffect(() => {
    windowRef.current = windowStart;
  }, [windowStart]);
  /** Stop following, keeping the window where following had it. */
  const stopFollowing = useCallback(() => {
    setWindowStart(windowRef.current);
    setFollowing(false);
  }, []);
  const startFollowing = useCallback(() => setFollowing(true), []);

  return {
    following,
    startFollowing,
    stopFollowing,
    maxHeight,
    windowStart,
    windowSize,
    setWindowStart,
    limitWrappedRows,
  };
}
