import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { splitLines } from './line-splitter.js';
import { sandboxed, type ToolSandbox } from './bubblewrap.js';

/**
 * Lines one build may log unless MOCK_BUILD_OUTPUT_LIMIT_LINES says otherwise. A line costs the
 * gateway far more than its bytes (an item in the stored log, a slot in every copy of it), so a
 * design printing millions of empty lines — one byte each — is stopped here, long before the bytes.
 */
export const DEFAULT_OUTPUT_LIMIT_LINES = 50_000;

/** What one build may still spend, shared by every tool process it runs. */
export class BuildBudget {
  private remaining: number;
  private linesLeft: number;
  readonly deadline: number;
  /** Which output limit stopped the build, once one has. */
  reached: 'bytes' | 'lines' | null = null;

  constructor(
    readonly timeLimitMs: number,
    readonly outputLimitBytes: number,
    readonly outputLimitLines = DEFAULT_OUTPUT_LIMIT_LINES,
    now = Date.now(),
  ) {
    this.remaining = outputLimitBytes;
    this.linesLeft = outputLimitLines;
    this.deadline = now + timeLimitMs;
  }

  /** Spends a line (and its bytes); false when it no longer fits (an output limit is reached). */
  spend(line: string): boolean {
    if (this.reached) return false;
    // Characters first: a line longer than the budget in characters is over it in bytes too.
    const bytes = line.length >= this.remaining ? Infinity : Buffer.byteLength(line) + 1;
    if (this.linesLeft < 1) this.reached = 'lines';
    else if (bytes > this.remaining) this.reached = 'bytes';
    if (this.reached) {
      this.remaining = 0;
      this.linesLeft = 0;
      return false;
    }
    this.remaining -= bytes;
    this.linesLeft--;
    return true;
  }

  msLeft(now = Date.now()): number {
    return Math.max(0, this.deadline - now);
  }
}

/**
 * The niceness tools run at: on a busy machine the gateway's one thread, which answers everyone's
 * requests, is scheduled before a build's tools (they only wait while it has work).
 */
export const TOOL_NICENESS = 10;

export type ToolEnd =
  | { reason: 'exit'; code: number }
  | { reason: 'signal'; signal: string }
  | { reason: 'time-limit' | 'cancelled' }
  | { reason: 'output-limit'; limit: 'bytes' | 'lines' }
  | { reason: 'spawn-error'; message: string };

export interface ToolRun {
  /** The process id, which is also its process group's id (spawned detached). */
  pid: number | undefined;
  done: Promise<ToolEnd>;
  /** Kills the whole process group at once (SIGKILL): nothing the tool started survives. */
  cancel(): void;
}

export interface ToolCommand {
  command: string;
  args: readonly string[];
  cwd: string;
  /** The whole environment the tool sees (see {@link toolEnvironment}). */
  env: Record<string, string>;
  /** Each line of stdout and stderr as it comes, up to the budget's output limit. */
  onLine(line: string): void;
  budget: BuildBudget;
  /** How the tool is fenced off (see sandbox.ts), and the file size it may write. */
  sandbox: ToolSandbox;
  /** The one folder the tool may write (with bubblewrap, the only one of the gateway's it sees); default cwd. */
  buildDir?: string;
}

/**
 * The environment a tool runs with: PATH, and HOME/TMPDIR inside the build's own directory.
 * Nothing else of the gateway's environment (no proxy settings, no credentials) reaches it.
 */
export function toolEnvironment(dir: string, path = process.env.PATH ?? '/usr/bin:/bin'): Record<string, string> {
  return { PATH: path, HOME: dir, TMPDIR: dir, LANG: 'C.UTF-8' };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The process group of a process, from /proc; undefined once it is gone. */
function groupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

/** The process ids of `pid`'s descendants (Linux's /proc/<pid>/task/<tid>/children), nearest first. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0 && found.length < 1_000) {
    const parent = queue.shift()!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * Kills a running tool: its process group, and the groups its descendants made for themselves.
 * bubblewrap's inner process starts its own session (--new-session), which a kill of the tool's group
 * does not reach; --die-with-parent should then end it, but was seen to miss under load, leaving Yosys
 * running after a cancel. Only while the tool has not exited: its pid is not yet reaped, so not reused.
 */
function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  const groups = new Set<number>();
  for (const descendant of descendants(pid)) {
    const group = groupOf(descendant);
    if (group !== undefined && group !== pid) groups.add(group);
  }
  killGroup(pid);
  for (const group of groups) killGroup(group);
}

/**
 * Runs one tool as the leader of its own process group, streaming its output line by line. The
 * build's time limit and output limit stop it by killing the group, as does cancel(); in bubblewrap's
 * own session and PID namespace the tool dies with the group's leader (--die-with-parent), and every
 * process of the namespace with it.
 */
export function runTool(cmd: ToolCommand): ToolRun {
  const [file, args] = sandboxed(cmd.sandbox, cmd.buildDir ?? cmd.cwd, cmd.cwd, cmd.command, cmd.args);
  // nice execs the command in place, as prlimit does: the process keeps its id, and the group kill reaches it.
  const child = spawn('nice', ['-n', String(TOOL_NICENESS), file, ...args], {
    cwd: cmd.cwd,
    env: cmd.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopped: ToolEnd | null = null;
  const stop = (end: ToolEnd) => {
    stopped ??= end;
    if (child.exitCode === null && child.signalCode === null) killTree(child.pid);
    else killGroup(child.pid);
  };
  const timer = setTimeout(() => stop({ reason: 'time-limit' }), cmd.budget.msLeft());
  const onLine = (line: string): boolean => {
    if (stopped) return false;
    if (!cmd.budget.spend(line)) {
      stop({ reason: 'output-limit', limit: cmd.budget.reached ?? 'bytes' });
      return false;
    }
    cmd.onLine(line);
    return true;
  };
  const streamsClosed = [child.stdout, child.stderr].map((stream) =>
    splitLines(stream, onLine, cmd.budget.outputLimitBytes),
  );
  const done = new Promise<ToolEnd>((resolve) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(stopped ?? { reason: 'spawn-error', message: error.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // The leader exiting does not end its group: anything it left behind goes too.
      killGroup(child.pid);
      void Promise.all(streamsClosed).then(() =>
        resolve(
          stopped ?? (code !== null ? { reason: 'exit', code } : { reason: 'signal', signal: signal ?? 'unknown' }),
        ),
      );
    });
  });
  return { pid: child.pid, done, cancel: () => stop({ reason: 'cancelled' }) };
}
