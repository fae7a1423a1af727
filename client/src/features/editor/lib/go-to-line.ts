/** Where "Go to line" goes: a 1-based line and a 0-based column. */
export interface LineTarget {
  line: number;
  column: number;
}

/**
 * Reads what was typed into Go to line: `30` (line 30), `30:5` (line 30, column 5, 1-based as typed),
 * `+10` / `-10` (relative to `currentLine`). Null when it is none of these or outside 1…`lines`.
 */
export function parseGoToLine(text: string, currentLine: number, lines: number): LineTarget | null {
  const match = /^\s*([+-]?)(\d{1,9})(?::(\d{1,9}))?\s*$/.exec(text);
  if (!match) return null;
  const [, sign, digits, columnDigits] = match;
  const number = Number(digits);
  const line = sign === '+' ? currentLine + number : sign === '-' ? currentLine - number : number;
  if (line < 1 || line > lines) return null;
  const column = columnDigits === undefined ? 0 : Math.max(0, Number(columnDigits) - 1);
  return { line, column };
}
