// One signal's value changes as sorted arrays, and the searches the viewer makes on them: the value at an
// instant, the changes inside the shown time range, the next and previous change. All binary searches, so
// a frame costs the same on a run with a thousand changes or a million.

export interface SignalChanges {
  /** Change instants, ascending (time units). The first entry is the initial value at time 0. */
  times: Float64Array;
  /** The value (VCD text) from each instant on. */
  values: string[];
}

/** Index of the last change at or before `time`; -1 when `time` is before the first change. */
export function indexAt(times: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Index of the last change strictly before `time`; -1 when there is none. */
export function indexBefore(times: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The value in force at `time`, or undefined before the first change. */
export function valueAt(signal: SignalChanges, time: number): string | undefined {
  const index = indexAt(signal.times, time);
  return index < 0 ? undefined : signal.values[index];
}

/**
 * The indices to draw for `from`…`to`: the change in force at `from` (so the trace starts at the left edge)
 * through the last change at or before `to`. `first > last` when there is nothing at all.
 */
export function visibleRange(times: ArrayLike<number>, from: number, to: number): { first: number; last: number } {
  const first = Math.max(0, indexAt(times, from));
  const last = indexAt(times, to);
  return { first, last };
}

/** The instant of the first change after `time` whose value differs from the one before it; undefined at the end. */
export function nextChange(signal: SignalChanges, time: number): number | undefined {
  const { times, values } = signal;
  for (let index = indexAt(times, time) + 1; index < times.length; index++) {
    if (index === 0 || values[index] !== values[index - 1]) return times[index];
  }
  return undefined;
}

/** The instant of the last value change before `time`; undefined when there is none. */
export function previousChange(signal: SignalChanges, time: number): number | undefined {
  const { times, values } = signal;
  // Strictly before `time`: a cursor sitting on a change moves to the one before it.
  for (let index = indexBefore(times, time); index > 0; index--) {
    if (values[index] !== values[index - 1]) return times[index];
  }
  return undefined;
}

/** The next or previous change among several signals (the nearest one of any of them). */
export function nearestChange(
  signals: readonly SignalChanges[],
  time: number,
  direction: 'next' | 'previous',
): number | undefined {
  let best: number | undefined;
  for (const signal of signals) {
    const found = direction === 'next' ? nextChange(signal, time) : previousChange(signal, time);
    if (found === undefined) continue;
    if (best === undefined || (direction === 'next' ? found < best : found > best)) best = found;
  }
  return best;
}
