import { describe, expect, it } from 'vitest';
import { classifySeverity, findFileLocation } from './file-location.js';

describe('classifySeverity', () => {
  it('recognises the tools’ error wording', () => {
    for (const line of [
      'ERROR: [Synth 8-2715] syntax error near + [/project/src/limiter.vhd:27]',
      'limiter.vhd:27:5: error: ";" expected',
      '** Error: (vcom-1136) Unknown identifier "x".',
      'FATAL: build aborted',
    ]) {
      expect(classifySeverity(line), line).toBe('error');
    }
  });

  it('recognises warnings, including Vivado’s critical warnings', () => {
    expect(classifySeverity('WARNING: [Synth 8-3331] design top has unconnected port Clk')).toBe('warning');
    expect(classifySeverity('CRITICAL WARNING: [Timing 38-282] The design failed to meet the timing')).toBe('warning');
  });

  it('does not mistake counts or identifiers for severities', () => {
    for (const line of [
      'Synthesis finished with 0 errors, 2 critical warnings and 14 warnings.',
      'INFO: [Common 17-83] Releasing license: Synthesis',
      'signal error_count : integer;',
      'Terror: a film',
    ]) {
      expect(classifySeverity(line), line).toBeNull();
    }
  });
});

describe('findFileLocation', () => {
  it('finds a Vivado bracketed path and gives the file name', () => {
    const text = 'ERROR: [Synth 8-2715] syntax error near + [/project/src/limiter.vhd:27]';
    const location = findFileLocation(text)!;
    expect(location).toMatchObject({ path: '/project/src/limiter.vhd', file: 'limiter.vhd', line: 27 });
    expect(text.slice(location.start, location.end)).toBe('/project/src/limiter.vhd:27');
  });

  it('finds a bare name with line and column', () => {
    expect(findFileLocation('limiter.vhd:27:5: error: x')).toMatchObject({ file: 'limiter.vhd', line: 27, column: 5 });
    expect(findFileLocation('see top.v:3')).toMatchObject({ file: 'top.v', line: 3, start: 4, end: 11 });
    expect(findFileLocation('C:\\work\\pins.xdc:12 warning')).toMatchObject({ file: 'pins.xdc', line: 12 });
  });

  it('ignores what is not a source location', () => {
    for (const text of ['took 12:30', 'version 4.1.1', 'foo.txt:12', 'limiter.vhd', 'limiter.vhd:0', 'a.vhdx:3']) {
      expect(findFileLocation(text), text).toBeNull();
    }
  });
});
