import { RotateCw } from 'lucide-react';
import { unavailableWhile } from '@/lib/focus-place';

export interface LoadErrorProps {
  /** What went wrong, readable (the API's detail or the caller's fallback). */
  message: string;
  /** Asks again (SWR's mutate). */
  onRetry(): void;
  /** A retry is under way: the button waits for it instead of stacking requests. */
  retrying?: boolean;
}

/**
 * A load that failed, with the way out: Retry. Announced as an alert; the button stays in the page so a
 * reader who comes back after the network returns can ask again (SWR also retries by itself when the
 * browser comes back online).
 */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div className="load-error">
      <p role="alert" className="error-text">
        {message}
      </p>
      {/* Not disabled: the button keeps the keyboard focus while the retry runs. */}
      <button type="button" className="button" {...unavailableWhile(retrying, onRetry)}>
        <RotateCw size={16} aria-hidden="true" className={retrying ? 'load-error-spinning' : undefined} />
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
