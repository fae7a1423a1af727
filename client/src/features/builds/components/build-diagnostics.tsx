import type { Build, Diagnostic } from '@/lib/api/schemas';
import { diagnosticSummary } from '../utils/diagnostic-counts';

export interface BuildDiagnosticsProps {
  diagnostics: readonly Diagnostic[];
  /** The build's status: a failed build without errors failed for the platform (see diagnosticSummary). */
  status?: Build['status'];
  /** A diagnostic in one of the project's files was chosen: open it there. */
  onOpenFileLocation(file: string, line: number): void;
}

function DiagnosticItem({ diagnostic: d, onOpen }: { diagnostic: Diagnostic; onOpen?: () => void }) {
  const where = `${d.file}:${d.line}${d.column === null ? '' : `:${d.column}`}`;
  return (
    <li className={`build-diagnostic build-diagnostic-${d.severity}`}>
      <span className="build-diagnostic-severity">{d.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
      {onOpen ? (
        <button type="button" className="link-button" onClick={onOpen}>
          {where}
        </button>
      ) : (
        <code>{where}</code>
      )}{' '}
      {d.message}
    </li>
  );
}

/**
 * The build's errors and warnings: counted (the user's apart from the platform's), the user's listed
 * with links into the editor, the platform's folded away until asked for.
 */
export function BuildDiagnostics({ diagnostics, status, onOpenFileLocation }: BuildDiagnosticsProps) {
  const mine = diagnostics.filter((d) => d.origin === 'user');
  const platform = diagnostics.filter((d) => d.origin === 'platform');
  return (
    <div className="build-diagnostics">
      <p className="build-diagnostics-summary">{diagnosticSummary(diagnostics, status)}</p>
      {mine.length > 0 && (
        <ul className="build-diagnostic-list" aria-label="Errors and warnings in your files">
          {mine.map((d, index) => (
            <DiagnosticItem key={index} diagnostic={d} onOpen={() => onOpenFileLocation(d.file, d.line)} />
          ))}
        </ul>
      )}
      {platform.length > 0 && (
        <details className="build-diagnostics-platform">
          <summary>{platform.length} from the platform</summary>
          <ul className="build-diagnostic-list">
            {platform.map((d, index) => (
              <DiagnosticItem key={index} diagnostic={d} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
