import type { Readable } from 'node:stream';

/** Lines handed on in one turn of the event loop: the gateway answers other requests between turns. */
export const LINES_PER_TURN = 2000;

/**
 * A tool's output stream cut into lines (`\n`, with a `\r` before it dropped, as readline's
 * crlfDelay: Infinity does) and handed to `onLine` until it returns false; from then on the rest of
 * the stream is read and dropped whole, chunk by chunk, not line by line.
 *
 * readline cut a whole chunk into lines at once, and went on after the tool was stopped: a 64 KiB
 * chunk of empty lines is 65,536 calls, and a design printing millions of them held the gateway's
 * only thread (everyone's requests) for most of a second per chunk. Here a chunk is handed on
 * LINES_PER_TURN lines at a time, the stream paused in between. `maxPartial` bounds the line not yet
 * ended (a tool printing one endless line): past it, it is passed on as it is.
 */
export function splitLines(stream: Readable, onLine: (line: string) => boolean, maxPartial: number): Promise<void> {
  let partial = '';
  let open = true;
  /** A chunk is being handed on over several turns; the stream may close (and must wait for it) meanwhile. */
  let working = false;
  /** Chunks that came while one was being handed on (a paused stream should send none: kept in order if it does). */
  const waiting: string[] = [];
  let closed = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const finishIfClosed = () => {
    if (!closed || working) return;
    if (partial) pass(partial);
    partial = '';
    resolveDone();
  };
  const pass = (line: string) => {
    if (open && !onLine(line.endsWith('\r') ? line.slice(0, -1) : line)) open = false;
  };
  /**
   * Hands on the lines of `chunk` from `start`; past LINES_PER_TURN, pauses the stream, goes on in the
   * next turn and resumes it once the chunk is done. False while it is not.
   */
  const take = (chunk: string, start: number): boolean => {
    let passed = 0;
    for (let end = chunk.indexOf('\n', start); end !== -1 && open; end = chunk.indexOf('\n', start)) {
      if (passed++ === LINES_PER_TURN) {
        working = true;
        stream.pause();
        setImmediate(() => {
          if (!take(chunk, start)) return;
          working = false;
          while (waiting.length > 0 && !working && open) take(waiting.shift()!, 0);
          if (working) return;
          if (!stream.destroyed) stream.resume();
          finishIfClosed();
        });
        return false;
      }
      const line = chunk.slice(start, end);
      pass(partial ? partial + line : line);
      partial = '';
      start = end + 1;
    }
    if (!open) return true;
    partial += chunk.slice(start);
    if (partial.length > maxPartial) {
      const line = partial;
      partial = '';
      pass(line);
    }
    return true;
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    if (working) waiting.push(chunk);
    else if (open) take(chunk, 0);
  });
  stream.once('close', () => {
    closed = true;
    finishIfClosed();
  });
  return done;
}
