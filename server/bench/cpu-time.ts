/**
 * CPU time of the benchmark's processes, read from /proc (Linux): what each side of an exchange (the
 * load generator, the server, its upstream) spends per request. On a shared 2-core machine these are
 * what decide how far a second gateway process can scale, whatever else runs there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/PID/stat after the command's closing parenthesis (the command may hold spaces). */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // Gone, or not Linux.
  }
}

/** The process and every descendant (a cluster's workers, nginx's worker), from /proc's children lists. */
function processTree(pid: number): number[] {
  const all = [pid];
  for (let index = 0; index < all.length; index++) {
    const tasks = `/proc/${all[index]}/task`;
    let threads: string[] = [];
    try {
      threads = fs.readdirSync(tasks);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        const children = fs.readFileSync(`${tasks}/${thread}/children`, 'utf8').trim();
        if (children) all.push(...children.split(' ').map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return all;
}

/** User and system CPU seconds used so far by `pid` and its descendants (undefined off Linux). */
export function treeCpuSeconds(pid: number): number | undefined {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const fields = statFields(member);
    // utime, stime: the 14th and 15th fields of stat, the 12th and 13th after the command.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    else if (member === pid) return undefined;
  }
  return ticks / TICKS_PER_S;
}

/**
 * CPU seconds used by this process's children that have ended and been waited for (each load run's
 * wrk or autocannon, once its exit was seen).
 */
export function endedChildrenCpuSeconds(): number | undefined {
  const fields = statFields('self');
  // cutime, cstime: the 16th and 17th fields.
  return fields ? (Number(fields[13]) + Number(fields[14])) / TICKS_PER_S : undefined;
}
