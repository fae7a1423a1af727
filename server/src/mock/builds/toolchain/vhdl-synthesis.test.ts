import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.js';
import { REAL_CONVERSION_LIMIT, SynthesisFindings, realFunctionLimit } from './vhdl-synthesis.js';

const top = { language: 'vhdl' as const, file: 'top.vhd', line: 7 };
const at = (message: string, more: Partial<Diagnostic> = {}): Diagnostic => ({
  file: 'top.vhd',
  line: 12,
  column: 5,
  severity: 'error',
  message,
  origin: 'user',
  ...more,
});

describe('SynthesisFindings', () => {
  it('makes a latch a warning at its process, and asks for the --latches run only when nothing else failed', () => {
    const findings = new SynthesisFindings(top, []);
    expect(findings.rewrite(at('latch infered for net "OutputA" (use --latches)'))).toMatchObject({
      severity: 'warning',
      line: 12,
      message: expect.stringMatching(/^latch inferred for "OutputA"/),
    });
    expect(findings.onlyLatches).toBe(true);
    findings.rewrite(at('no declaration for "x"'));
    expect(findings.onlyLatches).toBe(false);
  });

  it('calls what GHDL cannot compute in reals its limit, and drops the port warnings of the process it gave up on', () => {
    const findings = new SynthesisFindings(top, []);
    expect(findings.rewrite(at('unhandled type conversion (to float)'))).toMatchObject({
      severity: 'note',
      message: REAL_CONVERSION_LIMIT,
    });
    expect(findings.rewrite(at('unhandled call to ieee function "exp"'))).toMatchObject({
      message: realFunctionLimit('exp'),
    });
    expect(findings.onlyToolLimits).toBe(true);
    const port = at('no assignment for port "outputa"', { file: 'platform/custom-instrument.vhd', origin: 'platform' });
    expect(findings.rewrite(port)).toMatch(/^platform\/custom-instrument.vhd:12: note: GHDL's .* is left out/);
  });

  it('files "no assignment for port" at the user’s architecture, and each diagnostic once', () => {
    const findings = new SynthesisFindings(top, []);
    const port = at('no assignment for port "outputd"', {
      file: 'platform/custom-instrument.vhd',
      origin: 'platform',
      severity: 'warning',
    });
    expect(findings.rewrite(port)).toEqual({
      file: 'top.vhd',
      line: 7,
      column: null,
      severity: 'warning',
      origin: 'user',
      message: 'no assignment for output port "outputd" in this architecture: it stays undriven',
    });
    expect(findings.rewrite(port)).toBeNull();
  });

  it('notes an unbound IP core as a black box, not as a warning', () => {
    const findings = new SynthesisFindings(top, []);
    const unbound = at('instance "u" of component "fft_1024" is not bound [-Wbinding]', { severity: 'warning' });
    expect(findings.rewrite(unbound)).toBe(
      'top.vhd:12: note: FFT_1024 is a black box here: a pre-compiled IP core of the platform',
    );
    const mine = at('instance "u" of component "my_filter" is not bound [-Wbinding]', { severity: 'warning' });
    expect(findings.rewrite(mine)).toMatchObject({ severity: 'warning', file: 'top.vhd' });
  });

  it('puts ScaleOffset’s IN_REG-with-MID_REG assertion at the instance that sets both', () => {
    const files = [
      {
        name: 'gain.vhd',
        content:
          'architecture a of CustomInstrument is\nbegin\n  G : ScaleOffset\n    generic map (IN_REG => 1, MID_REG => 1)\n    port map (X => x);\nend;',
      },
    ];
    const findings = new SynthesisFindings(top, files);
    const assertion = at('assertion: ScaleOffset: IN_REG and MID_REG cannot both be 1', {
      file: 'platform/moku/scale-offset.vhd',
      origin: 'platform',
    });
    expect(findings.rewrite(assertion)).toMatchObject({ file: 'gain.vhd', line: 3, origin: 'user', severity: 'error' });
  });
});
