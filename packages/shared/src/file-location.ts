export type Severity = 'error' | 'warning';

/** A source location named in a log line, with where it sits in the (escape-free) line text. */
export interface FileLocation {
  /** The path as written in the log, e.g. `/project/src/limiter.vhd`. */
  path: string;
  /** The file's name without folders, e.g. `limiter.vhd`: project files are a flat list of names. */
  file: string;
  line: number;
  column?: number;
  /** Character offsets of the `path:line[:column]` text within the line, end excluded. */
  start: number;
  end: number;
}

// Vivado ("ERROR: [Synth 8-2715] …"), GHDL/iverilog ("a.vhd:27:5: error: …"), ModelSim ("** Error: …").
// A word like "errors" or "error_count" is not a severity; "0 errors, 2 warnings" is not an error line.
const ERROR_LINE = /(?:^|[\s\]|*])(?:error|fatal(?: error)?)\s*(?::|\[|!)/i;
const WARNING_LINE = /(?:^|[\s\]|*])(?:critical warning|warning)\s*(?::|\[)/i;

/** Whether a log line reports an error or a warning (by the tools' own wording), else `null`. */
export function classifySeverity(text: string): Severity | null {
  if (ERROR_LINE.test(text)) return 'error';
  if (WARNING_LINE.test(text)) return 'warning';
  return null;
}

// A source file (the extensions a project may hold, plus Tcl/SDC) followed by `:line` and an optional `:column`.
// The lookbehind keeps us from starting in the middle of a longer word.
const LOCATION =
  /(?<![\w.\\/-])((?:[A-Za-z]:)?[\w.\\/-]*?[\w-]+\.(?:vhdl|vhd|sv|svh|vh|v|xdc|xci|coe|tcl|sdc)):(\d{1,7})(?::(\d{1,5}))?(?![\w])/i;

/** The first `file:line` (or `file:line:column`) in a line's text, e.g. `[/project/src/limiter.vhd:27]`. */
export function findFileLocation(text: string): FileLocation | null {
  const match = LOCATION.exec(text);
  if (!match) return null;
  const path = match[1]!;
  const line = Number(match[2]);
  if (line < 1) return null;
  const location: FileLocation = {
    path,
    file: path.split(/[\\/]/).pop()!,
    line,
    start: match.index,
    end: match.index + match[0].length,
  };
  if (match[3] !== undefined) location.column = Number(match[3]);
  return location;
}
