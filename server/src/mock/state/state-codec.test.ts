import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from './state-codec.js';

describe('state codec', () => {
  it('brings Dates, Maps (in order), Buffers, nulls and nesting back as themselves', () => {
    const value = {
      at: new Date('2026-01-02T03:04:05.678Z'),
      none: null,
      files: new Map([
        ['b.vhd', { content: 'x', timestamp: new Date(5) }],
        ['a.vhd', { content: '', timestamp: new Date(0) }],
      ]),
      bytes: Buffer.from([0, 255, 1]),
      list: [new Date(1), 'text', 3, { nested: new Map([[1, 2]]) }],
    };
    const back = decodeState<typeof value>(encodeState(value));
    expect(back).toEqual(value);
    expect(back.at).toBeInstanceOf(Date);
    expect([...back.files.keys()]).toEqual(['b.vhd', 'a.vhd']);
    expect(Buffer.isBuffer(back.bytes)).toBe(true);
  });

  it('user text that looks like a tag stays text', () => {
    const value = { content: '{"$date": 5}', name: '$map' };
    expect(decodeState(encodeState(value))).toEqual(value);
  });
});
