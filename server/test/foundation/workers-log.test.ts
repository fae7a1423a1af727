import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

// WORKERS=2: every worker writes its log lines to the one stdout the primary has. A pipe's reader (a log
// shipper) slower than the writers must still get every line whole: no write of one worker may be cut
// and mixed with the other's (logger.ts LOG_WRITE_BYTES).

const WRITER = path.join(import.meta.dirname, '..', 'helpers', 'log-writer.ts');
const LINES = 10_000;

it('two workers logging into one pipe read slowly: every line arrives whole, none lost', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-log-'));
  const fifo = path.join(dir, 'stdout');
  execFileSync('mkfifo', [fifo]);
  const readFd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writeFd = fs.openSync(fifo, 'w');
  try {
    const writers = ['a', 'b'].map((writer) =>
      spawn(process.execPath, ['--import', 'tsx', WRITER], {
        env: { ...process.env, WRITER: writer, LINES: String(LINES) },
        stdio: ['ignore', writeFd, 'inherit'],
      }),
    );
    const ended = Promise.all(writers.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    // The reader takes 3,000 bytes a millisecond at most: the pipe is full most of the time.
    let text = '';
    const chunk = Buffer.alloc(3000);
    const readSome = () => {
      try {
        const n = fs.readSync(readFd, chunk);
        text += chunk.toString('utf8', 0, n);
        return n;
      } catch {
        return 0; // EAGAIN: nothing waiting.
      }
    };
    let done = false;
    void ended.then(() => (done = true));
    while (!done) {
      readSome();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    while (readSome() > 0);
    const lines = text.split('\n').filter(Boolean);
    const broken = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken.slice(0, 2), `${broken.length} broken lines`).toEqual([]);
    const seen = lines.map((line) => JSON.parse(line) as { writer: string; n: number });
    for (const writer of ['a', 'b'])
      expect(new Set(seen.filter((line) => line.writer === writer).map((line) => line.n)).size).toBe(LINES);
  } finally {
    fs.closeSync(readFd);
    fs.closeSync(writeFd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
