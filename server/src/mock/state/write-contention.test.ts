import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { contentionPauseMs, KeyedTurns } from './write-contention.js';

describe('KeyedTurns', () => {
  it('runs the tasks of one key one at a time, in the order they came', async () => {
    const turns = new KeyedTurns();
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await pause(ms);
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      turns.run('k', task('a', 20)),
      turns.run('k', task('b', 1)),
      turns.run('k', task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different keys run at the same time', async () => {
    const turns = new KeyedTurns();
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await pause(10);
      running--;
    };
    await Promise.all([turns.run('a', task), turns.run('b', task), turns.run('c', task)]);
    expect(most).toBe(3);
  });

  it('a failing task fails only its caller; the next one still runs, and finished keys are forgotten', async () => {
    const turns = new KeyedTurns();
    const failing = turns.run('k', async () => {
      throw new Error('boom');
    });
    const next = turns.run('k', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    await pause(0);
    expect(turns.size).toBe(0);
  });
});

describe('contentionPauseMs', () => {
  it('grows with the attempt up to the cap and is never negative', () => {
    expect(contentionPauseMs(1, 50, () => 0.999)).toBe(1);
    expect(contentionPauseMs(3, 50, () => 0.999)).toBe(7);
    expect(contentionPauseMs(10, 50, () => 0.999)).toBe(49);
    expect(contentionPauseMs(10, 50, () => 0)).toBe(0);
  });
});
