import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a toolchain build's files live: one folder per build in the temp directory, named after the
 * gateway process that made it (`cc-build-<pid>.<start>-XXXXXX`), so the next start can tell a folder
 * a crashed gateway left behind (its process is gone, or the pid is now ours) from one another live
 * gateway on the machine is building in. A gateway that runs out of memory exits without cleaning up.
 */

const PREFIX = 'cc-build-';
/** This process's start, told apart from an earlier process with the same pid (a container's pid 1). */
const INCARNATION = randomBytes(3).toString('hex');
/** Folders named before the pid was part of the name: left behind once they are this old. */
const UNNAMED_STALE_MS = 60 * 60 * 1000;

/** Makes a new build folder under `root`. */
export function makeBuildFolder(root: string): Promise<string> {
  return mkdtemp(path.join(root, `${PREFIX}${process.pid}.${INCARNATION}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a folder under the temp directory is a build folder nobody builds in any more. */
function leftBehind(name: string, folder: string, now: number): boolean {
  if (!name.startsWith(PREFIX)) return false;
  const owner = /^cc-build-(\d+)\.([0-9a-f]+)-/.exec(name);
  if (owner) {
    const pid = Number(owner[1]);
    if (pid === process.pid) return owner[2] !== INCARNATION;
    return !alive(pid);
  }
  try {
    return now - statSync(folder).mtimeMs > UNNAMED_STALE_MS;
  } catch {
    return false;
  }
}

/** Removes the build folders crashed gateways left under `root`; returns how many. Called at start. */
export function removeLeftBuildFolders(root: string, now = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const folder = path.join(root, name);
    if (!leftBehind(name, folder, now)) continue;
    try {
      rmSync(folder, { recursive: true, force: true });
      removed++;
    } catch {
      // Another user's folder, or gone meanwhile: not ours to clean.
    }
  }
  return removed;
}
