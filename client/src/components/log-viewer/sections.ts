import { stripAnsi } from './ansi';

/** Where a stage starts: its name and the 1-based number of its marker (header) line. */
export interface StageMarker {
  name: string;
  line: number;
}

/** A stage section: its header line and the body lines after it, up to the next header (0-based, end excluded). */
export interface LogSection {
  name: string;
  headerIndex: number;
  start: number;
  end: number;
}

// `=== SYNTHESIS ===` (three or more `=` on each side). Names start with a letter: `=====` alone is a rule, not a stage.
const MARKER = /^\s*={3,}\s*([A-Za-z][\w ./()&+-]*?)\s*={3,}\s*$/;
// `==> Stage: SYNTHESIS`: the build service's own stage header (fixtures/README.md), the form the mock writes.
const STAGE_HEADER = /^\s*==>\s*Stage:\s*([A-Za-z][\w ./()&+-]*?)\s*$/;
const EQUALS = 61;

/** The stage a marker line opens (`=== SYNTHESIS ===` or `==> Stage: SYNTHESIS` → `SYNTHESIS`), or `null` for any other line. */
export function stageNameOf(line: string): string | null {
  // Nearly every line fails this cheap test, so scanning a million lines costs a few milliseconds.
  const first = line.charCodeAt(0);
  if (first !== EQUALS && first !== 32 && first !== 9 && first !== 27) return null;
  const plain = stripAnsi(line);
  const match = MARKER.exec(plain) ?? STAGE_HEADER.exec(plain);
  return match ? match[1]! : null;
}

/** Every stage marker in `lines[from..to)`, in order. Call with `from` = the old length to scan only new lines. */
export function findStageMarkers(lines: readonly string[], from = 0, to = lines.length): StageMarker[] {
  const markers: StageMarker[] = [];
  for (let index = from; index < to; index++) {
    const name = stageNameOf(lines[index]!);
    if (name !== null) markers.push({ name, line: index + 1 });
  }
  return markers;
}

/** Markers → sections over a log of `lineCount` lines. Lines before the first marker belong to no section. */
export function buildSections(markers: readonly StageMarker[], lineCount: number): LogSection[] {
  const starts = markers
    .filter((marker) => marker.line >= 1 && marker.line <= lineCount)
    .toSorted((a, b) => a.line - b.line)
    .filter((marker, i, sorted) => i === 0 || sorted[i - 1]!.line !== marker.line);
  return starts.map((marker, i) => {
    const headerIndex = marker.line - 1;
    const next = starts[i + 1];
    return { name: marker.name, headerIndex, start: headerIndex + 1, end: next ? next.line - 1 : lineCount };
  });
}

/** What one visual row of the viewer shows: a log line, or a section's header (itself a log line). */
export interface RowTarget {
  kind: 'line' | 'header';
  /** 0-based log line index. */
  index: number;
  /** The section the row belongs to (index into the sections list), or -1 for lines before the first. */
  section: number;
}

interface Run {
  row: number;
  line: number;
  length: number;
  kind: 'line' | 'header';
  section: number;
}

/**
 * Maps visual rows ⇄ log lines when some sections are collapsed, without a per-line array:
 * a run per header and per visible body, so a million-line log costs as much as its few sections.
 */
export class RowModel {
  readonly rowCount: number;
  private readonly runs: Run[];

  constructor(lineCount: number, sections: readonly LogSection[], collapsed: ReadonlySet<number>) {
    const runs: Run[] = [];
    let row = 0;
    const push = (line: number, length: number, kind: Run['kind'], section: number) => {
      if (length <= 0) return;
      runs.push({ row, line, length, kind, section });
      row += length;
    };
    push(0, Math.min(sections[0]?.headerIndex ?? lineCount, lineCount), 'line', -1);
    sections.forEach((section, i) => {
      push(section.headerIndex, 1, 'header', i);
      if (!collapsed.has(section.headerIndex)) push(section.start, section.end - section.start, 'line', i);
    });
    this.runs = runs;
    this.rowCount = row;
  }

  /** The line shown on visual row `row` (0-based). */
  rowAt(row: number): RowTarget {
    const run = this.runs[lastAtOrBefore(this.runs, row, (r) => r.row)]!;
    return { kind: run.kind, index: run.line + (row - run.row), section: run.section };
  }

  /** The visual row of line `index`; for a line inside a collapsed section, its header's row. */
  rowOfLine(index: number): number {
    const runIndex = lastAtOrBefore(this.runs, index, (r) => r.line);
    const run = this.runs[runIndex];
    if (!run) return 0;
    return run.row + Math.min(index - run.line, run.length - 1);
  }
}

/** Binary search: the last position whose key is ≤ `value` (0 when none is). */
function lastAtOrBefore<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (key(items[mid]!) <= value) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** The section (index) a 0-based line belongs to, header included; -1 before the first section. */
export function sectionOfLine(sections: readonly LogSection[], index: number): number {
  if (sections.length === 0 || index < sections[0]!.headerIndex) return -1;
  return lastAtOrBefore(sections, index, (s) => s.headerIndex);
}
