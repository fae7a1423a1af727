import { useEffect, useRef, useState } from 'react';
import { retryDelayMs } from '@cloud-compile/shared';
import { ApiError } from '@/lib/api/error-message';
import type { BuildLog } from '@/lib/api/schemas';

/** How long to wait before asking again when the log has no new lines yet (the build is still running). */
export const LOG_POLL_MS = 1000;
/** Longest wait between retries after a failed request (server trouble, network down). */
const MAX_RETRY_MS = 15_000;

export interface FollowedLogState {
  /** The log so far. A new array only when lines arrived; earlier entries never change (what LogViewer wants). */
  lines: readonly string[];
  /** No more lines will come: the run (build, simulation) finished and every line is here. */
  complete: boolean;
  /** The last failed request, cleared by the next success. A 4xx stops following; anything else is retried. */
  error: unknown;
  /** Nothing has arrived yet. */
  loading: boolean;
}

const NOT_FOLLOWING: FollowedLogState = { lines: [], complete: false, error: undefined, loading: false };

interface FollowedLog extends FollowedLogState {
  logId: string;
}

/**
 * Follows a log live (a build's, a simulation's: the same paging): reads it from the start, then asks only for the lines after the last one
 * it has (`next_offset`), appending them, until the log is complete. While the build runs and no new
 * lines came, it asks again every `pollMs`; while more pages wait (a long finished log) it asks at once.
 * Another `logId` starts afresh. Why not SWR: a log is appended to, not replaced, and a million
 * lines must not be re-fetched or re-compared on every refresh.
 *
 * Cost per answer with new lines: one array of pointers is copied (`concat`), about a millisecond per
 * million lines; an answer with no new lines costs nothing and renders nothing.
 */
export interface FollowedLogOptions {
  pollMs?: number;
  /**
   * Awaited before news (new lines, the end of the log) is shown: refresh the build here, so what is
   * shown of the build is never older than its log. Its failure does not stop the log.
   */
  beforeNews?: () => Promise<unknown>;
}

export function useFollowedLog(
  logId: string | undefined,
  readPage: (logId: string, offset: number) => Promise<BuildLog>,
  { pollMs = LOG_POLL_MS, beforeNews }: FollowedLogOptions = {},
): FollowedLogState {
  const [state, setState] = useState<FollowedLog | null>(null);
  const beforeNewsRef = useRef(beforeNews);
  const readPageRef = useRef(readPage);
  useEffect(() => {
    beforeNewsRef.current = beforeNews;
    readPageRef.current = readPage;
  });

  useEffect(() => {
    if (!logId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lines: readonly string[] = [];
    let offset = 0;
    let failures = 0;

    const readNext = async () => {
      let page: BuildLog;
      try {
        page = await readPageRef.current(logId, offset);
      } catch (error) {
        if (stopped) return;
        setState({ logId, lines, complete: false, error, loading: false });
        // A 4xx answers the same again (gone, forbidden; a 401 already restarted sign-in): stop asking.
        if (error instanceof ApiError && error.status < 500) return;
        failures += 1;
        timer = setTimeout(() => void readNext(), retryDelayMs(failures, { baseMs: pollMs, maxMs: MAX_RETRY_MS }));
        return;
      }
      if (stopped) return;
      failures = 0;
      const added = page.lines.length > 0;
      if (added) lines = lines.concat(page.lines);
      offset = page.next_offset;
      const caughtUp = offset >= page.total;
      const complete = page.complete && caughtUp;
      if (added || complete) {
        await beforeNewsRef.current?.().catch(() => undefined);
        if (stopped) return;
      }
      setState((current) =>
        // Re-render only for news: new lines, the end of the log, or recovery from an error.
        added || complete || !current || current.error !== undefined || current.loading
          ? { logId, lines, complete, error: undefined, loading: false }
          : current,
      );
      if (complete) return;
      timer = setTimeout(() => void readNext(), added && !caughtUp ? 0 : pollMs);
    };
    void readNext();

    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [logId, pollMs]);

  if (!logId) return NOT_FOLLOWING;
  // Until the effect has started on a new build, show nothing of the previous one.
  if (state?.logId !== logId) return { ...NOT_FOLLOWING, loading: true };
  return state;
}
