import { describe, expect, it } from 'vitest';
import { faultyLine, scriptedFailure } from './simulated-failure.js';

const spec = { stage: 'SYNTHESIS' as const, file: 'clip.vhd', line: 3, message: 'syntax error near "them"' };
const seed = [{ name: 'clip.vhd', content: "a\nb\n  if Reset = '1' them\nc\n" }];

describe('scriptedFailure', () => {
  const text = faultyLine(spec, seed);

  it('holds while the file still has the faulty text, at the line where it is now', () => {
    expect(text).toBe("  if Reset = '1' them");
    expect(scriptedFailure(spec, text, seed)).toEqual(spec);
    const moved = [{ name: 'clip.vhd', content: "new line\na\nb\n  if Reset = '1' them\nc\n" }];
    expect(scriptedFailure(spec, text, moved)).toEqual({ ...spec, line: 4 });
  });

  it('is gone once the line is fixed or the file removed', () => {
    expect(
      scriptedFailure(spec, text, [{ name: 'clip.vhd', content: "a\nb\n  if Reset = '1' then\nc\n" }]),
    ).toBeUndefined();
    expect(scriptedFailure(spec, text, [])).toBeUndefined();
  });
});
