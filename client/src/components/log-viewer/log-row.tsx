import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { parseAnsi, stripAnsi } from './ansi';
import { classifySeverity, findFileLocation, type FileLocation } from '@cloud-compile/shared';
import { splitIntoPieces, type LinePiece } from './line-pieces';
import { findInLine } from './search';
import { stageNameOf } from './sections';

export interface SectionHeaderInfo {
  name: string;
  lineCount: number;
  collapsed: boolean;
  /** The section's header line index, the key of its collapsed state. */
  headerIndex: number;
  running: boolean;
}

export interface LogRowProps {
  /** Visual row index (for measuring wrapped rows) and its top offset in px. */
  rowIndex: number;
  top: number;
  /** When rows wrap, each one is measured; otherwise rows have the fixed height set in CSS. */
  measureRef: ((element: HTMLElement | null) => void) | null;
  text: string;
  /** 1-based. */
  lineNumber: number;
  selected: boolean;
  /** This row's line number is the log's one tab stop (the others are reached with Up and Down). */
  tabStop: boolean;
  matcher: RegExp | null;
  /** Which match on this line is the current one, -1 for none. */
  currentOccurrence: number;
  header: SectionHeaderInfo | null;
  onLineNumberClick: (lineNumber: number, extend: boolean) => void;
  onToggleSection: (headerIndex: number) => void;
  onOpenLocation: ((location: FileLocation) => void) | null;
}

/** One log line (or section header). Memoised: scrolling re-renders only rows that come into view. */
export const LogRow = memo(function LogRow({
  rowIndex,
  top,
  measureRef,
  text,
  lineNumber,
  selected,
  tabStop,
  matcher,
  currentOccurrence,
  header,
  onLineNumberClick,
  onToggleSection,
  onOpenLocation,
}: LogRowProps) {
  const plain = stripAnsi(text);
  const severity = header ? null : classifySeverity(plain);
  const location = severity && onOpenLocation ? findFileLocation(plain) : null;
  const matches = matcher ? findInLine(plain, matcher) : [];
  const className = [
    'log-viewer__row',
    header && 'log-viewer__row--header',
    severity && `log-viewer__row--${severity}`,
    selected && 'log-viewer__row--selected',
  ]
    .filter(Boolean)
    .join(' ');

  const handleNumberClick = (event: MouseEvent) => onLineNumberClick(lineNumber, event.shiftKey);

  return (
    <div
      ref={measureRef}
      className={className}
      data-index={rowIndex}
      data-line={lineNumber}
      style={{ transform: `translateY(${top}px)` }}
    >
      <span className="log-viewer__gutter">
        <button
          type="button"
          className="log-viewer__line-number"
          aria-pressed={selected}
          tabIndex={tabStop ? 0 : -1}
          title={`Line ${lineNumber}: click to select, Shift+click to select a range`}
          onClick={handleNumberClick}
        >
          {lineNumber}
        </button>
      </span>
      {header ? (
        <button
          type="button"
          className="log-viewer__section-toggle"
          aria-expanded={!header.collapsed}
          title={`${header.collapsed ? 'Expand' : 'Collapse'} ${header.name}`}
          onClick={() => onToggleSection(header.headerIndex)}
        >
          <span className="log-viewer__chevron" aria-hidden="true" />
          <span className="log-viewer__section-name">{header.name}</span>
          {stageNameOf(text) === null && <span className="log-viewer__section-text">{plain}</span>}
          <span className="log-viewer__section-count">
            {header.lineCount.toLocaleString('en-US')} {header.lineCount === 1 ? 'line' : 'lines'}
            {header.running ? ' · running' : ''}
          </span>
        </button>
      ) : (
        <span className="log-viewer__text">
          {renderPieces(
            splitIntoPieces(parseAnsi(text), matches, currentOccurrence, location),
            location,
            location && onOpenLocation,
          )}
        </span>
      )}
    </div>
  );
});

function pieceStyle(piece: LinePiece): CSSProperties | undefined {
  // Matches and links use the theme's colours, so they stay readable whatever colour the log chose.
  if ((!piece.fg && !piece.bg) || piece.match || piece.link) return undefined;
  return { color: piece.fg, backgroundColor: piece.bg };
}

function pieceClass(piece: LinePiece): string | undefined {
  const names: string[] = [];
  if (piece.bold) names.push('log-viewer__bold');
  if (piece.dim) names.push('log-viewer__dim');
  if (piece.italic) names.push('log-viewer__italic');
  if (piece.underline) names.push('log-viewer__underline');
  if (piece.strikethrough) names.push('log-viewer__strike');
  if (piece.match)
    names.push(piece.match === 'current' ? 'log-viewer__match log-viewer__match--current' : 'log-viewer__match');
  return names.length ? names.join(' ') : undefined;
}

/** Pieces → React text nodes (never HTML); the pieces of the file location are grouped into one link button. */
function renderPieces(
  pieces: readonly LinePiece[],
  location: FileLocation | null,
  onOpenLocation: ((location: FileLocation) => void) | null,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let linkChildren: ReactNode[] | null = null;
  const flushLink = () => {
    if (!linkChildren || !location || !onOpenLocation) return;
    nodes.push(
      <button
        key={`link-${nodes.length}`}
        type="button"
        className="log-viewer__location"
        title={`Open ${location.file} at line ${location.line}`}
        onClick={() => onOpenLocation(location)}
      >
        {linkChildren}
      </button>,
    );
    linkChildren = null;
  };
  pieces.forEach((piece, i) => {
    const Tag = piece.match ? 'mark' : 'span';
    const node = (
      <Tag key={i} className={pieceClass(piece)} style={pieceStyle(piece)}>
        {piece.text}
      </Tag>
    );
    if (piece.link && onOpenLocation) {
      linkChildren ??= [];
      linkChildren.push(node);
    } else {
      flushLink();
      nodes.push(node);
    }
  });
  flushLink();
  return nodes;
}
