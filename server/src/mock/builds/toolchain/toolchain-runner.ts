import os from 'node:os';
import type { BuildJob, BuildProgress, BuildRunner, RunningBuild } from '../runner.js';
import { removeLeftBuildFolders } from './build-folders.js';
import { ToolchainBuild } from './toolchain-build.js';
import type { ToolchainRunnerOptions } from './toolchain-options.js';
import { ToolSlots } from './tool-slots.js';

export type { ToolchainRunnerOptions } from './toolchain-options.js';

/**
 * Real builds in mock mode: the user's VHDL is analysed and synthesized by GHDL (VHDL-2008, against
 * the platform's entity), Verilog by Yosys (WebAssembly, in a child process) read with the platform's
 * module header; Yosys does the generic synthesis and the resource report. ROUTE and BITSTREAM are
 * skipped: there is no vendor place-and-route offline, and the log says so.
 */
export class ToolchainRunner implements BuildRunner {
  private readonly slots: ToolSlots;
  private readonly active = new Map<() => void, ToolchainBuild>();

  constructor(private readonly options: ToolchainRunnerOptions) {
    this.slots = new ToolSlots(options.concurrency);
    removeLeftBuildFolders(options.tmpRoot ?? os.tmpdir());
  }

  start(job: BuildJob, progress: BuildProgress, address?: string): RunningBuild {
    const build = new ToolchainBuild(job, progress, this.options);
    const ticket = this.slots.acquire((ahead) => build.report(() => progress.waiting?.(ahead)), address);
    const cancel = () => {
      this.active.delete(cancel);
      build.cancel();
      ticket.release();
    };
    this.active.set(cancel, build);
    void ticket.ready
      .then(() => build.run())
      .finally(() => {
        this.active.delete(cancel);
        ticket.release();
      });
    return { cancel };
  }

  get waiting(): number {
    return this.slots.queued;
  }

  /** Kills every build's tools and removes their directories now: the process may exit right after. */
  close(): void {
    for (const [cancel, build] of [...this.active]) {
      cancel();
      build.removeDirectory();
    }
  }
}
