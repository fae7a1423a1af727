import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { capturedLogger } from '../test/proxy/captured-log.js';
import pino from 'pino';
import { batchedDestination, LOG_BATCH_BYTES, LOG_FLUSH_MS, loggableUrl, writeRequestCompleted } from './logger.js';

describe('loggerOptions', () => {
  it('writes only named fields of a request and an answer, never their headers (no redaction needed there)', () => {
    const { loggerInstance: logger, lines } = capturedLogger('info');
    const request = {
      method: 'POST',
      url: '/app/callback/?code=one-time-code',
      hostname: 'cc.example',
      ip: '203.0.113.9',
      socket: { remotePort: 40_000 },
      headers: { cookie: 'app.rt=refresh-secret', authorization: 'Bearer key-secret', 'x-admin-token': 'admin-secret' },
    };
    const reply = { statusCode: 201, headers: { 'set-cookie': ['app.at=access-secret'] } };
    logger.info({ req: request, res: reply, responseTime: 1.5 }, 'request completed');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      req: {
        method: 'POST',
        url: '/app/callback/?code=[redacted]',
        host: 'cc.example',
        remoteAddress: '203.0.113.9',
        remotePort: 40_000,
      },
      res: { statusCode: 201 },
      responseTime: 1.5,
    });
    for (const secret of ['refresh-secret', 'key-secret', 'admin-secret', 'access-secret', 'one-time-code'])
      expect(lines[0]).not.toContain(secret);
  });

  it('blanks credentials in a bare headers object', () => {
    const { loggerInstance: logger, lines } = capturedLogger('info');
    logger.warn({ headers: { cookie: 'app.rt=refresh-secret', 'x-admin-token': 'admin-secret', accept: '*/*' } });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      headers: { cookie: '[redacted]', 'x-admin-token': '[redacted]', accept: '*/*' },
    });
  });
});

describe('writeRequestCompleted', () => {
  const sameTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');
  const requests = [
    {
      method: 'POST',
      url: '/app/callback/?code=one-time-code&state="quoted"\\',
      hostname: 'cc.example',
      ip: '203.0.113.9',
      socket: { remotePort: 40_000 },
      headers: { cookie: 'app.rt=refresh-secret' },
    },
    { method: 'GET', url: '/caf\u00e9/\u2028x', hostname: undefined, ip: '::1', socket: {} },
    {},
  ];

  it('writes the line pino writes for the same request, byte for byte', () => {
    for (const request of requests) {
      for (const [statusCode, responseTime] of [
        [201, 1.2345678901234567],
        [undefined, 0],
        [502, Number.NaN],
      ] as const) {
        const { loggerInstance, lines } = capturedLogger('info');
        const log = loggerInstance.child({ reqId: 'req-1"x' });
        log.info({ req: request, res: { statusCode }, responseTime }, 'request completed');
        expect(writeRequestCompleted(log, request, statusCode, responseTime)).toBe(true);
        expect(lines).toHaveLength(2);
        expect(sameTime(lines[1])).toBe(sameTime(lines[0]));
        expect(lines[1]).not.toContain('one-time-code');
        expect(lines[1]).not.toContain('refresh-secret');
      }
    }
  });

  it('binds a request id as a child logger would, without making one', () => {
    for (const reqId of ['req-1', 'req-"2"\\', 'r\u00e9q-\u2028']) {
      const { loggerInstance, lines } = capturedLogger('info');
      loggerInstance
        .child({ reqId })
        .info({ req: requests[0], res: { statusCode: 200 }, responseTime: 1.5 }, 'request completed');
      expect(writeRequestCompleted(loggerInstance, requests[0]!, 200, 1.5, reqId)).toBe(true);
      expect(lines).toHaveLength(2);
      expect(sameTime(lines[1])).toBe(sameTime(lines[0]));
    }
  });

  it('leaves a logger whose lines pino would shape differently to pino', () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    for (const options of <pino.LoggerOptions[]>[
      { mixin: () => ({ extra: 1 }) },
      { formatters: { log: (o: Record<string, unknown>) => o } },
      { messageKey: 'message' },
      { nestedKey: 'payload' },
      { hooks: { streamWrite: (s: string) => s } },
      { msgPrefix: '[gateway] ' },
      { customLevels: { info: 35 }, useOnlyCustomLevels: false },
    ]) {
      expect(writeRequestCompleted(pino(options, stream), { method: 'GET' }, 200, 1)).toBe(false);
    }
    expect(writeRequestCompleted({ info() {} }, { method: 'GET' }, 200, 1)).toBe(false);
    expect(writeRequestCompleted(pino({}, pino.multistream([{ stream }])), { method: 'GET' }, 200, 1)).toBe(false);
    expect(lines).toEqual([]);
    expect(writeRequestCompleted(pino({}, stream), { method: 'GET' }, 200, 1)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(writeRequestCompleted(pino({ level: 'warn' }, stream), { method: 'GET' }, 200, 1)).toBe(true);
    expect(lines).toHaveLength(1);
  });
});

describe('loggableUrl', () => {
  it('keeps paths and query names but never query values', () => {
    expect(loggableUrl('/api/builds/b1/log?offset=120&limit=5000')).toBe(
      '/api/builds/b1/log?offset=[redacted]&limit=[redacted]',
    );
    expect(loggableUrl('/app/callback/?code=secret-code&state=xyz')).toBe(
      '/app/callback/?code=[redacted]&state=[redacted]',
    );
    expect(loggableUrl('/api/projects')).toBe('/api/projects');
  });

  it('masks the one-time ids of identity pages', () => {
    expect(loggableUrl('/password/change/8f2c1d')).toBe('/password/change/[redacted]');
    expect(loggableUrl('/email/verify/abc123?client_id=x')).toBe('/email/verify/[redacted]?client_id=[redacted]');
    expect(loggableUrl('/registration/verify/zz9')).toBe('/registration/verify/[redacted]');
    expect(loggableUrl('/password/forgot')).toBe('/password/forgot');
  });
});

describe('batchedDestination', () => {
  /** Counts the file system writes to `fd` (sonic-boom's), and how many are still under way. */
  function countWrites(fd: number) {
    const counts = { writes: 0, pending: 0 };
    const write = fs.write.bind(fs) as (...args: unknown[]) => void;
    const spy = vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
      if (args[0] === fd) {
        counts.writes++;
        counts.pending++;
        const done = args.at(-1) as (...results: unknown[]) => void;
        args[args.length - 1] = (...results: unknown[]) => {
          counts.pending--;
          done(...results);
        };
      }
      write(...args);
    }) as unknown as typeof fs.write);
    return { counts, restore: () => spy.mockRestore() };
  }

  it('writes the lines of separate requests together, a full batch at once, and loses none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-batch-'));
    const file = path.join(dir, 'log');
    const fd = fs.openSync(file, 'a');
    const { counts, restore } = countWrites(fd);
    const lines = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    // The flush timer moves only when the test says (a busy machine's slow turns would fire it early).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const log = pino(batchedDestination(fd));
      for (let i = 0; i < 10; i++) {
        log.info({ i }, 'request completed');
        // The next request in a later turn of the event loop, once any write of this one is done.
        do await new Promise((resolve) => setImmediate(resolve));
        while (counts.pending > 0);
      }
      // Ten lines wait (unbatched: a write each), then go out in one write once LOG_FLUSH_MS has passed.
      expect(counts.writes).toBe(0);
      vi.advanceTimersByTime(LOG_FLUSH_MS);
      expect(counts.writes).toBe(1);
      vi.useRealTimers();
      await expect.poll(lines).toBe(10);
      await expect.poll(() => counts.pending).toBe(0);

      const line = 'x'.repeat(100);
      for (let i = 0; i * line.length < LOG_BATCH_BYTES; i++) log.info(line);
      // A full batch goes out without waiting for the timer.
      expect(counts.writes).toBe(2);
      await expect.poll(lines).toBe(10 + Math.ceil(LOG_BATCH_BYTES / line.length));

      // Lines are counted and written as UTF-8 bytes: text beyond ASCII arrives whole, in order.
      const wide = ['caf\u00e9 \u{1F680}', '\u2028 \u00fc'.repeat(500), 'end \u00e9'];
      for (const text of wide) log.info(text);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.advanceTimersByTime(LOG_FLUSH_MS);
      vi.useRealTimers();
      await expect.poll(lines).toBe(10 + Math.ceil(LOG_BATCH_BYTES / line.length) + wide.length);
      const written = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(-wide.length);
      expect(written.map((text) => (JSON.parse(text) as { msg: string }).msg)).toEqual(wide);
    } finally {
      vi.useRealTimers();
      restore();
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds at most its bound of lines for a reader that stalls, then says how many it dropped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-stall-'));
    const fifo = path.join(dir, 'log');
    execFileSync('mkfifo', [fifo]);
    // One end to write (read-write, so opening does not wait for a reader), one to drain without blocking.
    const writeFd = fs.openSync(fifo, 'r+');
    const readFd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    let received = '';
    const drain = () => {
      const chunk = Buffer.alloc(65_536);
      for (;;) {
        try {
          const n = fs.readSync(readFd, chunk);
          if (n === 0) return;
          received += chunk.toString('utf8', 0, n);
        } catch {
          return; // EAGAIN: nothing waiting.
        }
      }
    };
    const bound = 64 * 1024;
    const log = pino(batchedDestination(writeFd, bound));
    try {
      // The pipe holds 64 KB; its reader stalls while 2,000 lines (about 200 KB) are logged.
      const total = 2000;
      for (let i = 0; i < total; i++) log.info({ i }, 'x'.repeat(150));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The reader catches up; the next line brings the notice.
      await expect
        .poll(() => {
          drain();
          log.info({ i: total }, 'after the stall');
          log.flush();
          drain();
          return received.includes('after the stall');
        })
        .toBe(true);
      const lines = received
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { i?: number; msg: string });
      const notices = lines.filter((line) => line.i === undefined);
      expect(notices.length).toBeGreaterThan(0);
      const dropped = notices
        .map((notice) => Number(/^(\d+) log lines dropped: the log's reader did not keep up$/.exec(notice.msg)?.[1]))
        .reduce((sum, count) => sum + count, 0);
      // What was written and what was dropped add up; no more than the pipe and the bound were held.
      const logged = new Set(lines.flatMap((line) => (line.i === undefined ? [] : [line.i])));
      expect(dropped).toBeGreaterThan(0);
      expect(logged.has(total)).toBe(true);
      expect(logged.size - 1 + dropped).toBeGreaterThanOrEqual(total);
      expect((logged.size - 1) * 200).toBeLessThan(65_536 + bound + 16 * 1024);
    } finally {
      fs.closeSync(readFd);
      fs.closeSync(writeFd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
