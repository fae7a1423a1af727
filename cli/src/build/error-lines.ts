import { classifySeverity, findFileLocation } from '@cloud-compile/shared';
import type { Diagnostic } from '@cloud-compile/shared/api-types';
import { inertText } from './terminal-text.js';

/** An error a build log names with its source location. */
export interface SourceError {
  /** The file as the project names it, with `sourceRoot` in front when given. */
  file: string;
  line: number;
  column?: number;
  /** The error without its location and severity word, e.g. `[Synth 8-2715] syntax error near "end"`. */
  message: string;
}

const withRoot = (file: string, sourceRoot: string) =>
  sourceRoot ? `${sourceRoot.replace(/[\\/]+$/, '')}/${file}` : file;

const SEVERITY_PREFIX = /^[\s:*]*(?:error|fatal error|fatal)\s*[:!]?\s*/i;

/**
 * The error lines of a build log that name a `file:line` (Vivado's `[/project/src/a.vhd:27]`, GHDL's
 * `a.vhd:27:5: error:` …), recognised as the web app's log viewer recognises them. Repeats are dropped.
 * `sourceRoot` (the folder that was pushed) turns project names into paths of the checkout, so CI
 * annotations land on the right file.
 */
export function sourceErrors(lines: readonly string[], sourceRoot = ''): SourceError[] {
  const errors: SourceError[] = [];
  const seen = new Set<string>();
  for (const text of lines) {
    if (classifySeverity(text) !== 'error') continue;
    const location = findFileLocation(text);
    if (!location) continue;
    let start = location.start;
    let end = location.end;
    if (text[start - 1] === '[' && text[end] === ']') {
      start--;
      end++;
    }
    const message = `${text.slice(0, start)} ${text.slice(end)}`
      .replace(/\s+/g, ' ')
      .trim()
      .replace(SEVERITY_PREFIX, '')
      .trim();
    const error: SourceError = {
      file: withRoot(location.file, sourceRoot),
      line: location.line,
      message: message || 'error',
    };
    if (location.column !== undefined) error.column = location.column;
    const key = JSON.stringify(error);
    if (!seen.has(key)) {
      seen.add(key);
      errors.push(error);
    }
  }
  return errors;
}

/**
 * The errors of a build's structured diagnostics (what the tools reported, parsed by the server) in
 * the user's own files, once each; `sourceRoot` as for `sourceErrors`. Platform files are not in the
 * user's checkout, so they get no line of their own.
 */
export function diagnosticErrors(diagnostics: readonly Diagnostic[], sourceRoot = ''): SourceError[] {
  const errors: SourceError[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (d.severity !== 'error' || d.origin !== 'user') continue;
    const error: SourceError = { file: withRoot(d.file, sourceRoot), line: d.line, message: d.message };
    if (d.column !== null) error.column = d.column;
    const key = JSON.stringify(error);
    if (!seen.has(key)) {
      seen.add(key);
      errors.push(error);
    }
  }
  return errors;
}

/** `file:line[:column]: error: message`: the form compilers print, which editors and CI problem matchers link. */
export function editorLine(error: SourceError): string {
  const where =
    error.column === undefined ? `${error.file}:${error.line}` : `${error.file}:${error.line}:${error.column}`;
  return inertText(`${where}: error: ${error.message}`);
}

/**
 * A GitHub Actions workflow command that annotates the file and line in the run and the pull request.
 * Its text is the design's too (a message may quote it): line breaks and controls go, `%`, `:` and `,`
 * are escaped as the runner expects, so it stays one command with these properties.
 */
export function githubAnnotation(error: SourceError): string {
  const escape = (value: string, property: boolean) => {
    // Line breaks escaped (the runner turns them back into breaks inside the message), then any other control removed.
    const data = inertText(value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
    return property ? data.replace(/:/g, '%3A').replace(/,/g, '%2C') : data;
  };
  const column = error.column === undefined ? '' : `,col=${error.column}`;
  return `::error file=${escape(error.file, true)},line=${error.line}${column}::${escape(error.message, false)}`;
}
