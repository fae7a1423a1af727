import { describe, expect, it } from 'vitest';
import { afterCarriageReturn, parseAnsi, stripAnsi, xtermColour } from './ansi';

const esc = (codes: string) => `\u001b[${codes}m`;

describe('stripAnsi', () => {
  it('returns a line without escapes unchanged', () => {
    expect(stripAnsi('INFO: [Synth 8-7075] Done')).toBe('INFO: [Synth 8-7075] Done');
  });

  it('removes SGR, cursor and OSC sequences', () => {
    expect(stripAnsi(`${esc('1;31')}ERROR${esc('0')}: x\u001b[2K\u001b]0;title\u0007 y`)).toBe('ERROR: x y');
  });
});

describe('afterCarriageReturn', () => {
  it('keeps the last overwrite of a progress line and drops a Windows line ending', () => {
    expect(afterCarriageReturn('10%\r50%\r100% done')).toBe('100% done');
    expect(afterCarriageReturn('INFO: done\r')).toBe('INFO: done');
    expect(afterCarriageReturn('a\rb\r\r')).toBe('b');
    expect(afterCarriageReturn('plain')).toBe('plain');
  });

  it('applies to what is drawn and searched', () => {
    expect(stripAnsi('\u001b[32m10%\r\u001b[32m100%\u001b[0m\r')).toBe('100%');
    expect(parseAnsi('old\rnew')).toEqual([{ text: 'new' }]);
  });
});

describe('parseAnsi', () => {
  it('gives one plain segment for a plain line and none for an empty one', () => {
    expect(parseAnsi('hello')).toEqual([{ text: 'hello' }]);
    expect(parseAnsi('')).toEqual([]);
  });

  it('maps the 16 base colours to theme variables, with bold and reset', () => {
    const segments = parseAnsi(`a${esc('1;31')}red${esc('0')} b${esc('92')}bright`);
    expect(segments).toEqual([
      { text: 'a' },
      { text: 'red', fg: expect.stringContaining('var(--log-ansi-red,'), bold: true },
      { text: ' b' },
      { text: 'bright', fg: expect.stringContaining('var(--log-ansi-bright-green,') },
    ]);
  });

  it('supports 256-colour and true-colour foregrounds and backgrounds', () => {
    const [palette, trueColour, background] = parseAnsi(
      `${esc('38;5;196')}p${esc('38;2;1;2;3')}t${esc('0;48;5;244')}g`,
    );
    expect(palette).toMatchObject({ text: 'p', fg: 'rgb(255, 0, 0)' });
    expect(trueColour).toMatchObject({ text: 't', fg: 'rgb(1, 2, 3)' });
    expect(background).toEqual({ text: 'g', bg: 'rgb(128, 128, 128)' });
  });

  it('does not carry a true colour into a later base colour (anser keeps the stale value)', () => {
    const segments = parseAnsi(`${esc('38;2;1;2;3')}t${esc('32')}g`);
    expect(segments[1]).toEqual({ text: 'g', fg: expect.stringContaining('--log-ansi-green') });
  });

  it('keeps markup-like text as text and drops sequences it does not draw', () => {
    const segments = parseAnsi(`${esc('33')}<img src=x onerror=alert(1)>\u001b[2K\u001b]0;t\u0007!`);
    expect(segments.map((s) => s.text).join('')).toBe('<img src=x onerror=alert(1)>!');
  });

  it('reads italic, underline and dim', () => {
    expect(parseAnsi(`${esc('2;3;4')}x`)).toEqual([{ text: 'x', dim: true, italic: true, underline: true }]);
  });
});

describe('xtermColour', () => {
  it('follows the xterm cube and grey ramp', () => {
    expect(xtermColour(16)).toBe('rgb(0, 0, 0)');
    expect(xtermColour(21)).toBe('rgb(0, 0, 255)');
    expect(xtermColour(231)).toBe('rgb(255, 255, 255)');
    expect(xtermColour(232)).toBe('rgb(8, 8, 8)');
    expect(xtermColour(255)).toBe('rgb(238, 238, 238)');
    expect(xtermColour(1)).toContain('--log-ansi-red');
    expect(xtermColour(9)).toContain('--log-ansi-bright-red');
  });
});
