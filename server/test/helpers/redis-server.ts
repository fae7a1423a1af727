import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './tcp.js';

/**
 * A real redis-server (Debian's, installed by scripts/ensure-system-packages.sh) on a free port of
 * 127.0.0.1, for tests of the Redis store. Missing redis-server is an error, never a skipped test.
 */
export interface TestRedis {
  url: string;
  port: number;
  /** Where it keeps its append-only file (with `persist`). */
  dir: string;
  /** Stops it (SIGTERM, or SIGKILL with `hard`: no chance to write anything more). */
  stop(options?: { hard?: boolean }): Promise<void>;
  /** Starts it again on the same port and directory (the append-only file brings the data back). */
  restart(): Promise<void>;
  /** Stops it and deletes its directory. */
  dispose(): Promise<void>;
}

class PortTaken extends Error {}

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/Address already in use/i.test(output())) throw new PortTaken();
      throw new Error(`redis-server exited (${child.exitCode}): ${output()}`);
    }
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') {
        // Test files run in parallel: another file's redis-server may have taken the port between
        // freePort() and this one's start (this one then exits). Only our own process will do.
        const pid = /process_id:(\d+)/.exec(await client.info('server'))?.[1];
        if (Number(pid) !== child.pid) throw new PortTaken();
        return;
      }
    } catch (error) {
      if (error instanceof PortTaken) throw error;
      // not listening yet
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer within 10 s: ${output()}`);
}

export async function startRedis(options: { persist?: boolean } = {}): Promise<TestRedis> {
  let port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cc-redis-'));
  let url = `redis://127.0.0.1:${port}/0`;
  let child: ChildProcess;
  let output = '';
  const launch = async () => {
    output = '';
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
    args.push('--appendonly', options.persist ? 'yes' : 'no', '--appendfsync', 'always');
    child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) =>
        reject(new Error(`cannot start redis-server (run scripts/ensure-system-packages.sh): ${error.message}`)),
      );
    });
    await spawned;
    await waitForPing(url, child, () => output);
  };
  const stop = async ({ hard = false } = {}) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await launch();
      break;
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 5) throw error;
      await stop({ hard: true });
      port = await freePort();
      url = `redis://127.0.0.1:${port}/0`;
    }
  }
  return {
    url,
    port,
    dir,
    stop,
    restart: launch,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
