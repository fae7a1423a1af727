/**
 * A build log is the design's text: GHDL quotes the user's source lines, so a file can put any bytes
 * in it. Before a line reaches the terminal (or the CI log) everything a terminal would act on is
 * removed: OSC (window title `ESC ] 0;`, clipboard `ESC ] 52;`, hyperlinks), DCS/APC/PM/SOS strings,
 * CSI sequences (cursor moves, screen clears, …), other escapes, C0 and C1 control characters and DEL.
 * Tabs stay. SGR colours (`ESC [ 31 m`) stay only when `keepColours` (the output is a terminal).
 *
 * Written here rather than taken from a library: strip-ansi and its kin remove colours too (or keep
 * every CSI), and none drops bare C0/C1 controls; this is one pass over the line with no regex backtracking.
 */

const ESC = 0x1b;
const BEL = 0x07;
/** C1 controls (U+0080–U+009F): U+009B is an 8-bit CSI, U+009D an 8-bit OSC on terminals that honour them. */
const isC1 = (code: number) => code >= 0x80 && code <= 0x9f;
const isC0 = (code: number) => code < 0x20 || code === 0x7f;
/** A CSI's parameters are digits, `;` and `:` only when it is a plain colour change (no private `?`, `>`). */
const SGR_PARAMETERS = /^[0-9;:]*$/;

/** Where a string sequence (OSC, DCS, …) started at `start` ends: after its BEL or ST (`ESC \`), else the line's end. */
function endOfString(text: string, start: number, bellEnds: boolean): number {
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (bellEnds && code === BEL) return i + 1;
    if (code === ESC && text.charCodeAt(i + 1) === 0x5c) return i + 2;
    if (code === 0x9c) return i + 1; // the 8-bit ST
  }
  return text.length;
}

/** Where a CSI whose parameters start at `start` ends (after its final byte, 0x40–0x7E), and that final byte. */
function endOfCsi(text: string, start: number): { end: number; final: string; parameters: string } {
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= 0x40 && code <= 0x7e) return { end: i + 1, final: text[i]!, parameters: text.slice(start, i) };
    // Parameter (0x30–0x3F) and intermediate (0x20–0x2F) bytes; anything else cuts the sequence short.
    if (code < 0x20 || code > 0x3f) break;
    i++;
  }
  return { end: i, final: '', parameters: text.slice(start, i) };
}

/** The line with every control sequence and control character removed (SGR colours kept when asked). */
export function inertText(text: string, keepColours = false): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === ESC) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x5b) {
        // ESC [ … final: a CSI. Only a plain SGR survives, and only on a terminal.
        const csi = endOfCsi(text, i + 2);
        if (keepColours && csi.final === 'm' && SGR_PARAMETERS.test(csi.parameters)) out += text.slice(i, csi.end);
        i = csi.end;
      } else if (next === 0x5d) {
        i = endOfString(text, i + 2, true); // OSC: titles, clipboard, hyperlinks
      } else if (next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) {
        i = endOfString(text, i + 2, false); // DCS, SOS, PM, APC
      } else {
        // Any other escape: intermediates (0x20–0x2F) then one final byte, e.g. `ESC c` (reset), `ESC ( B`.
        let j = i + 1;
        while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
        i = j < text.length && !isC0(text.charCodeAt(j)) ? j + 1 : j;
      }
      continue;
    }
    if (code === 0x9b) {
      i = endOfCsi(text, i + 1).end; // the 8-bit CSI: never kept (colours come as ESC [ … m)
      continue;
    }
    if (code === 0x9d || code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f) {
      i = endOfString(text, i + 1, code === 0x9d);
      continue;
    }
    if (code === 0x09 || !(isC0(code) || isC1(code))) out += text[i];
    i++;
  }
  return out;
}
