import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectIsolation, type ToolSandbox } from '../../src/mock/builds/toolchain/bubblewrap.js';
import { toolSandbox } from '../../src/mock/builds/select-runner.js';
import { BuildBudget, runTool, TOOL_NICENESS, toolEnvironment } from '../../src/mock/builds/toolchain/tool-process.js';
import { liveProcesses } from './processes.js';

// The process side of real builds: a tool is the leader of its own process group, killed whole by
// cancel and by the build's time and output limits, and sees a bounded environment and no network.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tool-process-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const UNISOLATED: ToolSandbox = { kind: 'none', readOnly: [], fileSizeLimitBytes: 1 << 30, memoryLimitBytes: 1 << 30 };

function sh(script: string, budget = new BuildBudget(30_000, 1 << 20), sandbox = UNISOLATED) {
  const lines: string[] = [];
  const run = runTool({
    command: 'sh',
    args: ['-c', script],
    cwd: dir,
    env: toolEnvironment(dir),
    budget,
    sandbox,
    onLine: (l) => lines.push(l),
  });
  return { run, lines };
}

const groupAlive = (pgid: number) => liveProcesses().filter((p) => p.pgid === pgid);

/**
 * The group's processes still alive once SIGKILL has had `graceMs` to land: the kernel delivers it
 * when each process next runs, which on a loaded machine can be a moment after the leader's exit.
 * A process the signal missed would live on (each sleeps 60 s).
 */
async function survivors(pgid: number, graceMs = 2_000) {
  return remaining(() => groupAlive(pgid), graceMs);
}

async function remaining<T>(alive: () => T[], graceMs = 2_000): Promise<T[]> {
  const deadline = Date.now() + graceMs;
  while (alive().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return alive();
}

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
    expect(await survivors(run.pid!)).toEqual([]);
  });

  it('cancel also kills what the tool started in a session of its own (as bubblewrap does with --new-session)', async () => {
    const { run, lines } = sh('setsid sleep 61 & echo started; wait');
    const deadline = Date.now() + 10_000;
    while (!lines.includes('started') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const sleeper = () => liveProcesses().filter((p) => p.command === 'sleep' && p.cwd === dir && p.pgid !== run.pid);
    await remaining(() => (sleeper().length === 0 ? [1] : []), 5_000);
    expect(sleeper()).toHaveLength(1);
    run.cancel();
    expect(await run.done).toEqual({ reason: 'cancelled' });
    expect(await remaining(sleeper)).toEqual([]);
  });

  it('stops a tool at the time limit, and its children with it', async () => {
    const { run } = sh('sleep 60 & sleep 60; wait', new BuildBudget(400, 1 << 20));
    expect(await run.done).toEqual({ reason: 'time-limit' });
    expect(await survivors(run.pid!)).toEqual([]);
  });

  it('stops a tool at the output limit, passing on no more than the limit', async () => {
    const budget = new BuildBudget(30_000, 1000);
    const { run, lines } = sh('while :; do echo 0123456789; done', budget);
    expect(await run.done).toEqual({ reason: 'output-limit', limit: 'bytes' });
    expect(lines.length).toBeGreaterThan(80);
    expect(lines.reduce((bytes, line) => bytes + line.length + 1, 0)).toBeLessThanOrEqual(1000);
    expect(await survivors(run.pid!)).toEqual([]);
  });

  it('stops a tool printing empty lines at the line limit, long before their bytes would (issue 31)', async () => {
    const budget = new BuildBudget(30_000, 1 << 20, 1000);
    const { run, lines } = sh("yes '' | head -n 2000000", budget);
    expect(await run.done).toEqual({ reason: 'output-limit', limit: 'lines' });
    expect(lines.length).toBe(1000);
    expect(budget.reached).toBe('lines');
    expect(await survivors(run.pid!)).toEqual([]);
  });

  it('runs a tool at a lower priority than the gateway, so a busy build does not slow its answers', async () => {
    const { run, lines } = sh('nice');
    expect(await run.done).toEqual({ reason: 'exit', code: 0 });
    expect(Number(lines[0])).toBe(os.getPriority() + TOOL_NICENESS);
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

  it.runIf(detectIsolation() !== 'none')('runs in its own network namespace: only a loopback interface', async () => {
    const { run, lines } = sh('cat /proc/net/dev', undefined, toolSandbox());
    expect(await run.done).toEqual({ reason: 'exit', code: 0 });
    const interfaces = lines.slice(2).map((l) => l.trim().split(':')[0]);
    expect(interfaces).toEqual(['lo']);
  });

  it('says when a tool cannot be started', async () => {
    const lines: string[] = [];
    const run = runTool({
      command: 'no-such-tool-here',
      args: [],
      cwd: dir,
      env: toolEnvironment(dir),
      budget: new BuildBudget(5000, 1000),
      sandbox: UNISOLATED,
      onLine: (l) => lines.push(l),
    });
    // prlimit (which sets the file size limit) starts first and reports the missing tool.
    expect(await run.done).toEqual({ reason: 'exit', code: 127 });
    expect(lines.join('\n')).toMatch(/failed to execute no-such-tool-here: No such file or directory/);
  });

  it('limits the size of every file a tool writes (RLIMIT_FSIZE): the tool is stopped at the limit', async () => {
    const { run } = sh('head -c 10000000 /dev/zero > big', undefined, { ...UNISOLATED, fileSizeLimitBytes: 4096 });
    expect(await run.done).toEqual({ reason: 'exit', code: 153 }); // the shell reports its child's SIGXFSZ (128 + 25)
    expect((await stat(path.join(dir, 'big'))).size).toBe(4096);
  });

  it('limits the memory every tool process may allocate (RLIMIT_DATA): an allocation past it fails', async () => {
    // Touches every page, so the memory is really used (as a design's huge array constant is).
    const allocate = (mib: number) =>
      `${JSON.stringify(process.execPath)} -e "Buffer.alloc(${mib} * 1024 * 1024, 1); console.log('allocated')"`;
    const limited = sh(allocate(640), undefined, { ...UNISOLATED, memoryLimitBytes: 512 << 20 });
    expect(await limited.run.done).not.toEqual({ reason: 'exit', code: 0 });
    expect(limited.lines).not.toContain('allocated');
    // The same allocation under a higher limit succeeds: the limit, not the machine, refused it.
    const roomy = sh(allocate(640), undefined, { ...UNISOLATED, memoryLimitBytes: 1024 << 20 });
    expect(await roomy.run.done).toEqual({ reason: 'exit', code: 0 });
    expect(roomy.lines).toContain('allocated');
  });

  it.runIf(detectIsolation() === 'bwrap')(
    'cancel kills a tool in bubblewrap at once, with everything it started',
    async () => {
      const { run, lines } = sh('sleep 60 & (sleep 60 &) ; echo started; wait', undefined, toolSandbox());
      const deadline = Date.now() + 10_000;
      while (!lines.includes('started') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const sleepers = () => liveProcesses().filter((p) => p.command === 'sleep' && p.cwd === dir);
      try {
        // "started" can be printed before the subshell's child has become `sleep` (on a loaded machine).
        while (sleepers().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(sleepers().length).toBe(2);
      } finally {
        // Also when the check failed, so a retry does not count this attempt's sleepers.
        run.cancel();
      }
      expect(await run.done).toEqual({ reason: 'cancelled' });
      expect(await remaining(sleepers)).toEqual([]);
    },
  );
});
