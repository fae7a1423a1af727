/**
 * The processes of the load test (server/bench/load.ts): start one and wait until it answers, read its
 * resident memory, and tell when V8 has given back the heap a burst of load grew.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../src/config.js';

export interface Started {
  child: ChildProcess;
  port: number;
  /** When (Date.now()) the process's V8 ran a memory-reducing full GC; filled only for `traceGc` starts. */
  reducingGcs: number[];
}

/**
 * Starts `node args` and resolves once GET readyPath answers on `port`. With `traceGc`, node runs with
 * --trace-gc (one line per GC on stdout, the gateway's own log being at warn) and the memory reducer's
 * GCs are noted; otherwise stdout is discarded.
 */
export async function startNode(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
  traceGc = false,
): Promise<Started> {
  const child = spawn(process.execPath, traceGc ? ['--trace-gc', ...args] : args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', traceGc ? 'pipe' : 'ignore', 'inherit'],
  });
  const reducingGcs: number[] = [];
  if (child.stdout) {
    // V8 marks the full GCs that shrink the heap "(reduce)": its memory reducer's, once the process is idle.
    readline
      .createInterface({ input: child.stdout })
      .on('line', (line) => /Mark-Compact \(reduce\)/.test(line) && reducingGcs.push(Date.now()));
  }
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}) before it was ready`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { child, port, reducingGcs };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${args.join(' ')} not ready after 30 s`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * How long an idle process may take to give its heap back. V8's memory reducer checks every 8 s whether
 * the allocation rate has dropped (its estimate still counts the load for 2–3 checks, so it often starts
 * 20–35 s after the load) and starts anyway 100 s after the last full GC (its watchdog).
 */
export const SETTLE_CAP_S = 120;
/** The reducer runs up to 3 full GCs 0.5 s apart: quiet for this long after one, it is done. */
const REDUCER_QUIET_MS = 3000;

export interface Settled {
  rss: number;
  /** Seconds from `since` until the reading. */
  afterS: number;
  /** Whether the memory reducer ran before the reading (else the cap was reached). */
  reduced: boolean;
}

/**
 * The process's RSS once it has been idle since `since` and V8's memory reducer has run (or after
 * SETTLE_CAP_S). Memory still held then is live or outside V8's heap: a leak stays, garbage does not.
 */
export async function settledRss(started: Started, since: number): Promise<Settled> {
  const pid = started.child.pid ?? 0;
  const deadline = since + SETTLE_CAP_S * 1000;
  for (;;) {
    const last = started.reducingGcs.filter((at) => at > since).at(-1);
    const reduced = last !== undefined && Date.now() - last >= REDUCER_QUIET_MS;
    if (reduced || Date.now() >= deadline) return { rss: rssMb(pid), afterS: (Date.now() - since) / 1000, reduced };
    await sleep(250);
  }
}
