import { describe, expect, it } from 'vitest';
import { MAX_PROBE_LENGTH, probeNameProblem } from './probe-names.js';

describe('probe names', () => {
  it('takes a name of the design and a dotted path below it', () => {
    expect(probeNameProblem('counter')).toBeUndefined();
    expect(probeNameProblem('filter.acc_1')).toBeUndefined();
    expect(probeNameProblem('u_dsp.stage$2')).toBeUndefined();
  });

  it('names what is not a signal name', () => {
    expect(probeNameProblem('1count')).toBe('"1count" is not a signal name (letters, digits, _ and dots)');
    expect(probeNameProblem('a..b')).toMatch(/not a signal name/);
    expect(probeNameProblem('a.')).toMatch(/not a signal name/);
    expect(probeNameProblem('../etc/passwd')).toMatch(/not a signal name/);
    expect(probeNameProblem('x'.repeat(MAX_PROBE_LENGTH + 1))).toMatch(/longer than 200 characters/);
  });
});
