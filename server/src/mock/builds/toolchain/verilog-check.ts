import { spawnSync } from 'node:child_process';
import type { SourceFile } from '../../domain.js';
import type { Diagnostic } from '../diagnostics.js';
import type { TopLevel } from '../hdl-project.js';
import { IP_CORES_VERILOG } from './platform-files.js';
import { platformNote, topLevelLine } from './platform-notes.js';
import type { ToolEnd } from './tool-process.js';
import { WrappedBody } from './verilog-body.js';
import { portProblems, portsFromVerilatorXml } from './verilog-ports.js';

/**
 * Verilator 5 (Debian's `verilator`) as the SystemVerilog front end of a check build: it reads what the
 * vendor's toolchain reads (unpacked array ports, `++`/`--`, memories with initialisers, assignment
 * patterns) where Yosys's reader stops. Its lint runs with the default warnings, never fatal: a warning
 * (WIDTH and the like, which the vendor's toolchain accepts) never fails a build; its errors do, and
 * its `Unsupported:` errors are platform notes (diagnostics.ts).
 */

/** Verilator's path and version line, or null when it is not installed. */
export function findVerilator(): { path: string; version: string } | null {
  const result = spawnSync('verilator', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return null;
  return { path: 'verilator', version: result.stdout.trim().split('\n')[0]!.trim() };
}

/** Parameters the interlaced target's header takes; the platform sets them (4 samples per clock). */
const PLATFORM_PARAMETERS: Record<string, string[]> = {
  CustomInstrumentInterlaced: ['-Ginput_interlacing_factor=4', '-Goutput_interlacing_factor=4'],
};

/**
 * Verilator's errors that the vendor's toolchain accepts: blocking and non-blocking assignments to one
 * variable (`count++` in an `always_ff`, which Vivado synthesizes), which Verilator only cannot simulate.
 */
const VENDOR_ACCEPTS = ['-Wno-BLKANDNBLK'];

/**
 * What every Verilator run of a build shares: the top, timing controls ignored (as synthesis does), `include
 * from the project, the platform's IP cores, and `libraries` (the stubs of a mixed design's VHDL entities,
 * vhdl-entity-stubs.ts), each read as the IP cores are.
 */
function common(target: string, libraries: readonly string[]): string[] {
  return [
    '--top-module',
    target,
    '--no-timing',
    '-Wno-fatal',
    ...VENDOR_ACCEPTS,
    '-I.',
    // The platform's IP cores as a library: a module the design instantiates by name is found there.
    '-v',
    `../platform/${IP_CORES_VERILOG}`,
    ...libraries.flatMap((library) => ['-v', library]),
    ...(PLATFORM_PARAMETERS[target] ?? []),
  ];
}

/** The lint of the user's files (`./name` arguments: never read as options). */
export function verilatorLintArgs(
  target: string,
  files: readonly string[],
  libraries: readonly string[] = [],
): string[] {
  return ['--lint-only', ...common(target, libraries), ...files.map((f) => `./${f}`)];
}

/** The elaborated design as XML (the top's ports), written to `output`, without repeating the lint's warnings. */
export function verilatorXmlArgs(
  target: string,
  files: readonly string[],
  output: string,
  libraries: readonly string[] = [],
): string[] {
  return ['--xml-only', '--xml-output', output, '-Wno-lint', '-Wno-style', ...common(target, libraries), ...files];
}

/** What the check needs of the build running it. */
export interface VerilogCheckContext {
  target(): string;
  verilator(): { path: string } | null;
  file(name: string): SourceFile;
  /**
   * Runs a tool in the build's src/ folder; its diagnostics are the design's when `diagnostics`, each
   * placed by `place` first when given.
   */
  tool(
    label: string,
    command: string,
    args: string[],
    diagnostics: boolean,
    place?: (diagnostic: Diagnostic) => Diagnostic | string | null,
  ): Promise<ToolEnd>;
  log(...lines: string[]): void;
  /** Replaces a file of the build's src/ folder (the user's own file stays as saved). */
  writeSource(name: string, content: string): Promise<void>;
  userErrors(): boolean;
  addDiagnostic(diagnostic: Diagnostic, text: string): void;
  /** A file the tools wrote in the build's directory (beside src/, never among the user's files). */
  readBuildFile(name: string): Promise<string>;
}

/**
 * A Verilog/SystemVerilog top checked by Verilator: its lint (errors become the design's diagnostics),
 * then its ports against the platform's module header (both read from Verilator's XML), each problem an
 * error at the port's line (or the module's). A body-only top is linted inside the platform's header
 * (verilog-body.ts), whose ports need no comparing, and left in src/ inside the header Yosys reads.
 * `libraries` are more modules Verilator may take an instance from (a mixed design's VHDL entities);
 * `rewrite` restates the lint's diagnostics first (an undescribed entity's instance: entityInstanceRewrite).
 * Returns the port problems' diagnostics (empty: passed), `failed` when the lint found errors or a tool
 * stopped, `no-verilator` when it is not installed.
 */
export async function checkVerilogTop(
  build: VerilogCheckContext,
  top: TopLevel,
  verilog: readonly string[],
  header: string,
  libraries: readonly string[] = [],
  rewrite?: (diagnostic: Diagnostic) => Diagnostic | string | null,
): Promise<Diagnostic[] | 'failed' | 'no-verilator'> {
  const verilator = build.verilator();
  if (!verilator) return 'no-verilator';
  const target = build.target();
  const topFile = top.file;
  const body = top.bodyOnly ? new WrappedBody(build.file(topFile), target) : null;
  if (body) {
    build.log(`INFO: ${topFile}: a module body only; the platform supplies the ${target} module header around it`);
    await build.writeSource(topFile, body.text('verilator')!);
  }
  const lint = verilatorLintArgs(target, verilog, libraries);
  const place = (d: Diagnostic) => {
    const restated = rewrite ? rewrite(d) : d;
    return restated && typeof restated !== 'string' && body ? body.place(restated) : restated;
  };
  const end = await build.tool('verilator', verilator.path, lint, true, body || rewrite ? place : undefined);
  // Verilator exits 1 for its `Unsupported:` errors too, which are platform notes: only the user's errors stop here.
  if (build.userErrors() || (end.reason !== 'exit' && end.reason !== 'signal')) return 'failed';
  if (body) {
    await build.writeSource(topFile, body.text('yosys')!);
    return [];
  }
  const xml = async (files: string[], output: string) =>
    build.tool('verilator', verilator.path, verilatorXmlArgs(target, files, `../${output}`, libraries), false, rewrite);
  const ends = [
    await xml(
      verilog.map((f) => `./${f}`),
      'ports.xml',
    ),
    await xml([`../platform/${header}`], 'header.xml'),
  ];
  const topLine = topLevelLine(build.file(topFile), target);
  if (ends.some((e) => e.reason !== 'exit')) return 'failed'; // a limit of the build: the caller says which
  if (ends.some((e) => e.reason === 'exit' && e.code !== 0)) {
    const why = "Verilator could not elaborate the design, so its ports were not compared with the platform's";
    const note = platformNote(topFile, topLine, why);
    build.addDiagnostic(note.diagnostic, note.text);
    return [];
  }
  const read = async (name: string) => portsFromVerilatorXml(await build.readBuildFile(name), target);
  const problems = portProblems(await read('header.xml'), await read('ports.xml'), target);
  return problems.map((problem) => {
    const line = problem.line ?? topLine;
    const diagnostic: Diagnostic = {
      file: topFile,
      line,
      column: null,
      severity: 'error',
      message: problem.message,
      origin: 'user',
    };
    build.addDiagnostic(diagnostic, `${topFile}:${line}: error: ${problem.message}`);
    return diagnostic;
  });
}
