import { stripAnsi } from './ansi';

const TAB_SIZE = 8;

/**
 * How many rows a line takes when wrapped at `columns` characters. Wrapped text breaks at any character
 * (`word-break: break-all`, like a terminal), so in a monospace font this is exact for ordinary text —
 * the viewer can size a million wrapped rows without measuring them. Characters are counted in UTF-16 units,
 * so an emoji (a surrogate pair) counts two columns, as terminals draw it; CJK counts one where it takes two.
 * The rows on screen are measured too, which corrects any such estimate.
 */
export function wrappedRowCount(line: string, columns: number): number {
  if (columns <= 0) return 1;
  // Sized for a million lines: native length and search, a loop only for the rare line with tabs.
  const hasTab = line.includes('\t');
  if (!hasTab && line.length <= columns) return 1;
  const text = stripAnsi(line);
  if (!hasTab) return Math.max(1, Math.ceil(text.length / columns));
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 9) width += TAB_SIZE - ((width % columns) % TAB_SIZE);
    else width++;
  }
  return Math.max(1, Math.ceil(width / columns));
}
