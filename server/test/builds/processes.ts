import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A live (not zombie) process: its id, process group and working directory. */
export interface LiveProcess {
  pid: number;
  pgid: number;
  cwd: string | null;
  command: string;
  /** Its state letter (R, S, D, …) as /proc gives it. */
  state: string;
  /** Killed and being torn down (the kernel's PF_EXITING): gone once the kernel has freed its memory. */
  exiting: boolean;
}

const PF_EXITING = 0x4;

/** Every live process on the machine, read from /proc (zombies are gone already, only not reaped). */
export function liveProcesses(): LiveProcess[] {
  const processes: LiveProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'.
      const close = stat.lastIndexOf(')');
      const [state = '', , pgrp, , , , flags] = stat.slice(close + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      let cwd: string | null = null;
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // not ours to read
      }
      processes.push({
        pid: Number(entry),
        pgid: Number(pgrp),
        cwd,
        command: stat.slice(stat.indexOf('(') + 1, close),
        state,
        exiting: (Number(flags) & PF_EXITING) !== 0,
      });
    } catch {
      // exited while we looked
    }
  }
  return processes;
}
