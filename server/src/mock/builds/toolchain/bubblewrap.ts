import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * How a build's tools are fenced off from the gateway's machine:
 * - `bwrap`: bubblewrap — own mount, PID, IPC, UTS, user and network namespaces; only the toolchain
 *   (read-only) and the build's directory (read-write) exist, /tmp is private, /proc shows only the build;
 * - `network`: `unshare -rn` — no network, but the tool sees every file the gateway user may read;
 * - `none`: nothing at all.
 * Only `bwrap` isolates files: a user's VHDL may read files (std.textio) at synthesis time.
 */
export type IsolationKind = 'bwrap' | 'network' | 'none';

export interface ToolSandbox {
  kind: IsolationKind;
  /** Folders (besides the system's /usr) a tool needs to read: node's modules, the Yosys wrapper. */
  readOnly: readonly string[];
  /** RLIMIT_FSIZE of every tool process: no single file it writes grows past this (a full disk). */
  fileSizeLimitBytes: number;
  /**
   * RLIMIT_DATA of every tool process: the memory it may allocate (heap and private writable
   * mappings). A design can make GHDL or Yosys allocate without end (a huge array constant, a deep
   * recursion at elaboration); past this an allocation fails and the tool stops, before the machine's
   * memory runs out. Address space is not limited: V8 reserves far more of it than it uses.
   */
  memoryLimitBytes: number;
}

const probe = (file: string, args: string[]) => spawnSync(file, args, { stdio: 'ignore', timeout: 5000 }).status === 0;

let detected: IsolationKind | undefined;
/** The strongest isolation that works on this machine (probed once): bwrap, else unshare -rn, else none. */
export function detectIsolation(): IsolationKind {
  detected ??= probe('bwrap', [
    ...bwrapArgs({ kind: 'bwrap', readOnly: [], fileSizeLimitBytes: 0, memoryLimitBytes: 0 }, '/', '/'),
    'true',
  ])
    ? 'bwrap'
    : probe('unshare', ['-rn', 'true'])
      ? 'network'
      : 'none';
  return detected;
}

/** One phrase for the start-up log and each build's header: what the tools can and cannot reach. */
export function describeIsolation(kind: IsolationKind): string {
  if (kind === 'bwrap')
    return 'file isolation by bubblewrap: tools see only the toolchain (read-only) and their build directory; no network';
  if (kind === 'network')
    return 'NO file isolation (bubblewrap unavailable): tools can read any file the gateway user can; no network (unshare -rn)';
  return 'NO isolation (neither bubblewrap nor unshare works): tools can read any file the gateway user can, and use the network';
}

/** The top-level folders of the system: merged-/usr symlinks are recreated as symlinks, real folders bound read-only. */
function systemMounts(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64']) {
    let link: string | null = null;
    try {
      if (!lstatSync(top).isSymbolicLink()) {
        args.push('--ro-bind', top, top);
        continue;
      }
      link = readlinkSync(top);
    } catch {
      continue; // not on this system
    }
    args.push('--symlink', link, top);
  }
  return args;
}

/**
 * bubblewrap's arguments (before the command): a new session and every namespace, killed with its
 * parent, the system's /usr read-only, a fresh /proc (only the build's processes), /dev and /tmp,
 * the extra read-only folders, and the build's directory read-write at its own path.
 */
export function bwrapArgs(sandbox: ToolSandbox, buildDir: string, cwd: string): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', ...systemMounts()];
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const dir of sandbox.readOnly) args.push('--ro-bind', dir, dir);
  if (buildDir !== '/') args.push('--bind', buildDir, buildDir);
  args.push('--chdir', cwd);
  return args;
}

/** The command line that runs `command args` in the sandbox, its written files and its memory limited in size. */
export function sandboxed(
  sandbox: ToolSandbox,
  buildDir: string,
  cwd: string,
  command: string,
  args: readonly string[],
): [string, string[]] {
  const inner: string[] =
    sandbox.kind === 'bwrap'
      ? ['bwrap', ...bwrapArgs(sandbox, buildDir, cwd), '--', command, ...args]
      : sandbox.kind === 'network'
        ? ['unshare', '-rn', '--', command, ...args]
        : [command, ...args];
  // prlimit execs the command in place: the process keeps its id, so the process-group kill still reaches it.
  return ['prlimit', [`--fsize=${sandbox.fileSizeLimitBytes}`, `--data=${sandbox.memoryLimitBytes}`, '--', ...inner]];
}

/** The node_modules folder a module's imports resolve from (the nearest one above it holding the package). */
export function nodeModulesFor(file: string, packageName: string): string | null {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(path.join(candidate, packageName))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}
