import { ArrowDownToLine, ArrowUpToLine, Download, Radio, WrapText } from 'lucide-react';

interface ViewerActionsProps {
  following: boolean;
  onFollowChange(follow: boolean): void;
  wrap: boolean;
  onWrapChange(wrap: boolean): void;
  onTop(): void;
  onBottom(): void;
  downloadName: string;
  /** Null while there is nothing to download. */
  onDownload: (() => void) | null;
}

/** Follow Log, Wrap lines, scroll to top or bottom, Download raw log. */
export function ViewerActions({
  following,
  onFollowChange,
  wrap,
  onWrapChange,
  onTop,
  onBottom,
  downloadName,
  onDownload,
}: ViewerActionsProps) {
  return (
    <div className="log-viewer__actions">
      <button
        type="button"
        className="log-viewer__button log-viewer__button--text"
        aria-pressed={following}
        title={following ? 'Following new lines: click to stop' : 'Follow Log: keep the newest line in view'}
        onClick={() => onFollowChange(!following)}
      >
        <Radio aria-hidden="true" size={16} />
        <span>Follow Log</span>
      </button>
      <button
        type="button"
        className="log-viewer__button log-viewer__button--text"
        aria-pressed={wrap}
        title="Wrap long lines"
        onClick={() => onWrapChange(!wrap)}
      >
        <WrapText aria-hidden="true" size={16} />
        <span>Wrap lines</span>
      </button>
      <button
        type="button"
        className="log-viewer__button"
        aria-label="Scroll to top"
        title="Scroll to top"
        onClick={onTop}
      >
        <ArrowUpToLine aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        className="log-viewer__button"
        aria-label="Scroll to bottom"
        title="Scroll to bottom"
        onClick={onBottom}
      >
        <ArrowDownToLine aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        className="log-viewer__button"
        aria-label="Download raw log"
        title={`Download raw log (${downloadName})`}
        disabled={!onDownload}
        onClick={() => onDownload?.()}
      >
        <Download aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
