import type { Build, Diagnostic } from '@/lib/api/schemas';
import { diagnosticSummary } from '../utils/diagnostic-counts';

export interface BuildDiagnosticsProps {
  diagnostics: readonly Diagnostic[];
  /** The build's status: a failed build without errors failed for the platform (see diagnosticSummary). */
  status?: Build['status'];
  /** A diagnostic in one of the project's files was chosen: open it there. */
  onOpenFileLocation(file: string, line: number): void;
}

const SEVERITY_WORD = { error: 'Error', warning: 'Warning', note: 'Platform note' } as const;

function DiagnosticItem({ diagnostic: d, onOpen }: { diagnostic: Diagnostic; onOpen?: () => void }) {
  const where = `${d.file}:${d.line}${d.column === null ? '' : `:${d.column}`}`;
  return (
    <li className={`build-diagnostic build-diagnostic-${d.severity}`}>
      <span className="build-diagnostic-severity">{SEVERITY_WORD[d.severity]}</span>{' '}
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
 * with links into the editor, the platform's folded away until asked for. Platform notes (what the
 * check could not check) are listed apart, under one sentence saying they are not the design's errors.
 */
export function BuildDiagnostics({ diagnostics, status, onOpenFileLocation }: BuildDiagnosticsProps) {
  const notes = diagnostics.filter((d) => d.severity === 'note');
  const mine = diagnostics.filter((d) => d.origin === 'user' && d.severity !== 'note');
  const platform = diagnostics.filter((d) => d.origin === 'platform' && d.severity !== 'note');
  return (
    <div className="build-diagnostics">
      <p className="build-diagnostics-summary">{diagnosticSummary(diagnostics, status)}</p>
      {notes.length > 0 && (
        <>
          <p className="build-diagnostics-notes-intro">
            Platform notes: parts of the design this check build could not check. They are limits of the check, not
            errors in your design.
          </p>
          <ul className="build-diagnostic-list" aria-label="Platform notes">
            {notes.map((d, index) => (
              <DiagnosticItem
                key={index}
                diagnostic={d}
                onOpen={d.origin === 'user' ? () => onOpenFileLocation(d.file, d.line) : undefined}
              />
            ))}
          </ul>
        </>
      )}
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
