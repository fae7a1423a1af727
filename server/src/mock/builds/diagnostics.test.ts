import { describe, expect, it } from 'vitest';
import { MAX_DIAGNOSTIC_MESSAGE_CHARS, diagnosticSummary, parseToolLine, type PathMapper } from './diagnostics.js';

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

  it("reads the design's own assertions and reports at their severity (GHDL's bracketed form)", () => {
    const at = (line: string) => parseToolLine(line, mapPath);
    expect(at('clip.vhd:5:5:(assertion warning): w1')).toEqual({
      text: 'clip.vhd:5:5: warning: assertion: w1',
      diagnostic: {
        file: 'clip.vhd',
        line: 5,
        column: 5,
        severity: 'warning',
        message: 'assertion: w1',
        origin: 'user',
      },
    });
    expect(at('clip.vhd:8:3:(assertion error): e1').diagnostic).toMatchObject({
      severity: 'error',
      message: 'assertion: e1',
    });
    expect(at('clip.vhd:4:3:(assertion failure): f1').diagnostic).toMatchObject({
      severity: 'error',
      message: 'assertion: f1',
    });
    expect(at('clip.vhd:6:3:(report warning): r1').diagnostic).toMatchObject({
      severity: 'warning',
      message: 'report: r1',
    });
    // A note is no diagnostic, and the line that repeats a failed assertion adds none.
    expect(at('clip.vhd:7:3:(assertion note): n1').diagnostic).toBeNull();
    expect(at('clip.vhd:8:3: error due to assertion failure').diagnostic).toBeNull();
  });

  it('keeps at most MAX_DIAGNOSTIC_MESSAGE_CHARS of a message (the log line keeps it whole)', () => {
    const long = 'x'.repeat(5_000);
    const parsed = parseToolLine(`clip.vhd:5:5:(assertion warning): ${long}`, mapPath);
    expect(parsed.diagnostic!.message).toHaveLength(MAX_DIAGNOSTIC_MESSAGE_CHARS);
    expect(parsed.diagnostic!.message.endsWith('…')).toBe(true);
    expect(parsed.text).toBe(`clip.vhd:5:5: warning: assertion: ${long}`);
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

  it("drops GHDL's closing line after its errors (noise, and a path of the host)", () => {
    for (const line of [
      '/usr/bin/ghdl-mcode: importation has failed due to compilation error',
      'ghdl: importation has failed due to compilation error',
    ]) {
      expect(parseToolLine(line, mapPath)).toEqual({ text: null, diagnostic: null });
    }
    // The design's own text saying so is kept.
    const quoted = '  report "importation has failed due to compilation error";';
    expect(parseToolLine(quoted, mapPath).text).toBe(quoted);
  });
});

describe('parseToolLine: Verilator', () => {
  const user: PathMapper = (raw) => ({ file: raw.replace(/^\.\//, ''), origin: 'user' });
  it('reads errors and warnings with their file, line and column, the warning class kept', () => {
    expect(parseToolLine('%Error: ./top.sv:12:3: syntax error, unexpected --', user)).toEqual({
      text: 'top.sv:12:3: error: syntax error, unexpected --',
      diagnostic: {
        file: 'top.sv',
        line: 12,
        column: 3,
        severity: 'error',
        message: 'syntax error, unexpected --',
        origin: 'user',
      },
    });
    expect(
      parseToolLine('%Warning-WIDTH: top.sv:3:9: Operator ASSIGNW expects 16 bits', user).diagnostic,
    ).toMatchObject({
      severity: 'warning',
      message: 'Operator ASSIGNW expects 16 bits [WIDTH]',
    });
  });

  it('makes its Unsupported errors platform notes, and leaves its summary lines alone', () => {
    expect(parseToolLine('%Error-UNSUPPORTED: top.sv:7:5: Unsupported: randsequence', user).diagnostic).toMatchObject({
      severity: 'note',
      message:
        "Verilator, the check's SystemVerilog reader, cannot check this (Unsupported: randsequence): a limit of the check, not an error in your design",
    });
    expect(parseToolLine('%Error: Exiting due to 1 error(s)', user).diagnostic).toBeNull();
  });
});

describe('diagnosticSummary', () => {
  it("counts the user's errors and warnings apart from the platform's", () => {
    const d = (severity: 'error' | 'warning' | 'note', origin: 'user' | 'platform') =>
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

  it('counts platform notes apart from errors and warnings', () => {
    const note = { file: 'a.vhd', line: 3, column: null, severity: 'note', message: 'm', origin: 'user' } as const;
    const error = { ...note, severity: 'error' } as const;
    expect(diagnosticSummary([note, error, note])).toBe(
      '1 error · 0 warnings in your files · 2 platform notes · 0 from the platform',
    );
    expect(diagnosticSummary([note])).toBe(
      '0 errors · 0 warnings in your files · 1 platform note · 0 from the platform',
    );
  });
});
