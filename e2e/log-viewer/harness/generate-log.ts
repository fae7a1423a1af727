/**
 * A synthetic Vivado-like build log of `count` lines: stage markers (IP, SYNTHESIS, ROUTE, BITSTREAM), ANSI
 * colours, warnings, errors naming file:line, and one unique term near the end (`0xDEADBEEF`, line count-5)
 * for search tests. Deterministic, so tests can name lines.
 */
export const NEAR_END_TERM = 'DEADBEEF';

export function generateLine(index: number, count: number): string {
  const n = index + 1;
  if (n === 1) return '\u001b[1mCloud Compile build 3f2a9c1\u001b[0m on hardware Pro, 4 slots';
  if (n === 2) return '=== IP ===';
  if (n === Math.floor(count * 0.05)) return '=== SYNTHESIS ===';
  if (n === Math.floor(count * 0.6)) return '=== ROUTE ===';
  if (n === Math.floor(count * 0.95)) return '=== BITSTREAM ===';
  if (n === count - 5) return `write_bitstream: checksum 0x${NEAR_END_TERM} written to bitstreams.tar`;
  if (n % 50_000 === 7) return `ERROR: [Synth 8-2715] syntax error near + [/project/src/limiter.vhd:${(n % 400) + 1}]`;
  if (n % 97 === 0) return `WARNING: [Synth 8-3331] design CustomInstrument has unconnected port OutputD[${n % 16}]`;
  if (n % 13 === 0) return `\u001b[32m✓\u001b[0m step ${n}: \u001b[34mplace_design\u001b[0m phase ${n % 7} done`;
  return `INFO: [Synth 8-${6000 + (n % 900)}] synthesizing module 'block_${n}' [/project/src/limiter.vhd:${(n % 400) + 1}]`;
}

/**
 * The whole log, produced as a page gets a real one: one text (as fetched) split into lines. (Lines built one by
 * one with template strings are string ropes that every later read would flatten, which no real log is.)
 */
export function generateLog(count: number): string[] {
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) parts[i] = generateLine(i, count);
  return parts.join('\n').split('\n');
}
