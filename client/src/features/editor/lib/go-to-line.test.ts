import { describe, expect, it } from 'vitest';
import { parseGoToLine } from './go-to-line';

describe('parseGoToLine', () => {
  it('reads a line, a line and column (1-based as typed), and lines relative to the cursor', () => {
    expect(parseGoToLine('30', 1, 40)).toEqual({ line: 30, column: 0 });
    expect(parseGoToLine(' 30:5 ', 1, 40)).toEqual({ line: 30, column: 4 });
    expect(parseGoToLine('+10', 5, 40)).toEqual({ line: 15, column: 0 });
    expect(parseGoToLine('-4', 5, 40)).toEqual({ line: 1, column: 0 });
  });

  it('refuses what is not a line of the file', () => {
    for (const text of ['', 'abc', '99x', '0', '41', '-5', '3:', '1.5', '9999999999']) {
      expect(parseGoToLine(text, 5, 40), text).toBeNull();
    }
  });
});
