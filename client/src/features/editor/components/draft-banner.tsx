import { History } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import type { Draft } from '../lib/drafts';

export interface DraftBannerProps {
  fileName: string;
  draft: Draft;
  /** The server version changed since the draft's base. */
  changedSince: boolean;
  onRestore(): void;
  onDiscard(): void;
}

/** Offers back unsaved content this browser kept from an earlier visit (reload, crash, closed tab). */
export function DraftBanner({ fileName, draft, changedSince, onRestore, onDiscard }: DraftBannerProps) {
  return (
    <div className="draft-banner" role="region" aria-label={`Unsaved draft of ${fileName}`}>
      <History size={18} aria-hidden="true" />
      <p>
        Unsaved changes to <strong>{fileName}</strong> from {formatDateTime(draft.savedAt)} were kept in this browser.
        {changedSince && ' The file has been saved elsewhere since; saving the draft will ask before overwriting.'}
      </p>
      <button type="button" className="button button-primary" onClick={onRestore}>
        Restore draft
      </button>
      <button type="button" className="button" onClick={onDiscard}>
        Discard draft
      </button>
    </div>
  );
}
