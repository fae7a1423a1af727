import { describe, expect, it } from 'vitest';
import { VerdictCache } from './verdict-cache.js';

describe('VerdictCache', () => {
  it('checks each distinct body once per schema', () => {
    const cache = new VerdictCache<string>();
    let checks = 0;
    const check = (verdict: string) => () => (checks++, verdict);
    expect(cache.get('list', Buffer.from('[1]'), check('ok'))).toBe('ok');
    expect(cache.get('list', Buffer.from('[1]'), check('never asked'))).toBe('ok');
    expect(cache.get('list', Buffer.from('[2]'), check('bad'))).toBe('bad');
    expect(cache.get('other', Buffer.from('[1]'), check('other verdict'))).toBe('other verdict');
    expect(checks).toBe(3);
  });

  it('keeps at most its size, dropping the oldest verdict', () => {
    const cache = new VerdictCache<number>(3);
    for (let i = 0; i < 10; i++) cache.get('s', Buffer.from(String(i)), () => i);
    expect(cache.size).toBe(3);
    let rechecked = false;
    cache.get('s', Buffer.from('0'), () => ((rechecked = true), 0));
    expect(rechecked).toBe(true);
  });
});
