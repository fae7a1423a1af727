/**
 * One error or warning a tool reported, located in a file the user knows by name; or a platform note
 * (severity `note`, see platform-notes.ts): a part of the design the check could not check, which is a
 * limit of the check tools, not an error in the design. Notes are counted apart and never fail a build.
 */
export interface Diagnostic {
  /** A project file's name (`adder.vhd`), or `platform/<name>` for the platform's own files. */
  file: string;
  line: number;
  column: number | null;
  severity: 'error' | 'warning' | 'note';
  message: string;
  /** `user`: in one of the project's files; `platform`: in the platform's files (folded in the UI). */
  origin: 'user' | 'platform';
}

/** How a tool's path maps to what the user sees; null drops the location (a generated file). */
export type PathMapper = (rawPath: string) => { file: string; origin: Diagnostic['origin'] } | null;

/**
 * A tool's line as the log shows it (`text`: the temp dir removed, the severity spelled out so the log
 * viewer links it) and the diagnostic it reports, if any. `text` is null for a line that tells the user
 * nothing (TOOL_NOISE below): the log leaves it out.
 */
export type ParsedLine = { text: string; diagnostic: Diagnostic } | { text: string | null; diagnostic: null };

// GHDL (mcode, 2.0): `clip.vhd:24:28: 'then' is expected here` is an error; warnings say so:
// `custom-instrument.vhd:23:9:warning: no assignment for port "outputb"`. A `(found: …)` line repeats
// the location of the error it explains. The design's own assertions and reports carry their severity
// in brackets, `top.vhd:5:5:(assertion warning): w1` (note, warning, error, failure); one that stops
// the build is followed by `top.vhd:8:3: error due to assertion failure`, which repeats it.
const GHDL =
  /^(?<path>[^\s:][^:]*\.(?:vhdl?|vhd)):(?<line>\d+):(?<col>\d+):\s*(?:(?<sev>warning|error|note):\s*|\((?<kind>assertion|report) (?<level>note|warning|error|failure)\):\s*)?(?<msg>.*)$/i;
const REPEATS_ASSERTION = /^error due to assertion failure$/;
// Lines that explain the diagnostic before them: `(found: …)`, `(in default configuration of top(rtl))`.
const CONTINUES = /^\((?:found:|in default configuration of )/;
// Yosys: `bad.v:3: ERROR: syntax error, unexpected …` and `top.v:12: Warning: Identifier … is implicitly declared.`
const YOSYS =
  /^(?<path>[^\s:][^:]*\.(?:sv|v|svh|vh)):(?<line>\d+)(?:\.(?<col>\d+)(?:-\d+(?:\.\d+)?)?)?:\s*(?<sev>ERROR|Warning):\s*(?<msg>.*)$/;

// GHDL's closing words after the errors it already printed: `/usr/bin/ghdl-mcode: importation has
// failed due to compilation error`. Noise to the user (the errors above say what failed), and it names
// a path of the host.
const TOOL_NOISE = /^\S*ghdl[\w-]*: importation has failed due to compilation error$/;

// Verilator 5: `%Error: top.sv:12:5: syntax error, unexpected …`, `%Warning-WIDTH: top.sv:3:9: Operator …`.
// Its `Unsupported:` errors are a limit of the check (the vendor's toolchain reads those constructs).
const VERILATOR =
  /^%(?<sev>Error|Warning)(?:-(?<code>[A-Z0-9_]+))?: (?<path>[^\s:][^:]*\.(?:sv|v|svh|vh)):(?<line>\d+):(?<col>\d+): (?<msg>.*)$/;

/** What every platform note ends with: whose limit it is. */
export const NOT_YOUR_ERROR = 'a limit of the check, not an error in your design';

/**
 * Longest message a diagnostic keeps (the log has the whole line). A design writes its own assertion
 * texts, and a build's diagnostics stay with it in the sandbox while it is kept.
 */
export const MAX_DIAGNOSTIC_MESSAGE_CHARS = 500;

const boundedMessage = (message: string) =>
  message.length <= MAX_DIAGNOSTIC_MESSAGE_CHARS ? message : `${message.slice(0, MAX_DIAGNOSTIC_MESSAGE_CHARS - 1)}…`;

/**
 * Parses one line of GHDL or Yosys output into a diagnostic (or none), mapping the tool's path to
 * the user's file name with `mapPath`. Notes and continuation lines are not diagnostics.
 */
export function parseToolLine(raw: string, mapPath: PathMapper): ParsedLine {
  if (TOOL_NOISE.test(raw)) return { text: null, diagnostic: null };
  const verilator = VERILATOR.exec(raw);
  if (verilator?.groups) return verilatorLine(raw, verilator.groups, mapPath);
  const match = GHDL.exec(raw) ?? YOSYS.exec(raw);
  if (!match?.groups) return { text: raw, diagnostic: null };
  const { path, line, col, sev, kind, level, msg } = match.groups as Record<string, string | undefined>;
  const severity = (sev ?? (level === 'failure' ? 'error' : level) ?? 'error').toLowerCase();
  if (severity === 'note' || CONTINUES.test(msg!) || REPEATS_ASSERTION.test(msg!.trim()))
    return { text: raw, diagnostic: null };
  const mapped = mapPath(path!);
  if (!mapped) return { text: raw, diagnostic: null };
  const column = col === undefined ? null : Number(col);
  const message = kind ? `${kind.toLowerCase()}: ${msg!.trim()}` : msg!.trim();
  const diagnostic: Diagnostic = {
    file: mapped.file,
    line: Number(line),
    column,
    severity: severity === 'warning' ? 'warning' : 'error',
    message: boundedMessage(message),
    origin: mapped.origin,
  };
  return { text: diagnosticText(diagnostic, message), diagnostic };
}

/** A diagnostic as the log shows it, `file:line:column: severity: message` (the log viewer links it). */
export function diagnosticText(diagnostic: Diagnostic, message = diagnostic.message): string {
  const { file, line, column, severity } = diagnostic;
  return `${column === null ? `${file}:${line}` : `${file}:${line}:${column}`}: ${severity}: ${message}`;
}

function verilatorLine(raw: string, groups: Record<string, string | undefined>, mapPath: PathMapper): ParsedLine {
  const mapped = mapPath(groups.path!);
  if (!mapped) return { text: raw, diagnostic: null };
  const msg = groups.msg!.trim();
  const unsupported = groups.code === 'UNSUPPORTED' || /^Unsupported\b/.test(msg);
  const severity = unsupported ? 'note' : groups.sev === 'Error' ? 'error' : 'warning';
  const text = unsupported
    ? `Verilator, the check's SystemVerilog reader, cannot check this (${msg}): ${NOT_YOUR_ERROR}`
    : groups.code
      ? `${msg} [${groups.code}]`
      : msg;
  const diagnostic: Diagnostic = {
    file: mapped.file,
    line: Number(groups.line),
    column: Number(groups.col),
    severity,
    message: boundedMessage(text),
    origin: mapped.origin,
  };
  return { text: diagnosticText(diagnostic, text), diagnostic };
}

export interface DiagnosticCounts {
  userErrors: number;
  userWarnings: number;
  notes: number;
  platform: number;
}

export function countDiagnostics(diagnostics: readonly Diagnostic[]): DiagnosticCounts {
  const counts: DiagnosticCounts = { userErrors: 0, userWarnings: 0, notes: 0, platform: 0 };
  for (const d of diagnostics) {
    if (d.severity === 'note') counts.notes++;
    else if (d.origin === 'platform') counts.platform++;
    else if (d.severity === 'error') counts.userErrors++;
    else counts.userWarnings++;
  }
  return counts;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 error · 3 warnings in your files · 602 from the platform", with " · 2 platform notes" before the last part when there are notes. */
export function diagnosticSummary(diagnostics: readonly Diagnostic[]): string {
  const c = countDiagnostics(diagnostics);
  const notes = c.notes > 0 ? ` · ${plural(c.notes, 'platform note')}` : '';
  return `${plural(c.userErrors, 'error')} · ${plural(c.userWarnings, 'warning')} in your files${notes} · ${c.platform} from the platform`;
}
