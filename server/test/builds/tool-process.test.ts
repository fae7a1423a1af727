import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildBudget, canIsolateNetwork, runTool, toolEnvironment } from '../../src/mock/builds/tool-process.js';
import { liveProcesses } from './processes.js';

// The process side of real builds: a tool is the leader of its own process group, killed whole by
// cancel and by the build's time and output limits, and sees a bounded environment and no network.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tool-process-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function sh(script: string, budget = new BuildBudget(30_000, 1 << 20), isolateNetwork = false) {
  const lines: string[] = [];
  const run = runTool({ command: 'sh', args: ['-c', script], cwd: dir, env: toolEnvironment(dir), budget, isolateNetwork, onLine: (l) => lines.push(l) });
  return { run, lines };
}

const groupAlive = (pgid: number) => liveProcesses().filter((p) => p.pgid === pgid);

describe('runTool', () => {
  it('streams lines as they come and reports the exit code', async () => {
    const { run, lines } = sh('echo one; echo two >&2; exit 3');
    expect(await run.done).toEqual({ reason: 'exit', code: 3 });
    expect(lines.sort()).toEqual(['one', 'two']);
  });

  it('cancel kills the whole process group at once: no child or grandchild survives', async () => {
    const { run, lines } = sh('sleep 60 & (sleep 60 &) ; echo started; wait');
    const deadline = Date.now() + 10_000;
    while (!lines.includes('started') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(groupAlive(run.pid!).length).toBeGreaterThanOrEqual(2);
    const started = Date.now();
    run.cancel();
    expect(await run.done).toEqual({ reason: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(groupAlive(run.pid!)).toEqual([]);
  });

  it('stops a tool at the time limit, and its children with it', async () => {
    const { run } = sh('sleep 60 & sleep 60; wait', new BuildBudget(400, 1 << 20));
    expect(await run.done).toEqual({ reason: 'time-limit' });
    expect(groupAlive(run.pid!)).toEqual([]);
  });

  it('stops a tool at the output limit, passing on no more than the limit', async () => {
    const budget = new BuildBudget(30_000, 1000);
    const { run, lines } = sh('while :; do echo 0123456789; done', budget);
    expect(await run.done).toEqual({ reason: 'output-limit' });
    expect(lines.length).toBeGreaterThan(80);
    expect(lines.reduce((bytes, line) => bytes + line.length + 1, 0)).toBeLessThanOrEqual(1000);
    expect(groupAlive(run.pid!)).toEqual([]);
  });

  it('passes only PATH, HOME, TMPDIR and LANG: no proxy settings or secrets of the gateway', async () => {
    process.env.HTTPS_PROXY = 'http://proxy.example:3128';
    process.env.SECRET_FOR_TEST = 'do-not-leak';
    try {
      const { run, lines } = sh('env');
      await run.done;
      // The shell itself adds PWD (and may add SHLVL and _); nothing comes from the gateway's environment.
      const keys = lines.map((l) => l.split('=')[0]!);
      expect(keys.filter((k) => !['PWD', 'SHLVL', '_'].includes(k)).sort()).toEqual(['HOME', 'LANG', 'PATH', 'TMPDIR']);
      expect(lines.join('\n')).not.toMatch(/PROXY|SECRET/i);
      expect(lines).toContain(`HOME=${dir}`);
    } finally {
      delete process.env.HTTPS_PROXY;
      delete process.env.SECRET_FOR_TEST;
    }
  });

  it.runIf(canIsolateNetwork())('runs in its own network namespace: only a loopback interface', async () => {
    const { run, lines } = sh('cat /proc/net/dev', undefined, true);
    expect(await run.done).toEqual({ reason: 'exit', code: 0 });
    const interfaces = lines.slice(2).map((l) => l.trim().split(':')[0]);
    expect(interfaces).toEqual(['lo']);
  });

  it('says when a tool cannot be started', async () => {
    const run = runTool({ command: 'no-such-tool-here', args: [], cwd: dir, env: toolEnvironment(dir), budget: new BuildBudget(5000, 1000), isolateNetwork: false, onLine: () => {} });
    expect(await run.done).toMatchObject({ reason: 'spawn-error' });
  });
});
