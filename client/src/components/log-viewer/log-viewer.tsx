import { useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { downloadLog } from './download';
import type { FileLocation } from '@cloud-compile/shared';
import { inRange, type LineRange } from './line-range';
import { LogRow, type SectionHeaderInfo } from './log-row';
import { MarkerScanner } from './marker-scanner';
import { buildSections, RowModel, sectionOfLine, type StageMarker } from './sections';
import { shrinkToFit, windowAround } from './row-window';
import { SearchBox } from './search-box';
import { StageBar, type BuildOutcome } from './stage-bar';
import { useFollowScroll } from './use-follow-scroll';
import { useLineNumberFocus } from './use-line-number-focus';
import { useLineSelection } from './use-line-selection';
import { useLogSearch } from './use-log-search';
import { useRowWindow } from './use-row-window';
import { ViewerActions } from './viewer-actions';
import { WindowNote } from './window-note';
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
  outcome?: BuildOutcome;
  /** Where stages start; by default derived from marker lines such as `=== SYNTHESIS ===`. */
  stages?: readonly StageMarker[];
  /** Stage names to show as pending in the stage bar until their section appears (e.g. IP … BITSTREAM). */
  expectedStages?: readonly string[];
  /** Stage names the build skipped (a check build's ROUTE, BITSTREAM): the stage bar shows them as not run. */
  skippedStages?: readonly string[];
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
  skippedStages,
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
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [wrap, setWrap] = useState(defaultWrap);
  // Read once: whether the viewer starts following.
  const [initiallyFollowing] = useState(() => follow ?? (!complete && !highlight));
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [reveal, setReveal] = useState<RevealRequest | null>(null);

  const [scanner] = useState(() => new MarkerScanner());
  const markers = useMemo(() => stages ?? scanner.scan(lines), [stages, scanner, lines]);
  const sections = useMemo(() => buildSections(markers, lines.length), [markers, lines.length]);
  const rowModel = useMemo(() => new RowModel(lines.length, sections, collapsed), [lines.length, sections, collapsed]);

  const {
    following,
    startFollowing,
    stopFollowing,
    maxHeight,
    windowStart,
    windowSize,
    setWindowStart,
    limitWrappedRows,
  } = useRowWindow({
    rowCount: rowModel.rowCount,
    rowHeight: ROW_HEIGHT,
    wrap,
    initiallyFollowing,
    maxScrollHeight,
  });

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
    if (rows < windowSize) limitWrappedRows(rows);
  }, [wrap, windowSize, totalSize, maxHeight, limitWrappedRows]);

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
  }, [reveal, rowModel, virtualizer, windowStart, windowSize, setWindowStart]);

  const handleScroll = useFollowScroll(scrollRef, {
    following,
    stopFollowing,
    rowHeight: ROW_HEIGHT,
    rowModel,
    totalSize,
    windowStart,
  });

  const { selection, onLineNumberClick, openLocation } = useLineSelection({
    highlight,
    onHighlightChange,
    onOpenLocation,
    lineCount: lines.length,
    revealLine,
  });

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
      startFollowing();
      virtualizer.scrollToIndex(windowSize - 1, { align: 'end' });
    }
  };
  const windowed = windowSize < rowModel.rowCount;

  const lastSection = sections.length - 1;
  const currentMatch = search.currentAt;
  const gutterDigits = String(Math.max(lines.length, 1)).length;
  const rootStyle = {
    '--log-viewer-row-height': `${ROW_HEIGHT}px`,
    '--log-viewer-gutter': `${gutterDigits + 2}ch`,
  } as CSSProperties;

  const virtualRows = virtualizer.getVirtualItems();
  const lineNumberTabStop = useLineNumberFocus(scrollRef, {
    items: virtualRows,
    scrollOffset: virtualizer.scrollOffset ?? 0,
    itemCount: windowSize,
    lineOfItem: (item) => rowModel.rowAt(windowStart + item).index + 1,
    scrollToItem: (item) => virtualizer.scrollToIndex(item, { align: 'auto' }),
  });

  return (
    <div
      className={`log-viewer${wrap ? ' log-viewer--wrap' : ''}${className ? ` ${className}` : ''}`}
      style={rootStyle}
      ref={rootRef}
    >
      <div className="log-viewer__toolbar">
        <StageBar
          sections={sections}
          complete={complete}
          outcome={outcome}
          expectedStages={expectedStages}
          skippedStages={skippedStages}
          onGoTo={(headerIndex) => revealLine(headerIndex, 'start')}
        />
        <SearchBox search={search} root={rootRef} />
        <ViewerActions
          following={following}
          onFollowChange={(follow) => (follow ? startFollowing() : stopFollowing())}
          wrap={wrap}
          onWrapChange={setWrap}
          onTop={scrollToTop}
          onBottom={scrollToBottom}
          downloadName={downloadName}
          onDownload={lines.length > 0 ? () => downloadLog(lines, downloadName) : null}
        />
      </div>
      {windowed && (
        <WindowNote
          firstLine={lineOfRow(windowStart)}
          lastLine={lineOfRow(windowStart + windowSize - 1)}
          lineCount={lines.length}
          onEarlier={windowStart === 0 ? null : () => revealLine(lineOfRow(windowStart - 1), 'end')}
          onLater={
            windowStart + windowSize >= rowModel.rowCount
              ? null
              : () => revealLine(lineOfRow(windowStart + windowSize), 'start')
          }
        />
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
                  tabStop={lineNumber === lineNumberTabStop}
                  matcher={search.matcher}
                  currentOccurrence={currentMatch && currentMatch.line === row.index ? currentMatch.occurrence : -1}
                  header={header}
                  onLineNumberClick={onLineNumberClick}
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
