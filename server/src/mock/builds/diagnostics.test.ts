import { describe, expect, it } from 'vitest';
import { diagnosticSummary, parseToolLine, type PathMapper } from './diagnostics.js';

const mapPath: PathMapper = (raw) => {
  if (/(^|\/)platform\/custom-instrument\.vhd$/.test(raw))
    return { file: 'platform/custom-instrument.vhd', origin: 'platform' };
  const name = raw.split('/').pop()!;
  return ['clip.vhd', 'top.v'].includes(name) ? { file: name, origin: 'user' } : null;
};

describe('parseToolLine', () => {
  it('reads a GHDL error (no severity word) and spells the severity out for the log viewer', () => {
    expect(parseToolLine("clip.vhd:24:28: 'then' is expected here", mapPath)).toEqual({
      text: "clip.vhd:24:28: error: 'then' is expected here",
      diagnostic: {
        file: 'clip.vhd',
        line: 24,
        column: 28,
        severity: 'error',
        message: "'then' is expected here",
        origin: 'user',
      },
    });
  });

  it('reads a GHDL warning in a platform file as the platform’s', () => {
    const parsed = parseToolLine(
      '../platform/custom-instrument.vhd:23:9:warning: no assignment for port "outputb"',
      mapPath,
    );
    expect(parsed.diagnostic).toEqual({
      file: 'platform/custom-instrument.vhd',
      line: 23,
      column: 9,
      severity: 'warning',
      message: 'no assignment for port "outputb"',
      origin: 'platform',
    });
    expect(parsed.text).toBe('platform/custom-instrument.vhd:23:9: warning: no assignment for port "outputb"');
  });

  it('reads Yosys errors and warnings, with and without a column', () => {
    expect(parseToolLine('top.v:3: ERROR: syntax error, unexpected TOK_ID', mapPath).diagnostic).toEqual({
      file: 'top.v',
      line: 3,
      column: null,
      severity: 'error',
      message: 'syntax error, unexpected TOK_ID',
      origin: 'user',
    });
    expect(
      parseToolLine('top.v:7.5-7.9: Warning: Identifier `x` is implicitly declared.', mapPath).diagnostic,
    ).toMatchObject({
      line: 7,
      column: 5,
      severity: 'warning',
    });
  });

  it('leaves continuation lines, notes, other lines and generated files alone', () => {
    for (const line of [
      'clip.vhd:24:28: (found: an identifier)',
      'clip.vhd:24:28:note: see here',
      "            if Reset = '1' them",
      '.vhdl-netlist.v:12: ERROR: something in a generated file',
      'Resources: 12 cells',
    ]) {
      expect(parseToolLine(line, mapPath)).toEqual({ text: line, diagnostic: null });
    }
  });
});

describe('diagnosticSummary', () => {
  it("counts the user's errors and warnings apart from the platform's", () => {
    const d = (severity: 'error' | 'warning', origin: 'user' | 'platform') =>
      ({ file: 'a.vhd', line: 1, column: null, severity, message: 'm', origin }) as const;
    expect(
      diagnosticSummary([
        d('error', 'user'),
        d('warning', 'user'),
        d('warning', 'user'),
        d('warning', 'user'),
        d('warning', 'platform'),
        d('error', 'platform'),
      ]),
    ).toBe('1 error · 3 warnings in your files · 2 from the platform');
    expect(diagnosticSummary([])).toBe('0 errors · 0 warnings in your files · 0 from the platform');
  });
});
