// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { BuildLog } from '@/lib/api/schemas';
import { LOG_PAGE_LINES } from '@/lib/api/builds';
import { useBuildLog } from './use-build-log';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));
const getBuildLog = vi.fn();

/** A fake log service: `log` grows while the test runs; `complete` ends it. */
function serveLog(log: string[], state: { complete: boolean }) {
  getBuildLog.mockImplementation(async ({ offset, limit }: { offset: number; limit: number }) => {
    const lines = log.slice(offset, offset + limit);
    const page: BuildLog = {
      lines,
      offset,
      next_offset: offset + lines.length,
      total: log.length,
      complete: state.complete,
    };
    return { data: page };
  });
}

const offsetsAsked = () => getBuildLog.mock.calls.map((call) => (call[0] as { offset: number }).offset);

describe('useBuildLog', () => {
  beforeEach(() => {
    getBuildLog.mockReset();
    vi.mocked(getApiClient).mockResolvedValue({ getBuildLog } as unknown as ApiClient);
  });

  it('appends only the new lines as the log grows and stops asking once it is complete', async () => {
    const log = ['==> Stage: IP', 'line 2'];
    const state = { complete: false };
    serveLog(log, state);
    const { result } = renderHook(() => useBuildLog('b1', { pollMs: 5 }));

    await waitFor(() => expect(result.current.lines).toEqual(['==> Stage: IP', 'line 2']));
    const firstLines = result.current.lines;
    expect(result.current.complete).toBe(false);

    log.push('line 3', 'line 4');
    await waitFor(() => expect(result.current.lines).toHaveLength(4));
    // The earlier lines are the same strings, appended to, never re-read from the start.
    expect(result.current.lines.slice(0, 2)).toEqual(firstLines);
    expect(offsetsAsked().every((offset) => offset === 0 || offset === 2 || offset === 4)).toBe(true);
    expect(offsetsAsked().filter((offset) => offset === 0)).toHaveLength(1);

    log.push('line 5');
    state.complete = true;
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.lines).toEqual(['==> Stage: IP', 'line 2', 'line 3', 'line 4', 'line 5']);

    const calls = getBuildLog.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getBuildLog.mock.calls.length).toBe(calls);
  });

  it('shows news only after beforeNews (the build read again) has settled, and not when nothing is new', async () => {
    const log = ['==> Stage: IP'];
    const state = { complete: false };
    serveLog(log, state);
    let release: () => void = () => {};
    const beforeNews = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { result } = renderHook(() => useBuildLog('b1', { pollMs: 5, beforeNews }));
    await waitFor(() => expect(beforeNews).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current.lines).toEqual([]);
    release();
    await waitFor(() => expect(result.current.lines).toEqual(['==> Stage: IP']));
    // Polls without new lines do not read the build again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beforeNews).toHaveBeenCalledTimes(1);
  });

  it('reads a long finished log page after page without waiting, then stops', async () => {
    const total = LOG_PAGE_LINES * 2 + 10;
    const log = Array.from({ length: total }, (_, i) => `line ${i + 1}`);
    serveLog(log, { complete: true });
    const { result } = renderHook(() => useBuildLog('b1', { pollMs: 60_000 }));
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.lines).toHaveLength(total);
    expect(result.current.lines[total - 1]).toBe(`line ${total}`);
    expect(offsetsAsked()).toEqual([0, LOG_PAGE_LINES, LOG_PAGE_LINES * 2]);
  });

  it('starts afresh for another build and shows nothing of the previous one', async () => {
    getBuildLog.mockImplementation(async ({ build_id, offset }: { build_id: string; offset: number }) => ({
      data: { lines: [`${build_id} line`], offset, next_offset: offset + 1, total: 1, complete: true },
    }));
    const { result, rerender } = renderHook(({ id }) => useBuildLog(id, { pollMs: 5 }), {
      initialProps: { id: 'first' },
    });
    await waitFor(() => expect(result.current.lines).toEqual(['first line']));
    rerender({ id: 'second' });
    expect(result.current.lines).toEqual([]);
    await waitFor(() => expect(result.current.lines).toEqual(['second line']));
  });

  it('stops on a 4xx and reports it', async () => {
    getBuildLog.mockRejectedValue(new ApiError(404, 'Build not found'));
    const { result } = renderHook(() => useBuildLog('gone', { pollMs: 5 }));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getBuildLog).toHaveBeenCalledTimes(1);
    expect(result.current.loading).toBe(false);
  });

  it('retries after server trouble and carries on from where it was', async () => {
    const log = ['a', 'b'];
    serveLog(log, { complete: true });
    getBuildLog.mockRejectedValueOnce(new ApiError(503, 'Try later'));
    const { result } = renderHook(() => useBuildLog('b1', { pollMs: 5 }));
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.lines).toEqual(['a', 'b']);
    expect(result.current.error).toBeUndefined();
  });
});
