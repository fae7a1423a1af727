import type { SourceFile } from '../../domain.js';
import { NOT_YOUR_ERROR, type Diagnostic } from '../diagnostics.js';

/**
 * Platform notes: where the open-source tools of a check build cannot handle a part of a design the
 * vendor's toolchain accepts, the build checks everything else, succeeds, and says so in one plain
 * sentence. A note is a Diagnostic of severity `note`, counted apart from the user's errors and warnings.
 */

/** A note at a line of a user's file, and the log line that shows it. */
export function platformNote(file: string, line: number, what: string): { diagnostic: Diagnostic; text: string } {
  const message = `${what}: ${NOT_YOUR_ERROR}`;
  return {
    diagnostic: { file, line, column: null, severity: 'note', message, origin: 'user' },
    text: `${file}:${line}: note: ${message}`,
  };
}

const stripComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(--|\/\/).*$/gm, '');

/**
 * The line of a file where the design's top level starts (`architecture … of <target>`, `module
 * <target>`): where a note about the whole design is shown. Line 1 when it cannot be found.
 */
export function topLevelLine(file: SourceFile, target: string): number {
  const name = target.replace(/[^\w]/g, '');
  const lines = stripComments(file.content).split('\n');
  const at = lines.findIndex((l) =>
    new RegExp(`\\b(?:module\\s+${name}|architecture\\s+\\w+\\s+of\\s+${name})\\b`, 'i').test(l),
  );
  return at < 0 ? 1 : at + 1;
}
