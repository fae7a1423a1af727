import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LINES_PER_TURN, splitLines } from './line-splitter.js';

function feed(chunks: (string | Buffer)[], take = Infinity, maxPartial = 1 << 20) {
  const stream = new PassThrough();
  const lines: string[] = [];
  const done = splitLines(stream, (line) => lines.push(line) < take, maxPartial);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return done.then(() => lines);
}

describe('splitLines', () => {
  it('cuts lines across chunks, drops the \\r of \\r\\n, passes the last unended line at the end', async () => {
    expect(await feed(['ab', 'c\nde\r', '\n\nf'])).toEqual(['abc', 'de', '', 'f']);
  });

  it('never splits a character whose bytes come in two chunks', async () => {
    const bytes = Buffer.from('中\n');
    expect(await feed([bytes.subarray(0, 1), bytes.subarray(1)])).toEqual(['中']);
  });

  it('once onLine says stop, passes no more lines: not of this chunk, nor of the next', async () => {
    expect(await feed(['\n'.repeat(100_000), 'x\n'.repeat(10)], 3)).toEqual(['', '', '']);
  });

  it('passes a line that never ends once it is longer than maxPartial, in pieces', async () => {
    const lines = await feed(['x'.repeat(60), 'x'.repeat(60), 'y\n'], Infinity, 100);
    expect(lines).toEqual(['x'.repeat(120), 'y']);
  });
});

describe('splitLines over many turns', () => {
  it('hands on a chunk of many lines a turn at a time, in order, and the event loop runs in between', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const done = splitLines(stream, (line) => lines.push(line) > 0, 1 << 20);
    stream.end(Array.from({ length: 5 * LINES_PER_TURN + 1 }, (_, i) => `${i}\n`).join(''));
    await done;
    clearInterval(ticking);
    expect(lines.length).toBe(5 * LINES_PER_TURN + 1);
    expect(lines.every((line, i) => line === String(i))).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });
});
