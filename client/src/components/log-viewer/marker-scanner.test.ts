import { describe, expect, it } from 'vitest';
import { MarkerScanner } from './marker-scanner';

describe('MarkerScanner', () => {
  it('scans only appended lines, keeping earlier markers', () => {
    const scanner = new MarkerScanner();
    const first = ['start', '=== IP ===', 'ip work'];
    expect(scanner.scan(first).map((m) => m.name)).toEqual(['IP']);
    const grown = [...first, '=== SYNTHESIS ===', 'synth'];
    expect(scanner.scan(grown)).toEqual([
      { name: 'IP', line: 2 },
      { name: 'SYNTHESIS', line: 4 },
    ]);
    expect(scanner.scan(grown)).toBe(scanner.scan(grown));
  });

  it('starts over for a different log', () => {
    const scanner = new MarkerScanner();
    scanner.scan(['=== IP ===', 'a', 'b']);
    expect(scanner.scan(['=== ROUTE ===']).map((m) => m.name)).toEqual(['ROUTE']);
    expect(scanner.scan(['other', 'x', '=== BITSTREAM ===']).map((m) => m.name)).toEqual(['BITSTREAM']);
  });
});
