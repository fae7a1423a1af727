import { describe, expect, it } from 'vitest';
import { editorLine, githubAnnotation, sourceErrors } from './error-lines';

const log = [
  'INFO: reading /project/src/limiter.vhd',
  'WARNING: [Synth 8-3331] unconnected port [/project/src/top.vhd:3]',
  'ERROR: [Synth 8-2715] syntax error near "end" [/project/src/limiter.vhd:27]',
  'ERROR: [Synth 8-2715] syntax error near "end" [/project/src/limiter.vhd:27]',
  'counter.v:12:5: error: unknown module "adder"',
  'ERROR: [Common 17-69] Command failed: Synthesis failed',
];

describe('sourceErrors', () => {
  it('finds error lines with a file and line, without their location and severity word, once each', () => {
    expect(sourceErrors(log)).toEqual([
      { file: 'limiter.vhd', line: 27, message: '[Synth 8-2715] syntax error near "end"' },
      { file: 'counter.v', line: 12, column: 5, message: 'unknown module "adder"' },
    ]);
  });

  it('puts the source root in front of the project file names', () => {
    expect(sourceErrors(log, 'hdl/').map((e) => e.file)).toEqual(['hdl/limiter.vhd', 'hdl/counter.v']);
  });
});

describe('output forms', () => {
  it('prints compiler-style lines', () => {
    const [vivado, ghdl] = sourceErrors(log);
    expect(editorLine(vivado!)).toBe('limiter.vhd:27: error: [Synth 8-2715] syntax error near "end"');
    expect(editorLine(ghdl!)).toBe('counter.v:12:5: error: unknown module "adder"');
  });

  it('escapes GitHub workflow command data and properties', () => {
    expect(githubAnnotation({ file: 'a,b:c.vhd', line: 3, column: 2, message: '100% wrong\nhere' })).toBe(
      '::error file=a%2Cb%3Ac.vhd,line=3,col=2::100%25 wrong%0Ahere',
    );
  });
});
