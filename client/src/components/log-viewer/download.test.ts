import { describe, expect, it } from 'vitest';
import { logToBlob } from './download';

describe('logToBlob', () => {
  it('keeps every line, in order, with escapes as written', async () => {
    const lines = Array.from({ length: 45_001 }, (_, i) => (i === 7 ? '\u001b[31mred\u001b[0m' : `line ${i + 1}`));
    const text = await logToBlob(lines).text();
    const back = text.split('\n');
    expect(back.pop()).toBe('');
    expect(back).toEqual(lines);
  });

  it('gives an empty file for an empty log', async () => {
    expect(await logToBlob([]).text()).toBe('');
  });
});
