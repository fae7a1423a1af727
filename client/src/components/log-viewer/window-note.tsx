interface WindowNoteProps {
  /** The first and last line (0-based) in the scroll area. */
  firstLine: number;
  lastLine: number;
  lineCount: number;
  /** Null at the start (or end) of the log. */
  onEarlier: (() => void) | null;
  onLater: (() => void) | null;
}

/** For a log taller than the browser allows: which lines the scroll area holds, and buttons to move on. */
export function WindowNote({ firstLine, lastLine, lineCount, onEarlier, onLater }: WindowNoteProps) {
  return (
    <div className="log-viewer__window" role="note">
      <span>
        Lines {(firstLine + 1).toLocaleString('en-US')}–{(lastLine + 1).toLocaleString('en-US')} of{' '}
        {lineCount.toLocaleString('en-US')} are in the scroll area (the browser’s limit). Search, stages and Download
        cover the whole log.
      </span>
      <button
        type="button"
        className="log-viewer__button log-viewer__button--text"
        disabled={!onEarlier}
        onClick={() => onEarlier?.()}
      >
        Earlier lines
      </button>
      <button
        type="button"
        className="log-viewer__button log-viewer__button--text"
        disabled={!onLater}
        onClick={() => onLater?.()}
      >
        Later lines
      </button>
    </div>
  );
}
