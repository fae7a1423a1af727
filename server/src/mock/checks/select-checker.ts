import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { toolSandbox } from '../builds/index.js';
import type { CheckFlights } from './check-flights.js';
import { DraftChecker } from './draft-check.js';

/**
 * The command when an executable of that name is on PATH, else null. A look at the folders, not a run
 * of `--version` as builds do for their log's header: Verilator's takes most of a second, which every
 * gateway's start would wait for.
 */
export function onPath(command: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return command;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * The draft checker: the real tools with a toolchain build's sandbox and memory limit, whatever
 * MOCK_BUILDS says (a check is a fraction of a second, where a real build is the slow part simulated
 * builds skip). Null, so checkDraft answers 501, when GHDL is missing or the tools could only run without
 * file isolation where that is refused (MOCK_BUILD_UNISOLATED, as for builds).
 */
export function selectDraftChecker(config: AppConfig['mock']): DraftChecker | null {
  const ghdl = onPath('ghdl');
  if (!ghdl) return null;
  const sandbox = toolSandbox(undefined, config.buildMemoryMb * 1024 * 1024);
  if (sandbox.kind !== 'bwrap' && config.buildUnisolated === 'refuse') return null;
  return new DraftChecker({
    platformDir: config.platformDir,
    ghdl: { path: ghdl },
    verilator: onPath('verilator') ? { path: 'verilator' } : null,
    sandbox,
    concurrency: config.buildConcurrency ?? os.availableParallelism(),
  });
}

/** What the check operation needs besides the caller's sandbox: the checker (null without the toolchain) and who is checking. */
export interface DraftChecks {
  checker: DraftChecker | null;
  flights: CheckFlights;
}
