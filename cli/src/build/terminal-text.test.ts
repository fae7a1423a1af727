import { describe, expect, it } from 'vitest';
import { inertText } from './terminal-text';

const ESC = '\u001b';
const BEL = '\u0007';

describe('inertText', () => {
  it('leaves plain text, tabs and non-ASCII text alone', () => {
    expect(inertText('top.vhd:7:1: error: \tunexpected «x» 中')).toBe('top.vhd:7:1: error: \tunexpected «x» 中');
  });

  it('removes OSC sequences ended by BEL or ST (window title, clipboard write, hyperlinks)', () => {
    expect(inertText(`a${ESC}]0;TITLE${BEL}b`)).toBe('ab');
    expect(inertText(`a${ESC}]52;c;aGVsbG8=${ESC}\\b`)).toBe('ab');
    expect(inertText(`${ESC}]8;;https://x.example${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe('link');
    // Unterminated: the rest of the line is the sequence's.
    expect(inertText(`ok ${ESC}]52;c;aGVsbG8=`)).toBe('ok ');
  });

  it('removes CSI sequences other than colours, and colours too unless asked to keep them', () => {
    expect(inertText(`${ESC}[2J${ESC}[H${ESC}[?1049hx${ESC}[1;5r`)).toBe('x');
    expect(inertText(`${ESC}[31merror${ESC}[0m`)).toBe('error');
    expect(inertText(`${ESC}[1;38;5;196merror${ESC}[m`, true)).toBe(`${ESC}[1;38;5;196merror${ESC}[m`);
    // A private-parameter "m" is no colour.
    expect(inertText(`${ESC}[>4;2mx`, true)).toBe('x');
    expect(inertText(`${ESC}[2J${ESC}[32mok`, true)).toBe(`${ESC}[32mok`);
  });

  it('removes DCS/APC strings, other escapes, C0 and C1 controls and DEL', () => {
    expect(inertText(`a${ESC}P1$qm${ESC}\\b${ESC}_apc${ESC}\\c`)).toBe('abc');
    expect(inertText(`a${ESC}cb${ESC}(Bc${ESC}7d`)).toBe('abcd');
    expect(inertText('a\rb\u0008c\u0000d\u007fe\u0085f')).toBe('abcdef');
    expect(inertText('a\u009b2Jb\u009d0;T\u0007c')).toBe('abc');
    expect(inertText(`line${ESC}`)).toBe('line');
  });

  it('keeps no escape byte whatever the input (random bytes)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: 40 }, () =>
        String.fromCharCode(random() < 0.3 ? 0x1b : Math.floor(random() * 0xa0)),
      ).join('');
      // eslint-disable-next-line no-control-regex
      expect(inertText(text, n % 2 === 0)).not.toMatch(/[\u0000-\u0008\u000a-\u001a\u001c-\u001f\u007f-\u009f]/);
      // eslint-disable-next-line no-control-regex
      const kept = inertText(text, true).replace(/\u001b\[[0-9;:]*m/g, '');
      expect(kept).not.toContain(ESC);
      expect(inertText(text)).not.toContain(ESC);
    }
  });
});
