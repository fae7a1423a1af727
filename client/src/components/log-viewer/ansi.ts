import Anser from 'anser';

/** A run of log text with one style. Colours are CSS colour values (theme variables for the 16 base colours). */
export interface AnsiSegment {
  text: string;
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
}

const ESC = '\u001b';
// CSI sequences (SGR and cursor movement alike) and OSC sequences (titles, hyperlinks) terminated by BEL or ST.
// eslint-disable-next-line no-control-regex
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;

/**
 * What a terminal would show of a line with carriage returns: a progress line (`10%\r50%\r100%`) shows its
 * last overwrite, and a Windows line ending (`…\r`) shows nothing extra.
 */
export function afterCarriageReturn(line: string): string {
  if (!line.includes('\r')) return line;
  const trimmed = line.endsWith('\r') ? line.replace(/\r+$/, '') : line;
  return trimmed.slice(trimmed.lastIndexOf('\r') + 1);
}

/** The text a person reads: the line without escape sequences. Cheap when the line has none (the common case). */
export function stripAnsi(line: string): string {
  const shown = afterCarriageReturn(line);
  return shown.includes(ESC) ? shown.replace(ANSI_SEQUENCE, '') : shown;
}

const BASE_COLOURS = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;
const BASE_FALLBACKS: Record<string, string> = {
  black: '#3b3b3b',
  red: '#cd3131',
  green: '#0d8a3d',
  yellow: '#a86e00',
  blue: '#2a62c9',
  magenta: '#b0309e',
  cyan: '#0c7d8a',
  white: '#8a8a8a',
  'bright-black': '#6e6e6e',
  'bright-red': '#e04848',
  'bright-green': '#17a34a',
  'bright-yellow': '#b58900',
  'bright-blue': '#3b82f6',
  'bright-magenta': '#c026d3',
  'bright-cyan': '#0891b2',
  'bright-white': '#a3a3a3',
};

/** xterm's 256-colour palette entry `index` as an `rgb()` value (0–15 are the theme's base colours). */
export function xtermColour(index: number): string {
  if (index < 16) {
    const name = (index >= 8 ? 'bright-' : '') + BASE_COLOURS[index % 8];
    return baseColour(name);
  }
  if (index < 232) {
    const cube = index - 16;
    const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
    return `rgb(${level(Math.floor(cube / 36))}, ${level(Math.floor(cube / 6) % 6)}, ${level(cube % 6)})`;
  }
  const grey = 8 + (index - 232) * 10;
  return `rgb(${grey}, ${grey}, ${grey})`;
}

/** A base colour follows the theme through a CSS variable, so yellow stays readable on a light background. */
function baseColour(name: string): string {
  return `var(--log-ansi-${name}, ${BASE_FALLBACKS[name] ?? 'currentColor'})`;
}

/** Anser's class names (`ansi-red`, `ansi-bright-red`, `ansi-palette-200`, `ansi-truecolor`) → CSS colour. */
function cssColour(anserColour: string | null, trueColour: string | null): string | undefined {
  if (!anserColour) return undefined;
  if (anserColour === 'ansi-truecolor') return trueColour ? `rgb(${trueColour})` : undefined;
  const palette = /^ansi-palette-(\d+)$/.exec(anserColour);
  if (palette) return xtermColour(Number(palette[1]));
  return baseColour(anserColour.replace(/^ansi-/, ''));
}

/**
 * One log line → styled segments (SGR: 8/16/256/true colours, bold, dim, italic, underline, reset).
 * Each line is parsed on its own: a colour left open at the end of a line does not leak into the next,
 * which is how CI log viewers treat lines and what lets us parse only the rows on screen.
 * Carriage returns overwrite as in a terminal (see `afterCarriageReturn`).
 * The result is plain data for React text nodes; nothing is ever inserted as HTML.
 */
export function parseAnsi(raw: string): AnsiSegment[] {
  const line = afterCarriageReturn(raw);
  if (!line.includes(ESC)) return line ? [{ text: line }] : [];
  const entries = Anser.ansiToJson(line, { json: true, use_classes: true, remove_empty: true });
  const segments: AnsiSegment[] = [];
  for (const entry of entries) {
    // Anser passes through sequences it does not interpret (cursor movement, OSC); drop them.
    const text = stripAnsi(entry.content);
    if (!text) continue;
    const segment: AnsiSegment = { text };
    const fg = cssColour(entry.fg, entry.fg === 'ansi-truecolor' ? entry.fg_truecolor : null);
    const bg = cssColour(entry.bg, entry.bg === 'ansi-truecolor' ? entry.bg_truecolor : null);
    if (fg) segment.fg = fg;
    if (bg) segment.bg = bg;
    for (const decoration of entry.decorations) {
      if (decoration === 'bold') segment.bold = true;
      else if (decoration === 'dim') segment.dim = true;
      else if (decoration === 'italic') segment.italic = true;
      else if (decoration === 'underline') segment.underline = true;
      else if (decoration === 'strikethrough') segment.strikethrough = true;
    }
    segments.push(segment);
  }
  return segments;
}
