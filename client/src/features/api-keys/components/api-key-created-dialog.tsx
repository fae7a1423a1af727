import { useId, useState, type RefObject } from 'react';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { Dialog } from '@/components/dialog';
import { copyToClipboard } from '@/lib/clipboard';
import type { CreatedApiKey } from '@/lib/api/schemas';

export interface ApiKeyCreatedDialogProps {
  /** The key just created; null keeps the dialog closed. */
  apiKey: CreatedApiKey | null;
  onClose(): void;
  /** What takes the focus once the key has been copied and the dialog closes. */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * "API KEY CREATED": the secret, shown this once, with Copy. It closes only with Done (no Escape, no
 * outside click), so the key is not lost by a stray click.
 */
export function ApiKeyCreatedDialog({ apiKey, onClose, returnFocus }: ApiKeyCreatedDialogProps) {
  return (
    <Dialog
      open={apiKey !== null}
      returnFocus={returnFocus}
      onOpenChange={(open) => !open && onClose()}
      title="API KEY CREATED"
      dismissible={false}
      description={
        <>
          <TriangleAlert size={16} aria-hidden="true" className="api-key-warning-icon" />
          This key is shown only once: copy it now. It cannot be shown again.
        </>
      }
    >
      {apiKey && <CreatedKey key={apiKey.id} apiKey={apiKey} onClose={onClose} />}
    </Dialog>
  );
}

function CreatedKey({ apiKey, onClose }: { apiKey: CreatedApiKey; onClose(): void }) {
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (await copyToClipboard(apiKey.key, 'API key', 'Select the key and copy it yourself.')) setCopied(true);
  };

  return (
    <>
      <div className="field">
        <label htmlFor={inputId}>API key “{apiKey.name}”</label>
        <div className="api-key-secret">
          <input
            id={inputId}
            type="text"
            readOnly
            value={apiKey.key}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button" onClick={() => void copy()}>
            {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
            Copy
          </button>
        </div>
        <p className="api-key-copied" role="status">
          {copied ? 'Copied to the clipboard.' : ''}
        </p>
      </div>
      <div className="dialog-footer">
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </>
  );
}
