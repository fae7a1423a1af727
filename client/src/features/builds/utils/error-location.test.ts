import { describe, expect, it } from 'vitest';
import { findErrorLocation } from './error-location';

describe('findErrorLocation', () => {
  it('finds the summary\'s "file, line n"', () => {
    const text = "SYNTHESIS failed: 'clipped' is not declared (clip.vhd, line 24)";
    const found = findErrorLocation(text)!;
    expect(found).toMatchObject({ file: 'clip.vhd', line: 24 });
    expect(text.slice(found.start, found.end)).toBe('clip.vhd, line 24');
  });

  it("finds a tool's path:line, keeping only the file name", () => {
    const text = 'ERROR: [Synth 8-2715] syntax error [/project/src/adder.vhd:7]';
    const found = findErrorLocation(text)!;
    expect(found).toMatchObject({ file: 'adder.vhd', line: 7 });
    expect(text.slice(found.start, found.end)).toBe('/project/src/adder.vhd:7');
  });

  it('finds nothing in an error naming no file', () => {
    expect(findErrorLocation('The build service is unavailable')).toBeNull();
    expect(findErrorLocation('notes.txt, line 3')).toBeNull();
    expect(findErrorLocation('clip.vhd, line 0')).toBeNull();
  });
});
