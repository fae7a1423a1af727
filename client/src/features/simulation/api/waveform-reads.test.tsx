// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { getWaveform, getWaveformSummary } from '@/lib/api/simulations';
import type { Waveform, WaveformSummary } from '@/lib/api/schemas';
import { useWaveformData } from './use-waveform-data';
import { useWaveformSummaries } from './use-waveform-summaries';

vi.mock('@/lib/api/simulations', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getWaveform: vi.fn(),
  getWaveformSummary: vi.fn(),
}));

const END = 1_000;
const SHOWN = ['s1'];

/** A request that answers only when the test says, and tells the signal it was given. */
function pendingRequests<T>() {
  const signals: (AbortSignal | undefined)[] = [];
  const answers: ((value: T) => void)[] = [];
  const request = (...args: unknown[]) => {
    signals.push(args.at(-1) as AbortSignal | undefined);
    return new Promise<T>((resolve) => answers.push(resolve));
  };
  return { signals, answers, request };
}

const waveform = (from: number): Waveform => ({
  from,
  to: END,
  signals: [{ id: 's1', initial: '0', changes: [[from + 10, '1']], truncated: false }],
});

const overview: WaveformSummary = {
  from: 0,
  to: END,
  columns: 1,
  signals: [{ id: 's1', initial: '0', last: '1', resolution: END, counts: [3], min: [0], max: [1], starts: ['0'] }],
};

/** Answers `value` on the next turn, as the network would, unless `signal` aborted the request by then (fetch's AbortError). */
function answerUnlessAborted<T>(value: T, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    setTimeout(() => (signal?.aborted ? reject(new DOMException('aborted', 'AbortError')) : resolve(value)), 0),
  );
}

/** Lets the queued microtasks run (the unmount's abort waits one). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("the waveform's reads, kept for the panel's life", () => {
  beforeEach(() => {
    vi.mocked(getWaveform).mockReset();
    vi.mocked(getWaveformSummary).mockReset();
  });

  it("useWaveformData: leaving the page aborts the reads in flight (a large run's download stops)", async () => {
    const reads = pendingRequests<Waveform>();
    vi.mocked(getWaveform).mockImplementation(reads.request);
    const { unmount } = renderHook(() => useWaveformData('sim1', SHOWN, END));
    await waitFor(() => expect(reads.signals.length).toBeGreaterThan(0));
    expect(reads.signals.every((signal) => signal?.aborted === false)).toBe(true);
    unmount();
    await settle();
    expect(reads.signals.every((signal) => signal?.aborted === true)).toBe(true);
  });

  it('useWaveformData: under StrictMode (its effects rehearsed at once) each range is read once and arrives', async () => {
    vi.mocked(getWaveform).mockImplementation((_id, _signals, from, _limit, _to, signal) =>
      answerUnlessAborted(waveform(from), signal),
    );
    const { result } = renderHook(() => useWaveformData('sim1', SHOWN, END), { reactStrictMode: true });
    await waitFor(() => expect(result.current.reading).toBe(0));
    expect(result.current.error).toBeUndefined();
    // Four ranges of the run, each read once: each one's start (its initial value) and its change held.
    expect(vi.mocked(getWaveform)).toHaveBeenCalledTimes(4);
    expect(Array.from(result.current.traces.get('s1')!.times)).toEqual([0, 10, 250, 260, 500, 510, 750, 760]);
  });

  it("useWaveformSummaries: leaving the page aborts the run's overview in flight", async () => {
    const reads = pendingRequests<WaveformSummary>();
    vi.mocked(getWaveformSummary).mockImplementation(reads.request);
    const { unmount } = renderHook(() => useWaveformSummaries('sim1', SHOWN, END, undefined));
    await waitFor(() => expect(reads.signals).toHaveLength(1));
    expect(reads.signals[0]?.aborted).toBe(false);
    unmount();
    await settle();
    expect(reads.signals[0]?.aborted).toBe(true);
  });

  it('useWaveformSummaries: under StrictMode the overview is asked for once and arrives', async () => {
    vi.mocked(getWaveformSummary).mockImplementation((_id, _signals, _from, _to, _columns, signal) =>
      answerUnlessAborted(overview, signal),
    );
    const { result } = renderHook(() => useWaveformSummaries('sim1', SHOWN, END, undefined), {
      reactStrictMode: true,
    });
    await waitFor(() => expect(result.current.layers.get('s1')?.overview?.counts).toEqual([3]));
    expect(vi.mocked(getWaveformSummary)).toHaveBeenCalledTimes(1);
    expect(result.current.error).toBeUndefined();
  });
});
