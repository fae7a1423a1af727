import { describe, expect, it, vi } from 'vitest';
import { SearchRunner, type SearchSnapshot } from './search-runner';

/** A scheduler the test drives by hand, and a clock that says every slice is used up after one batch. */
function manualRunner() {
  const queue: (() => void)[] = [];
  const snapshots: SearchSnapshot[] = [];
  const revealed: number[] = [];
  let clock = 0;
  const runner = new SearchRunner(
    (snapshot) => snapshots.push(snapshot),
    (line) => revealed.push(line),
    (run) => {
      queue.push(run);
      return () => queue.splice(queue.indexOf(run), 1);
    },
    () => (clock += 100),
  );
  const drain = () => {
    while (queue.length) queue.shift()!();
  };
  return { runner, queue, snapshots, revealed, drain, last: () => snapshots.at(-1)! };
}

const log = (count: number, hits: number[]) =>
  Array.from({ length: count }, (_, i) => (hits.includes(i) ? `line ${i} Needle` : `line ${i}`));

describe('SearchRunner', () => {
  it('scans in slices, reporting progress, and reveals the first match as soon as it is found', () => {
    const { runner, queue, last, revealed, drain } = manualRunner();
    runner.start('needle', log(5000, [10, 3000, 4999]));
    expect(last()).toMatchObject({ query: 'needle', total: 1, current: 0, searching: true });
    expect(revealed).toEqual([10]);
    expect(queue).toHaveLength(1);
    drain();
    expect(last()).toMatchObject({ total: 3, current: 0, searching: false, currentAt: { line: 10, occurrence: 0 } });
  });

  it('steps forward and back with wrap-around', () => {
    const { runner, last, revealed, drain } = manualRunner();
    runner.start('needle', log(100, [5, 50]));
    drain();
    runner.step(1);
    expect(last().currentAt).toEqual({ line: 50, occurrence: 0 });
    runner.step(1);
    expect(last().current).toBe(0);
    runner.step(-1);
    expect(last().current).toBe(1);
    expect(revealed).toEqual([5, 50, 5, 50]);
  });

  it('scans appended lines, and starts over for another log', () => {
    const { runner, last, drain } = manualRunner();
    const first = log(100, [1]);
    runner.start('needle', first);
    drain();
    runner.setLines([...first, 'more Needle', 'needle needle']);
    drain();
    expect(last().total).toBe(4);
    runner.setLines(['other log needle']);
    drain();
    expect(last()).toMatchObject({ total: 1, currentAt: { line: 0, occurrence: 0 } });
  });

  it('goes idle for an empty query and stops scanning when stopped', () => {
    const { runner, queue, last } = manualRunner();
    runner.start('needle', log(5000, []));
    expect(queue).toHaveLength(1);
    runner.stop();
    expect(queue).toHaveLength(0);
    runner.start('', log(10, []));
    expect(last()).toMatchObject({ query: '', matcher: null, total: 0, current: -1 });
    const onReveal = vi.fn();
    runner.setRevealHandler(onReveal);
    runner.step(1);
    expect(onReveal).not.toHaveBeenCalled();
  });
});
