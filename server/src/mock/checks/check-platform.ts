import { rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeBuildFolder } from '../builds/index.js';
import { IP_CORES_VERILOG, MOKU_LIBRARY, MOKU_LIBRARY_NAME, VHDL_PLATFORM } from '../builds/index.js';
import type { ToolSandbox } from '../builds/index.js';
import { BuildBudget, runTool, toolEnvironment } from '../builds/index.js';

/** Time and output the one-off analysis of the platform library may take. */
const PREPARE_TIME_LIMIT_MS = 60_000;
const PREPARE_OUTPUT_LIMIT_BYTES = 64 * 1024;

/**
 * The platform's HDL every check reads, written once per gateway into a folder of its own (named as a
 * build folder, so a restart sweeps it), with library Moku analysed there once: a check then runs one
 * GHDL process instead of two (`-P` finds the library; its units point at the sources by absolute path).
 * Checks see the folder read-only (`sandboxFor`).
 */
export class CheckPlatform {
  private prepared: Promise<string> | undefined;

  constructor(
    private readonly options: { platformDir: string; ghdl: { path: string }; sandbox: ToolSandbox; tmpRoot?: string },
  ) {}

  /** The folder: platform/ (VHDL, moku/, the IP cores' Verilog) and lib/ (library Moku). Made on first use. */
  folder(): Promise<string> {
    this.prepared ??= this.prepare().catch((error: unknown) => {
      this.prepared = undefined; // tried again by the next check
      throw error;
    });
    return this.prepared;
  }

  /** The check's sandbox: the builds' own, with the platform folder readable. */
  sandboxFor(folder: string): ToolSandbox {
    return { ...this.options.sandbox, readOnly: [...this.options.sandbox.readOnly, folder] };
  }

  /** Removes the folder (the gateway is closing). */
  remove(): void {
    void this.prepared?.then((folder) => rmSync(folder, { recursive: true, force: true })).catch(() => undefined);
    this.prepared = undefined;
  }

  private async prepare(): Promise<string> {
    const { platformDir, ghdl, sandbox, tmpRoot } = this.options;
    const folder = await makeBuildFolder(tmpRoot ?? os.tmpdir());
    await mkdir(path.join(folder, 'platform', 'moku'), { recursive: true });
    await mkdir(path.join(folder, 'lib'));
    const copy = async (language: string, name: string) =>
      writeFile(path.join(folder, 'platform', name), await readFile(path.join(platformDir, language, name)));
    for (const name of [...MOKU_LIBRARY, ...VHDL_PLATFORM]) await copy('vhdl', name);
    await copy('verilog', IP_CORES_VERILOG);
    const output: string[] = [];
    const run = runTool({
      command: ghdl.path,
      args: [
        '-a',
        '--std=08',
        '--workdir=.',
        `--work=${MOKU_LIBRARY_NAME}`,
        ...MOKU_LIBRARY.map((n) => `../platform/${n}`),
      ],
      cwd: path.join(folder, 'lib'),
      env: toolEnvironment(folder),
      budget: new BuildBudget(PREPARE_TIME_LIMIT_MS, PREPARE_OUTPUT_LIMIT_BYTES),
      sandbox,
      buildDir: folder,
      onLine: (line) => output.push(line),
    });
    const end = await run.done;
    if (end.reason !== 'exit' || end.code !== 0) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(
        `the platform library did not analyse (${JSON.stringify(end)}): ${output.slice(0, 5).join(' | ')}`,
      );
    }
    return folder;
  }
}
