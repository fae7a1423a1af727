import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SourceFile } from '../domain.js';
import { makeBuildFolder } from '../builds/index.js';
import { parseToolLine, type Diagnostic, type PathMapper } from '../builds/index.js';
import { fileKind, findBodyOnlyTop, findTopLevel, WrappedBody } from '../builds/index.js';
import { VHDL_PLATFORM } from '../builds/index.js';
import type { ToolSandbox } from '../builds/index.js';
import { BuildBudget, runTool, toolEnvironment, type ToolEnd } from '../builds/index.js';
import { ToolOutputScreen, troubleMessage } from '../builds/index.js';
import { designMemoryLines, wroteTooMuch } from '../builds/index.js';
import { ToolSlots } from '../builds/index.js';
import { verilatorLintArgs } from '../builds/index.js';
import { dependencyOrder } from '../builds/index.js';
import { declarationTexts, MAX_ASSOCIATION_PASSES, PlatformAssociations } from '../builds/index.js';
import { entityXmlCommand, readEntityXml, type VhdlEntity } from '../builds/index.js';
import { instantiatedEntities, namesAnEntity, VHDL_ENTITY_STUBS, verilogStubs } from '../builds/index.js';
import { entitiesNamed, entityInstanceRewrite, type UndescribedEntity } from '../builds/index.js';
import { CheckPlatform } from './check-platform.js';

/**
 * Checks one unsaved file while its user types (the `checkDraft` operation): VHDL analysed by GHDL
 * (`-s`: analysis without code generation, after the platform's packages and the project's other VHDL
 * files), Verilog/SystemVerilog linted by Verilator, each in the same bubblewrap sandbox, memory and
 * file-size limits as a build's tools (sandbox.ts, tool-process.ts). A check is a few tenths of a second;
 * its own time and output limits are far below a build's, as nobody waits longer for a squiggle.
 */

export interface DraftCheckerOptions {
  /** fixtures/platform: the Moku library, the slot entities and the IP cores' Verilog modules. */
  platformDir: string;
  ghdl: { path: string };
  verilator: { path: string } | null;
  sandbox: ToolSandbox;
  /** Checks running tools at once (the rest wait, taking turns by user as builds do). */
  concurrency: number;
  /** Where check folders are made (default the system's temp dir; the builds' prefix, so a restart sweeps them). */
  tmpRoot?: string;
}

/** A check stopped after this long is of no use to someone typing: the answer says the check's limit was reached. */
export const CHECK_TIME_LIMIT_MS = 10_000;
/** Output one check may produce: far more than any file's real diagnostics, far less than a build's log. */
export const CHECK_OUTPUT_LIMIT_BYTES = 256 * 1024;
export const CHECK_OUTPUT_LIMIT_LINES = 2_000;
/** Diagnostics one answer carries at most. */
export const MAX_CHECK_DIAGNOSTICS = 200;

export type CheckOutcome = 'checked' | 'tool-failure' | 'limit';

export interface DraftCheckResult {
  diagnostics: Diagnostic[];
  tool: 'ghdl' | 'verilator';
  elapsed_ms: number;
  /**
   * `checked`: the tool read the whole text, and `diagnostics` are the file's; `tool-failure`: the tool
   * failed on its own (a crash, out of memory) and `limit`: a limit of the check stopped it: both are
   * the check's, not the file's, and `detail` says so in a sentence.
   */
  outcome: CheckOutcome;
  detail: string | null;
}

export interface DraftCheckInput {
  /** The project's files as saved, but for the draft (which replaces the file of its name). */
  files: readonly SourceFile[];
  draft: SourceFile;
  /** The project's slot interface (CustomInstrument …): the Verilog top module Verilator starts from. */
  target: string;
}

/** A check cancelled by a newer one of the same user (see check-flights.ts). */
export class CheckSuperseded extends Error {
  constructor() {
    super('superseded by a newer check');
  }
}

export class DraftChecker {
  private readonly slots: ToolSlots;
  private readonly platform: CheckPlatform;

  constructor(private readonly options: DraftCheckerOptions) {
    this.slots = new ToolSlots(options.concurrency);
    this.platform = new CheckPlatform(options);
  }

  /** Removes the platform folder the checks share (the gateway is closing). */
  close(): void {
    this.platform.remove();
  }

  /** Whether `name` is a file this checker reads (VHDL with GHDL; Verilog and SystemVerilog with Verilator, when installed). */
  checks(name: string): boolean {
    const kind = fileKind(name);
    return kind === 'vhdl' || (kind === 'verilog' && this.options.verilator !== null);
  }

  /** Checks the draft; throws CheckSuperseded when `signal` aborts first. `user` takes turns with other users for a slot. */
  async check(input: DraftCheckInput, user: string, signal: AbortSignal): Promise<DraftCheckResult> {
    const started = performance.now();
    const ticket = this.slots.acquire(() => {}, user);
    // Superseded while waiting for a slot: it leaves the queue at once (ready then never resolves).
    let abandon!: () => void;
    const abandoned = new Promise<void>((resolve) => (abandon = resolve));
    signal.addEventListener('abort', abandon, { once: true });
    let dir = '';
    try {
      await Promise.race([ticket.ready, abandoned]);
      if (signal.aborted) throw new CheckSuperseded();
      const platform = await this.platform.folder();
      dir = await makeBuildFolder(this.options.tmpRoot ?? os.tmpdir());
      // The platform's files at ../platform from src/, as in a build (read-only: the sandbox binds the folder so).
      await symlink(path.join(platform, 'platform'), path.join(dir, 'platform'));
      const tools = { ...this.options, sandbox: this.platform.sandboxFor(platform) };
      const run = new CheckRun(dir, input, tools, signal, path.join(platform, 'lib'));
      const result = fileKind(input.draft.name) === 'vhdl' ? await run.vhdl() : await run.verilog();
      return { ...result, elapsed_ms: Math.round(performance.now() - started) };
    } finally {
      signal.removeEventListener('abort', abandon);
      ticket.release();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }
}

type RunResult = Omit<DraftCheckResult, 'elapsed_ms'>;

/** One check's folder (src/ for the project's files, platform/ for the platform's), tools and findings. */
class CheckRun {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly files: SourceFile[];
  private readonly budget = new BuildBudget(CHECK_TIME_LIMIT_MS, CHECK_OUTPUT_LIMIT_BYTES, CHECK_OUTPUT_LIMIT_LINES);

  constructor(
    private readonly dir: string,
    private readonly input: DraftCheckInput,
    private readonly options: DraftCheckerOptions,
    private readonly signal: AbortSignal,
    /** Where library Moku was analysed once for every check (check-platform.ts). */
    private readonly libraries: string,
  ) {
    this.files = [...input.files.filter((f) => f.name !== input.draft.name), input.draft];
  }

  async vhdl(): Promise<RunResult> {
    const vhdl = this.files.filter((f) => fileKind(f.name) === 'vhdl');
    await this.write(vhdl);
    // Only checked (-s: analysis without code generation, nothing stored), after the slot packages and
    // entities, in the order the design's units need each other; library Moku comes analysed (-P).
    const ordered = dependencyOrder(vhdl).map((name) => `./${name}`);
    const platform = VHDL_PLATFORM.map((n) => `../platform/${n}`);
    const args = ['-s', '--std=08', '--workdir=.', `-P${this.libraries}`, ...platform, ...ordered];
    // As a build: associations at the platform's components that the vendor's toolchain accepts are read
    // as it reads them (platform-associations.ts), each a platform note, and the files checked again.
    const associations = new PlatformAssociations(vhdl);
    const readText = await declarationTexts(path.join(this.dir, 'platform'), vhdl);
    for (let pass = 1; ; pass++) {
      const stopped = await this.tool('ghdl', this.options.ghdl.path, args, undefined, associations.rewrite);
      if (stopped) return stopped;
      const userErrors = this.diagnostics.some((d) => d.severity === 'error' && d.origin === 'user');
      const fixes = associations.fix(readText);
      this.diagnostics.push(...fixes.errors, ...fixes.notes.map((n) => n.diagnostic));
      if (userErrors || fixes.files.length === 0 || pass === MAX_ASSOCIATION_PASSES) break;
      await this.write(fixes.files, { replace: true });
    }
    return this.checked('ghdl');
  }

  async verilog(): Promise<RunResult> {
    const { target } = this.input;
    const verilog = this.files.filter((f) => fileKind(f.name) === 'verilog');
    // The project's top level as a build finds it (a VHDL top's Verilog files are never a body-only top).
    const top = findTopLevel(this.files, target) ?? findBodyOnlyTop(this.files, target);
    // A body-only top is linted inside the platform's header, as a build lints it (verilog-body.ts).
    const bodyFile = top?.bodyOnly ? verilog.find((f) => f.name === top.file) : undefined;
    const body = bodyFile ? new WrappedBody(bodyFile, target) : null;
    const wrapped = body?.text('verilator') ?? null;
    await this.write(verilog.map((f) => (f === bodyFile && wrapped !== null ? { ...f, content: wrapped } : f)));
    const mixed = await this.entityLibraries(verilog);
    if ('outcome' in mixed) return mixed;
    const lint = verilatorLintArgs(
      target,
      verilog.map((f) => f.name),
      mixed.libraries,
    );
    // Without the slot's top module in the project yet, Verilator lints every module as a top of its own.
    const hasTop = top?.language === 'verilog' && (!top.bodyOnly || wrapped !== null);
    const args = hasTop ? lint : withoutTopModule(lint);
    const place = body && wrapped !== null ? (d: Diagnostic) => body.place(d) : undefined;
    // A VHDL entity GHDL could not analyse (its file has errors, shown when that file is checked) is no
    // error of the Verilog instantiating it; one it could not describe is a platform note, as in a build.
    const rewrite = entityInstanceRewrite(mixed.undescribed, vhdlEntityNames(this.files));
    const result = await this.tool('verilator', this.options.verilator!.path, args, place, rewrite);
    return result ?? this.checked('verilator');
  }

  /**
   * A mixed design, as a build checks it: the project's VHDL is analysed by GHDL and the entities the
   * Verilog names are described to Verilator as modules (vhdl-entity-stubs.ts). Returns Verilator's
   * libraries and the entities it could not describe, or the answer when a limit of the check stopped GHDL.
   */
  private async entityLibraries(
    verilog: readonly SourceFile[],
  ): Promise<{ libraries: string[]; undescribed: UndescribedEntity[] } | RunResult> {
    const vhdl = this.files.filter((f) => fileKind(f.name) === 'vhdl');
    const named = vhdl.filter((f) => namesAnEntity(f, verilog));
    const undescribed: UndescribedEntity[] = [];
    if (named.length === 0) return { libraries: [], undescribed };
    await this.write(vhdl, { replace: true });
    const ghdl = this.options.ghdl.path;
    const platform = VHDL_PLATFORM.map((n) => `../platform/${n}`);
    const ordered = dependencyOrder(vhdl).map((name) => `./${name}`);
    const analyse = ['-a', '--std=08', '--workdir=.', `-P${this.libraries}`, ...platform, ...ordered];
    // The VHDL files' own findings are theirs, shown when they are checked: not the Verilog draft's.
    const notTheDraft = () => null;
    const stopped = await this.tool('ghdl', ghdl, analyse, undefined, notTheDraft);
    if (stopped) return stopped;
    const entities: VhdlEntity[] = [];
    for (const file of named) {
      const xml = entityXmlCommand(ghdl, file.name, `../${ENTITY_XML}`);
      const end = await this.tool('ghdl', xml.command, xml.args, undefined, notTheDraft);
      if (end) return end;
      const read = await readEntityXml(path.join(this.dir, ENTITY_XML), file);
      if (Array.isArray(read)) entities.push(...read);
      else
        undescribed.push(
          ...entitiesNamed(file, verilog).map((name) => ({ name, file: file.name, why: read.unreadable })),
        );
    }
    const used = instantiatedEntities(entities, verilog);
    if (used.length === 0) return { libraries: [], undescribed };
    await writeFile(path.join(this.dir, VHDL_ENTITY_STUBS), verilogStubs(used));
    return { libraries: [`../${VHDL_ENTITY_STUBS}`], undescribed };
  }

  private checked(tool: RunResult['tool']): RunResult {
    return { tool, diagnostics: this.diagnostics, outcome: 'checked', detail: null };
  }

  private async write(files: readonly SourceFile[], { replace = false } = {}) {
    const src = path.join(this.dir, 'src');
    if (!replace) await mkdir(src);
    for (const file of files) await writeFile(path.join(src, file.name), file.content);
  }

  private readonly mapPath: PathMapper = (raw) => {
    const platform = /(?:^|\/)platform\/(.+)$/.exec(raw);
    if (platform) return { file: `platform/${platform[1]}`, origin: 'platform' };
    const name = raw.replace(/^\.\//, '');
    return this.files.some((f) => f.name === name) ? { file: name, origin: 'user' } : null;
  };

  /** Runs a tool in src/; null when it ran to its end, else the answer saying what stopped it. */
  private async tool(
    label: RunResult['tool'],
    command: string,
    args: string[],
    place: (diagnostic: Diagnostic) => Diagnostic = (d) => d,
    /** Restates a diagnostic, or keeps it out of the answer (a string or null: see PlatformAssociations). */
    rewrite: (diagnostic: Diagnostic) => Diagnostic | string | null = (d) => d,
  ): Promise<RunResult | null> {
    if (this.signal.aborted) throw new CheckSuperseded();
    const memoryLines = designMemoryLines(this.files);
    const screen = new ToolOutputScreen((line) => memoryLines.has(line.trim()));
    const run = runTool({
      command,
      args,
      cwd: path.join(this.dir, 'src'),
      env: toolEnvironment(this.dir),
      budget: this.budget,
      sandbox: this.options.sandbox,
      buildDir: this.dir,
      onLine: (raw) => {
        const line = screen.line(raw.replaceAll(`${this.dir}/`, ''));
        const parsed = line === null ? null : parseToolLine(line, this.mapPath).diagnostic;
        const diagnostic = parsed && rewrite(parsed);
        if (diagnostic && typeof diagnostic !== 'string' && this.diagnostics.length < MAX_CHECK_DIAGNOSTICS)
          this.diagnostics.push(place(diagnostic));
      },
    });
    const cancel = () => run.cancel();
    this.signal.addEventListener('abort', cancel, { once: true });
    const end = await run.done.finally(() => this.signal.removeEventListener('abort', cancel));
    if (end.reason === 'cancelled' || this.signal.aborted) throw new CheckSuperseded();
    const trouble = screen.trouble(end);
    if (trouble) {
      const memoryMiB = Math.round(this.options.sandbox.memoryLimitBytes / 1024 / 1024);
      return this.stopped(label, 'tool-failure', troubleMessage(label, trouble, memoryMiB));
    }
    const limit = limitReached(label, end);
    return limit ? this.stopped(label, 'limit', limit) : null;
  }

  private stopped(tool: RunResult['tool'], outcome: CheckOutcome, detail: string): RunResult {
    return { tool, diagnostics: this.diagnostics, outcome, detail };
  }
}

/** Where GHDL's syntax tree of a VHDL file goes (beside src/). */
const ENTITY_XML = 'vhdl-entity.xml';

/** The entities the project's VHDL files declare, by their text (lower case). */
function vhdlEntityNames(files: readonly SourceFile[]): string[] {
  const vhdl = files.filter((f) => fileKind(f.name) === 'vhdl').map((f) => f.content.replace(/--.*$/gm, ''));
  return vhdl.flatMap((text) => [...text.matchAll(/\bentity\s+(\w+)\s+is\b/gi)].map((m) => m[1]!.toLowerCase()));
}

/** Verilator's lint arguments without `--top-module <target>`. */
function withoutTopModule(args: readonly string[]): string[] {
  const at = args.indexOf('--top-module');
  return at < 0 ? [...args] : [...args.slice(0, at), ...args.slice(at + 2)];
}

const NOT_THE_FILE = 'a limit of the check while typing, not an error in your file; a build checks it in full';

/** Why a tool did not read the whole file when a limit of the check stopped it; null when none did. */
function limitReached(label: string, end: ToolEnd): string | null {
  if (end.reason === 'time-limit')
    return `${label} did not finish within ${CHECK_TIME_LIMIT_MS / 1000} s: ${NOT_THE_FILE}`;
  if (end.reason === 'output-limit')
    return `${label} reported more than the check keeps (${CHECK_OUTPUT_LIMIT_LINES} lines): ${NOT_THE_FILE}`;
  if (wroteTooMuch(end)) return `${label} tried to write a file larger than the check allows: ${NOT_THE_FILE}`;
  if (end.reason === 'spawn-error') return `${label} could not be started (${end.message}): ${NOT_THE_FILE}`;
  return null;
}
