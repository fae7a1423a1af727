import { describe, expect, it } from 'vitest';
import { fairTurn, pruneServed } from './fair-turn.js';

describe('fairTurn', () => {
  it('is -1 when nothing waits', () => {
    expect(fairTurn([], ['a'], new Map())).toBe(-1);
  });

  it('first come first served when no group has anything claimed or served', () => {
    expect(fairTurn(['a', 'a', 'b'], [], new Map())).toBe(0);
  });

  it('a group with fewer claimed goes first, whatever its place', () => {
    expect(fairTurn(['a', 'a', 'a', 'b'], ['a', 'a'], new Map())).toBe(3);
    expect(fairTurn(['a', 'b'], ['a', 'b', 'b'], new Map([['a', 9]]))).toBe(0);
  });

  it('between groups with as many claimed, the one served longest ago (never: first of all)', () => {
    const served = new Map([
      ['a', 5],
      ['b', 2],
    ]);
    expect(fairTurn(['a', 'b'], [], served)).toBe(1);
    expect(fairTurn(['a', 'b', 'c'], [], served)).toBe(2);
    // Alike placed: the earlier waiting one.
    expect(fairTurn(['c', 'd'], [], served)).toBe(0);
  });
});

describe('pruneServed', () => {
  it('forgets the groups with nothing waiting or claimed', () => {
    const served = new Map([
      ['gone', 1],
      ['waits', 2],
      ['runs', 3],
    ]);
    pruneServed(served, ['waits'], ['runs']);
    expect([...served.keys()]).toEqual(['waits', 'runs']);
  });
});
