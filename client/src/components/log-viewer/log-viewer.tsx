import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowDownToLine,
  ArrowUpToLine,
  ChevronDown,
  ChevronUp,
  Download,
  Radio,
  Search,
  WrapText,
} from 'lucide-react';
import { downloadLog } from './download';
import type { FileLocation } from './file-location';
import { formatLineRange, inRange, selectLine, type LineRange } from './line-range';
import { LogRow, type SectionHeaderInfo } from './log-row';
import { MarkerScanner } from './marker-scanner';
import { buildSections, RowModel, sectionOfLine, type StageMarker } from './sections';
import { browserMaxElementHeight, clampWindowStart, shrinkToFit, windowAround, windowRowsFor } from './row-window';
import { useLogSearch } from './use-log-search';
import { useWrapColumns } from './use-wrap-columns';
import { wrappedRowCount } from './wrap';
import './log-viewer.css';

/** Row height in px when lines do not wrap; the CSS reads it from `--log-viewer-row-height`. */
export const ROW_HEIGHT = 20;
/** Rows drawn above and below the visible ones, so fast scrolling shows text rather than blank space. */
const OVERSCAN = 30;

export interface LogViewerProps {
  /** The log, one entry per line (may contain ANSI escapes). Append-only while a build runs. */
  lines: readonly string[];
  /** The log is finished: no more lines will come. Follow mode is off by default then. */
  complete?: boolean;
  /** The build failed or was cancelled: the stage bar marks the last stage that way instead of done. */
  outcome?: 'succeeded' | 'failed' | 'cancelled';
  /** Where stages start; by default derived from marker lines such as `=== SYNTHESIS ===`. */
  stages?: readonly StageMarker[];
  /** Stage names to show as pending in the stage bar until their section appears (e.g. IP … BITSTREAM). */
  expectedStages?: readonly string[];
  /** The selected lines (1-based). Controlled when given (pair it with `onHighlightChange`). */
  highlight?: LineRange | null;
  /** A click on a line number selects it (Shift+click: a range); the page puts it in its URL. */
  onHighlightChange?: (range: LineRange) => void;
  /** Error and warning lines that name `file:line` become links calling this. */
  onOpenLocation?: (file: string, line: number, location: FileLocation) => void;
  /** File name for Download raw. */
  downloadName?: string;
  /** Start in follow mode (stick to the bottom as lines arrive). Default: while the log is not complete. */
  follow?: boolean;
  /** Start with long lines wrapped. */
  defaultWrap?: boolean;
  /** Accessible name of the log region. */
  label?: string;
  className?: string;
  /**
   * The tallest scroll area the browser allows, in px; detected by default. Logs taller than 90 % of it are
   * shown a window at a time (see row-window.ts). Tests set it to exercise that on small logs.
   */
  maxScrollHeight?: number;
}

type StageState = 'done' | 'running' | 'failed' | 'cancelled';
const STAGE_STATE_TEXT: Record<StageState, string> = {
  done: 'done',
  running: 'running',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** Every stage but the last is done; the last runs until the log completes, then ends as the build did. */
function stageState(isLast: boolean, complete: boolean, outcome: LogViewerProps['outcome']): StageState {
  if (!isLast) return 'done';
  if (!complete) return 'running';
  return outcome === 'failed' || outcome === 'cancelled' ? outcome : 'done';
}

type RevealRequest = { line: number; align: 'start' | 'center' | 'end'; seq: number };

/**
 * A build log viewer for logs of any size: virtualised rows, ANSI colours, line selection for permalinks,
 * search over the whole log, follow mode, wrap, stage sections that collapse, links from error lines to
 * source files, and raw download. See README.md beside this file.
 */
export function LogViewer({
  lines,
  complete = false,
  outcome,
  stages,
  expectedStages,
  highlight,
  onHighlightChange,
  onOpenLocation,
  downloadName = 'build.log',
  follow,
  defaultWrap = false,
  label = 'Build log',
  className,
  maxScrollHeight,
}: LogViewerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const [wrap, setWrap] = useState(defaultWrap);
  const [following, setFollowing] = useState(() => follow ?? (!complete && !highlight));
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [ownHighlight, setOwnHighlight] = useState<LineRange | null>(null);
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  const controlled = highlight !== undefined;
  const selection = controlled ? highlight : ownHighlight;

  const [scanner] = useState(() => new MarkerScanner());
  const markers = useMemo(() => stages ?? scanner.scan(lines), [stages, scanner, lines]);
  const sections = useMemo(() => buildSections(markers, lines.length), [markers, lines.length]);
  const rowModel = useMemo(() => new RowModel(lines.length, sections, collapsed), [lines.length, sections, collapsed]);

  // The rows in the scroll area: all of them, or for a log taller than the browser allows, a window of them.
  // While following, the window is the log's tail; otherwise it stays where it was until moved.
  const [maxHeight] = useState(() => maxScrollHeight ?? browserMaxElementHeight());
  const [wrapWindowRows, setWrapWindowRows] = useState(Number.POSITIVE_INFINITY);
  const fullWindowRows = windowRowsFor(maxHeight, ROW_HEIGHT);
  const windowRows = wrap ? Math.min(fullWindowRows, wrapWindowRows) : fullWindowRows;
  const windowSize = Math.min(rowModel.rowCount, windowRows);
  const [frozenWindowStart, setWindowStart] = useState(0);
  const windowStart = following
    ? rowModel.rowCount - windowSize
    : clampWindowStart(frozenWindowStart, rowModel.rowCount, windowSize);
  const windowRef = useRef(windowStart);
  useLayoutEffect(() => {
    windowRef.current = windowStart;
  }, [windowStart]);
  /** Stop following, keeping the window where following had it. */
  const stopFollowing = useCallback(() => {
    setWindowStart(windowRef.current);
    setFollowing(false);
  }, []);

  // Keys are log line numbers, so a wrapped row's measured height stays with its line when sections collapse.
  const getItemKey = useCallback((item: number) => rowModel.rowAt(windowStart + item).index, [rowModel, windowStart]);
  // Wrapped rows: the height follows from the line's length and the columns that fit (monospace, breaking
  // anywhere), so a million wrapped rows are sized without measuring; rows on screen are measured as a check.
  const columns = useWrapColumns(scrollRef, wrap, String(Math.max(lines.length, 1)).length + 2);
  const estimateSize = useCallback(
    (item: number) => {
      if (!wrap || columns <= 0) return ROW_HEIGHT;
      const target = rowModel.rowAt(windowStart + item);
      return target.kind === 'header' ? ROW_HEIGHT : ROW_HEIGHT * wrappedRowCount(lines[target.index] ?? '', columns);
    },
    [wrap, columns, rowModel, lines, windowStart],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the viewer is not compiled by React Compiler; rows are memoised by hand
  const virtualizer = useVirtualizer({
    count: windowSize,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
  });

  // Turning wrap on or off, or a new width, changes every row's height.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [wrap, columns, virtualizer]);

  // Wrapped rows are taller: if the window's height overflows the browser's cap, take fewer rows.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (!wrap) return;
    const rows = shrinkToFit(windowSize, totalSize, maxHeight);
    if (rows < windowSize) setWrapWindowRows(rows);
  }, [wrap, windowSize, totalSize, maxHeight]);

  const revealSeq = useRef(0);
  /** Scroll line `index` (0-based) into view, opening its section if it is collapsed; stops following. */
  const revealLine = useCallback(
    (index: number, align: RevealRequest['align'] = 'center') => {
      stopFollowing();
      const section = sections[sectionOfLine(sections, index)];
      if (section && index !== section.headerIndex) {
        setCollapsed((current) => {
          if (!current.has(section.headerIndex)) return current;
          const next = new Set(current);
          next.delete(section.headerIndex);
          return next;
        });
      }
      revealSeq.current += 1;
      setReveal({ line: index, align, seq: revealSeq.current });
    },
    [sections, stopFollowing],
  );

  const handledReveal = useRef(0);
  useLayoutEffect(() => {
    if (!reveal || reveal.seq === handledReveal.current) return;
    const row = rowModel.rowOfLine(reveal.line);
    if (row < windowStart || row >= windowStart + windowSize) {
      // Outside the window: move the window first; this runs again once it has moved.
      setWindowStart(windowAround(row, rowModel.rowCount, windowSize));
      return;
    }
    handledReveal.current = reveal.seq;
    virtualizer.scrollToIndex(row - windowStart, { align: reveal.align });
  }, [reveal, rowModel, virtualizer, windowStart, windowSize]);

  // Follow: keep the last line in view as lines arrive (and as wrapped rows get measured). A plain one-shot
  // write, not the virtualiser's multi-frame scrollToIndex, so it never fights a reader who just scrolled up.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (following && element && rowModel.rowCount > 0) element.scrollTop = element.scrollHeight;
  }, [following, rowModel, totalSize, windowStart]);

  const lastScrollTop = useRef(0);
  const handleScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    const fromBottom = element.scrollHeight - top - element.clientHeight;
    // Scrolled up away from the bottom (scrollbar, touch): the reader wants to read, stop following.
    if (top < lastScrollTop.current - 1 && fromBottom > ROW_HEIGHT) stopFollowing();
    lastScrollTop.current = top;
  }, [stopFollowing]);
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
  }, [stopFollowing]);

  // The highlight (a permalink) scrolls into view once its lines exist — but not when it came from our own click.
  const handledHighlight = useRef<string | null>(null);
  const selfSelected = useRef<string | null>(null);
  const highlightFrom = selection?.from;
  const highlightKey = selection ? formatLineRange(selection) : null;
  useEffect(() => {
    if (highlightKey === null || highlightFrom === undefined) {
      handledHighlight.current = null;
      return;
    }
    if (highlightKey === handledHighlight.current || lines.length < highlightFrom) return;
    handledHighlight.current = highlightKey;
    if (highlightKey === selfSelected.current) return;
    revealLine(highlightFrom - 1, 'center');
  }, [highlightKey, highlightFrom, lines.length, revealLine]);

  const latest = useRef({ selection, controlled, onHighlightChange, onOpenLocation });
  useLayoutEffect(() => {
    latest.current = { selection, controlled, onHighlightChange, onOpenLocation };
  });

  const handleLineNumberClick = useCallback((lineNumber: number, extend: boolean) => {
    const { selection: current, controlled: isControlled, onHighlightChange: notify } = latest.current;
    const range = selectLine(current, lineNumber, extend);
    selfSelected.current = formatLineRange(range);
    if (!isControlled) setOwnHighlight(range);
    notify?.(range);
  }, []);

  const openLocation = useCallback((location: FileLocation) => {
    latest.current.onOpenLocation?.(location.file, location.line, location);
  }, []);

  const toggleSection = useCallback((headerIndex: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(headerIndex)) next.add(headerIndex);
      return next;
    });
  }, []);

  const search = useLogSearch(lines, revealLine);

  const lineOfRow = (row: number) => rowModel.rowAt(Math.max(0, Math.min(row, rowModel.rowCount - 1))).index;
  const scrollToTop = () => revealLine(0, 'start');
  const scrollToBottom = () => {
    if (rowModel.rowCount === 0) return;
    if (complete) {
      revealLine(lineOfRow(rowModel.rowCount - 1), 'end');
    } else {
      setFollowing(true);
      virtualizer.scrollToIndex(windowSize - 1, { align: 'end' });
    }
  };
  const windowed = windowSize < rowModel.rowCount;

  // Ctrl/Cmd+F inside the viewer searches the whole log, not just the few rows the browser has.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        searchInputRef.current?.focus();
        searchInputRef.current?.select();
      }
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, []);

  const handleSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) search.previous();
      else search.next();
    } else if (event.key === 'Escape' && search.input) {
      event.stopPropagation();
      search.setInput('');
    }
  };

  const lastSection = sections.length - 1;
  const seenStages = new Set(sections.map((section) => section.name.toUpperCase()));
  const pendingStages = (expectedStages ?? []).filter((name) => !seenStages.has(name.toUpperCase()));
  const currentMatch = search.currentAt;
  const gutterDigits = String(Math.max(lines.length, 1)).length;
  const rootStyle = {
    '--log-viewer-row-height': `${ROW_HEIGHT}px`,
    '--log-viewer-gutter': `${gutterDigits + 2}ch`,
  } as CSSProperties;

  let countText = '';
  if (search.query) {
    if (search.total === 0) countText = search.searching ? 'Searching…' : 'No results';
    else
      countText = `${(search.current + 1).toLocaleString('en-US')} of ${search.total.toLocaleString('en-US')}${search.searching ? '+' : ''}`;
  }

  const virtualRows = virtualizer.getVirtualItems();

  return (
    <div
      className={`log-viewer${wrap ? ' log-viewer--wrap' : ''}${className ? ` ${className}` : ''}`}
      style={rootStyle}
      ref={rootRef}
    >
      <div className="log-viewer__toolbar">
        {(sections.length > 0 || pendingStages.length > 0) && (
          <ol className="log-viewer__stages" aria-label="Stages">
            {sections.map((section, i) => {
              const state = stageState(i === lastSection, complete, outcome);
              const lineCount = (section.end - section.start).toLocaleString('en-US');
              return (
                <li key={section.headerIndex}>
                  <button
                    type="button"
                    className={`log-viewer__stage log-viewer__stage--${state}`}
                    aria-current={state === 'running' ? 'step' : undefined}
                    title={`Go to ${section.name} (${lineCount} lines, ${STAGE_STATE_TEXT[state]})`}
                    onClick={() => revealLine(section.headerIndex, 'start')}
                  >
                    {section.name}
                    {state !== 'done' && (
                      <span className="log-viewer__visually-hidden">{`, ${STAGE_STATE_TEXT[state]}`}</span>
                    )}
                  </button>
                </li>
              );
            })}
            {pendingStages.map((name) => (
              <li key={`pending-${name}`}>
                <span className="log-viewer__stage log-viewer__stage--pending" title={`${name}: not started`}>
                  {name}
                  <span className="log-viewer__visually-hidden">, not started</span>
                </span>
              </li>
            ))}
          </ol>
        )}
        <div className="log-viewer__search" role="search">
          <label htmlFor={searchId} className="log-viewer__visually-hidden">
            Search logs
          </label>
          <Search className="log-viewer__search-icon" aria-hidden="true" size={14} />
          <input
            ref={searchInputRef}
            id={searchId}
            type="search"
            className="log-viewer__search-input"
            placeholder="Search logs…"
            autoComplete="off"
            spellCheck={false}
            value={search.input}
            onChange={(event) => search.setInput(event.target.value)}
            onKeyDown={handleSearchKeyDown}
          />
          <output className="log-viewer__search-count" aria-live="polite">
            {countText}
          </output>
          <button
            type="button"
            className="log-viewer__button"
            aria-label="Previous match"
            title="Previous match (Shift+Enter)"
            disabled={search.total === 0}
            onClick={search.previous}
          >
            <ChevronUp aria-hidden="true" size={16} />
          </button>
          <button
            type="button"
            className="log-viewer__button"
            aria-label="Next match"
            title="Next match (Enter)"
            disabled={search.total === 0}
            onClick={search.next}
          >
            <ChevronDown aria-hidden="true" size={16} />
          </button>
        </div>
        <div className="log-viewer__actions">
          <button
            type="button"
            className="log-viewer__button log-viewer__button--text"
            aria-pressed={following}
            title={following ? 'Following new lines: click to stop' : 'Follow Log: keep the newest line in view'}
            onClick={() => (following ? stopFollowing() : setFollowing(true))}
          >
            <Radio aria-hidden="true" size={16} />
            <span>Follow Log</span>
          </button>
          <button
            type="button"
            className="log-viewer__button log-viewer__button--text"
            aria-pressed={wrap}
            title="Wrap long lines"
            onClick={() => setWrap((value) => !value)}
          >
            <WrapText aria-hidden="true" size={16} />
            <span>Wrap lines</span>
          </button>
          <button
            type="button"
            className="log-viewer__button"
            aria-label="Scroll to top"
            title="Scroll to top"
            onClick={scrollToTop}
          >
            <ArrowUpToLine aria-hidden="true" size={16} />
          </button>
          <button
            type="button"
            className="log-viewer__button"
            aria-label="Scroll to bottom"
            title="Scroll to bottom"
            onClick={scrollToBottom}
          >
            <ArrowDownToLine aria-hidden="true" size={16} />
          </button>
          <button
            type="button"
            className="log-viewer__button"
            aria-label="Download raw log"
            title={`Download raw log (${downloadName})`}
            disabled={lines.length === 0}
            onClick={() => downloadLog(lines, downloadName)}
          >
            <Download aria-hidden="true" size={16} />
          </button>
        </div>
      </div>
      {windowed && (
        <div className="log-viewer__window" role="note">
          <span>
            Lines {(lineOfRow(windowStart) + 1).toLocaleString('en-US')}–
            {(lineOfRow(windowStart + windowSize - 1) + 1).toLocaleString('en-US')} of{' '}
            {lines.length.toLocaleString('en-US')} are in the scroll area (the browser’s limit). Search, stages and
            Download cover the whole log.
          </span>
          <button
            type="button"
            className="log-viewer__button log-viewer__button--text"
            disabled={windowStart === 0}
            onClick={() => revealLine(lineOfRow(windowStart - 1), 'end')}
          >
            Earlier lines
          </button>
          <button
            type="button"
            className="log-viewer__button log-viewer__button--text"
            disabled={windowStart + windowSize >= rowModel.rowCount}
            onClick={() => revealLine(lineOfRow(windowStart + windowSize), 'start')}
          >
            Later lines
          </button>
        </div>
      )}
      <div
        ref={scrollRef}
        className="log-viewer__scroller"
        role="region"
        aria-label={label}
        // Focusable so the log scrolls with the keyboard (arrows, Page Up/Down) like any scroll region.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={handleScroll}
      >
        {lines.length === 0 ? (
          <p className="log-viewer__empty">{complete ? 'This log is empty.' : 'Waiting for log output…'}</p>
        ) : (
          <div className="log-viewer__sizer" style={{ height: virtualizer.getTotalSize() }}>
            {virtualRows.map((item) => {
              const row = rowModel.rowAt(windowStart + item.index);
              const lineNumber = row.index + 1;
              const section = sections[row.section];
              const header: SectionHeaderInfo | null =
                row.kind === 'header' && section
                  ? {
                      name: section.name,
                      lineCount: section.end - section.start,
                      collapsed: collapsed.has(section.headerIndex),
                      headerIndex: section.headerIndex,
                      running: row.section === lastSection && !complete,
                    }
                  : null;
              return (
                <LogRow
                  key={item.key}
                  rowIndex={item.index}
                  top={item.start}
                  measureRef={wrap ? virtualizer.measureElement : null}
                  text={lines[row.index] ?? ''}
                  lineNumber={lineNumber}
                  selected={inRange(selection, lineNumber)}
                  matcher={search.matcher}
                  currentOccurrence={currentMatch && currentMatch.line === row.index ? currentMatch.occurrence : -1}
                  header={header}
                  onLineNumberClick={handleLineNumberClick}
                  onToggleSection={toggleSection}
                  onOpenLocation={onOpenLocation ? openLocation : null}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
