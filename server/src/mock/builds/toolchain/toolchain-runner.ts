import { rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StageName } from '../../domain.js';
import type { ArtifactFile } from '../artifacts.js';
import { blackBoxLines, ipCoresUsed, type NetlistCells } from './black-boxes.js';
import { collectArtifacts } from './build-artifacts.js';
import { makeBuildFolder, removeLeftBuildFolders } from './build-folders.js';
import { diagnosticSummary, diagnosticText, parseToolLine, type Diagnostic, type PathMapper } from '../diagnostics.js';
import { fileKind, findTopLevel, topLevelProblem, unsafeFileNames } from '../hdl-project.js';
import { stageHeader } from '../log-templates.js';
import { publicErrorMessage } from '../public-error.js';
import type { BuildJob, BuildOutcome, BuildProgress, BuildRunner, RunningBuild } from '../runner.js';
import { describeIsolation, type ToolSandbox } from './bubblewrap.js';
import { BuildBudget, runTool, toolEnvironment, type ToolEnd, type ToolRun } from './tool-process.js';
import { ToolOutputScreen, troubleMessage, troubleOutcome, type ToolTrouble } from './tool-failure.js';
import { FileTooBig, designMemoryLines, readToolFile, toolEndMessages, wroteTooMuch } from './tool-output.js';
import { IP_CORES_VERILOG, MOKU_LIBRARY, MOKU_LIBRARY_NAME, VHDL_PLATFORM } from './platform-files.js';
import { ToolSlots } from './tool-slots.js';
import { checkConstraints, reportLines, resourceSummary, yosysScript } from './toolchain-steps.js';
import { platformNote, topLevelLine } from './platform-notes.js';
import { yosysCommand } from './yosys-memory.js';
import { checkVerilogTop, type VerilogCheckContext } from './verilog-check.js';
import { dependencyOrder } from './vhdl-order.js';
import { SynthesisFindings } from './vhdl-synthesis.js';

export interface ToolchainRunnerOptions {
  /** fixtures/platform: the slot entities (VHDL) and module headers (Verilog). */
  platformDir: string;
  /** The GHDL executable and its version line (see findGhdl). */
  ghdl: { path: string; version: string };
  /** Verilator, the SystemVerilog checker (see findVerilator); without it Yosys checks Verilog tops. */
  verilator?: { path: string; version: string } | null;
  yosysVersion: string;
  /** At most this many builds run tools at once (default: one per core). */
  concurrency: number;
  timeLimitMs: number;
  outputLimitBytes: number;
  /** Lines of tool output one build may log (MOCK_BUILD_OUTPUT_LIMIT_LINES; default DEFAULT_OUTPUT_LIMIT_LINES). */
  outputLimitLines?: number;
  /** How the tools are fenced off from the machine, and the size of file they may write (see sandbox.ts). */
  sandbox: ToolSandbox;
  /** Where build directories are made (default the system's temp dir). */
  tmpRoot?: string;
}

const VERILOG_HEADER: Record<string, string> = {
  CustomInstrument: 'custom-instrument.v',
  CustomInstrumentInterlaced: 'custom-instrument-interlaced.v',
  CustomWrapper: 'custom-wrapper.v',
};
/** Diagnostics kept per build: a flood of warnings must not grow memory without bound. */
const MAX_DIAGNOSTICS = 1000;

/** A project file as a tool argument: `./name` is never read as an option, whatever the name. */
const asPath = (name: string) => `./${name}`;

class Cancelled extends Error {}

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

/** One build's run: its directory, budget, log and diagnostics. */
class ToolchainBuild {
  private cancelled = false;
  private current: ToolRun | null = null;
  /** A tool of this build failed on its own (a crash, out of memory): the tool's fault, not the design's. */
  private trouble: { label: string; trouble: ToolTrouble } | null = null;
  /** The first error of the last tool run whose errors are not the design's (the estimate's Yosys). */
  private toolError: string | null = null;
  private readonly diagnostics: Diagnostic[] = [];
  private readonly full: string[] = [];
  private budget: BuildBudget;
  private dir = '';

  constructor(
    private readonly job: BuildJob,
    private readonly progress: BuildProgress,
    private readonly options: ToolchainRunnerOptions,
  ) {
    this.budget = new BuildBudget(options.timeLimitMs, options.outputLimitBytes, options.outputLimitLines);
  }

  /** Calls a progress callback unless the build was cancelled (then nothing is reported). */
  report(call: () => void): void {
    if (!this.cancelled) call();
  }

  cancel(): void {
    this.cancelled = true;
    this.current?.cancel();
  }

  /** Removes the build's directory at once (its tools were killed with SIGKILL: none writes any more). */
  removeDirectory(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private log(...lines: string[]): void {
    if (this.cancelled) throw new Cancelled();
    this.full.push(...lines);
    this.progress.log(lines);
  }

  async run(): Promise<void> {
    if (this.cancelled) return;
    // The time limit counts from here: waiting for a slot is not the build's time.
    this.budget = new BuildBudget(
      this.options.timeLimitMs,
      this.options.outputLimitBytes,
      this.options.outputLimitLines,
    );
    try {
      this.dir = await makeBuildFolder(this.options.tmpRoot ?? os.tmpdir());
      const outcome = await this.stages();
      this.report(() => this.progress.finished(outcome));
    } catch (error) {
      if (!(error instanceof Cancelled) && !this.cancelled) {
        try {
          const reason = publicErrorMessage(error);
          this.progress.log([`ERROR: the build stopped unexpectedly: ${reason}`]);
          this.progress.finished({ status: 'failed', error: `The build stopped unexpectedly: ${reason}` });
        } catch {
          // The store is gone (its sandbox closed): nobody is left to tell, and the gateway must not crash.
        }
      }
    } finally {
      this.current?.cancel();
      await this.current?.done;
      if (this.dir) await rm(this.dir, { recursive: true, force: true });
    }
  }

  private header(): void {
    const { job, options } = this;
    const c = job.config;
    this.log(
      `Check build of "${job.projectName}" (build ${job.buildId}), queued ${job.queuedAt.toUTCString()}`,
      'This is a CHECK BUILD with open-source tools, not a bitstream for the instrument: your design is analysed,',
      'elaborated against the platform interface and synthesized to generic cells; ROUTE and BITSTREAM are skipped.',
      `Configuration: hardware ${c.hardware}, ${c.slots} slots, OS ${c.os_version}, target ${c.target}`,
      `Tools: ${options.ghdl.version}; ${options.verilator?.version ?? 'no Verilator'}; Yosys ${options.yosysVersion} (WebAssembly)`,
      `Limits: ${Math.round(options.timeLimitMs / 1000)} s, ${Math.round(options.outputLimitBytes / 1024)} KiB or ${this.budget.outputLimitLines} lines of log; ` +
        `memory ${this.memoryLimitMiB()} MiB and files written at most ${Math.round(options.sandbox.fileSizeLimitBytes / 1024 / 1024)} MiB per tool; ` +
        'environment PATH, HOME, TMPDIR only',
      `Isolation: ${describeIsolation(options.sandbox.kind)}`,
    );
  }

  private async stages(): Promise<BuildOutcome> {
    this.header();
    const { job } = this;
    await this.stage('IP', async () => {
      const constraints = job.files.filter((f) => fileKind(f.name) === 'constraints');
      const kinds = job.files.map((f) => `${f.name} (${fileKind(f.name)})`);
      this.log(`Project files: ${kinds.join(', ') || 'none'}`);
      for (const file of constraints) {
        for (const d of checkConstraints(file)) this.addDiagnostic(d, `${d.file}:${d.line}: warning: ${d.message}`);
      }
      for (const file of job.files.filter((f) => fileKind(f.name) === 'ip')) {
        this.log(`INFO: ${file.name}: IP cores are generated by the vendor tools only; not generated in a check build`);
      }
      for (const file of job.files.filter((f) => fileKind(f.name) === 'ip-template'))
        this.log(`INFO: ${file.name}: an IP instantiation template, kept as a reference; not built`);
      this.log(`Checked ${constraints.length} constraint file(s)`);
      return true;
    });
    const problem = topLevelProblem(job.files, job.config.target);
    if (problem) return this.failStage('SYNTHESIS', problem);
    const synthesized = await this.stage('SYNTHESIS', () =>
      this.synthesize().catch((error: unknown) => {
        if (!(error instanceof FileTooBig)) throw error;
        this.log(`ERROR: ${error.message}`);
        return this.failed(`SYNTHESIS failed: ${error.message}`);
      }),
    );
    if (synthesized !== true) return synthesized;
    for (const stage of ['ROUTE', 'BITSTREAM'] as const) {
      this.progress.stageStarted(stage);
      this.log(
        stageHeader(stage),
        stage === 'ROUTE'
          ? 'SKIPPED: place and route needs the vendor toolchain, which does not run offline in a check build.'
          : 'SKIPPED: no bitstream without place and route; this check build cannot be loaded onto the instrument.',
      );
      this.progress.stageFinished(stage, 'skipped');
    }
    this.log(`Check build finished: ${diagnosticSummary(this.diagnostics)}`);
    return { status: 'succeeded', artifacts: await this.artifacts() };
  }

  /** Runs one stage; its body returns true (succeeded) or the failed outcome. */
  private async stage(stage: StageName, body: () => Promise<true | BuildOutcome>): Promise<true | BuildOutcome> {
    this.progress.stageStarted(stage);
    this.log(stageHeader(stage));
    const result = await body();
    this.progress.stageFinished(stage, result === true ? 'succeeded' : 'failed');
    return result;
  }

  private async failStage(stage: StageName, message: string): Promise<BuildOutcome> {
    this.progress.stageStarted(stage);
    this.log(stageHeader(stage), `ERROR: ${message}`);
    this.progress.stageFinished(stage, 'failed');
    return this.failed(`${stage} failed: ${message}`);
  }

  private async failed(error: string): Promise<BuildOutcome> {
    this.log(`Check build failed: ${diagnosticSummary(this.diagnostics)}`);
    return { status: 'failed', error, artifacts: await this.artifacts() };
  }

  private addDiagnostic(diagnostic: Diagnostic, text: string): void {
    this.log(text);
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) return;
    this.diagnostics.push(diagnostic);
    this.progress.diagnostics?.([...this.diagnostics]);
  }

  private readonly mapPath: PathMapper = (raw) => {
    const relative = raw.startsWith(this.dir) ? raw.slice(this.dir.length + 1) : raw;
    const platform = /(?:^|\/)platform\/(.+)$/.exec(relative);
    if (platform) return { file: `platform/${platform[1]}`, origin: 'platform' };
    const name = relative.replace(/^src\//, '').replace(/^\.\//, '');
    return this.job.files.some((f) => f.name === name) ? { file: name, origin: 'user' } : null;
  };

  private memoryLimitMiB(): number {
    return Math.round(this.options.sandbox.memoryLimitBytes / 1024 / 1024);
  }

  /**
   * Runs a tool in the build's src/ folder (the log shows `$ label shown…`, never a path of the server);
   * its own failure (a crash, out of memory) is kept in `trouble` and logged in one line, without traces.
   * `rewrite` may restate each diagnostic as the user should see it, turn it into a plain line of the log
   * (a string), or keep it out of the diagnostics (null).
   */
  private async tool(
    label: string,
    command: string,
    args: string[],
    {
      shown = args,
      sandbox = this.options.sandbox,
      diagnostics = true,
      rewrite,
    }: {
      shown?: string[];
      sandbox?: ToolSandbox;
      /** false: a tool that only makes the estimate reports nothing as the design's (its errors are logged). */
      diagnostics?: boolean;
      rewrite?: (diagnostic: Diagnostic) => Diagnostic | string | null;
    } = {},
  ): Promise<ToolEnd> {
    if (this.cancelled) throw new Cancelled();
    this.toolError = null;
    this.log(`$ ${label} ${shown.join(' ')}`);
    // A diagnostic, or GHDL's excerpt of the source under it, quotes the design (its own
    // `report "… out of memory"`): only the tool's own words tell that it ran out.
    const screen = new ToolOutputScreen((line) => this.quotesDesign(line));
    const run = runTool({
      command,
      args,
      cwd: path.join(this.dir, 'src'),
      env: toolEnvironment(this.dir),
      budget: this.budget,
      sandbox,
      buildDir: this.dir,
      onLine: (raw) => {
        if (this.cancelled) return; // an event handler must not throw Cancelled
        const line = screen.line(raw.replaceAll(`${this.dir}/`, ''));
        if (line === null) return;
        const parsed = parseToolLine(line, this.mapPath);
        const diagnostic = parsed.diagnostic && rewrite ? rewrite(parsed.diagnostic) : parsed.diagnostic;
        if (typeof diagnostic === 'string') this.log(diagnostic);
        else if (diagnostic && diagnostics)
          this.addDiagnostic(diagnostic, rewrite || parsed.text === null ? diagnosticText(diagnostic) : parsed.text);
        else if (parsed.text !== null) this.log(parsed.text);
        if (parsed.diagnostic?.severity === 'error' && !diagnostics)
          this.toolError ??= `${parsed.diagnostic.file}:${parsed.diagnostic.line}: ${parsed.diagnostic.message}`;
      },
    });
    this.current = run;
    const end = await run.done;
    this.current = null;
    if (this.cancelled) throw new Cancelled();
    const { timeLimitMs, outputLimitBytes, outputLimitLines } = this.options;
    const problems = toolEndMessages(label, end, {
      timeLimitMs,
      outputLimitBytes,
      outputLimitLines,
      fileSizeLimitBytes: this.options.sandbox.fileSizeLimitBytes,
    });
    if (problems.length > 0) this.log(...problems);
    const trouble = screen.trouble(end);
    if (trouble) {
      this.trouble = { label, trouble };
      this.log(troubleMessage(label, trouble, this.memoryLimitMiB()));
    }
    return end;
  }

  /** The design's own memory-sounding lines (tool-output.ts), worked out when first needed. */
  private designMemoryLines: Set<string> | undefined;

  /** Whether a line of tool output is one of the design's own lines (a tool showing the source). */
  private quotesDesign(line: string): boolean {
    this.designMemoryLines ??= designMemoryLines(this.job.files);
    return this.designMemoryLines.has(line.trim());
  }

  private async synthesize(): Promise<true | BuildOutcome> {
    const { job, options } = this;
    const target = job.config.target;
    const src = path.join(this.dir, 'src');
    const platform = path.join(this.dir, 'platform');
    await mkdir(src);
    await mkdir(path.join(platform, 'moku'), { recursive: true });
    for (const file of job.files) await writeFile(path.join(src, file.name), file.content);
    for (const name of [...MOKU_LIBRARY, ...VHDL_PLATFORM])
      await writeFile(path.join(platform, name), await readFile(path.join(options.platformDir, 'vhdl', name)));
    const header = VERILOG_HEADER[target];
    if (!header) return this.failed(`SYNTHESIS failed: no platform interface for target ${target}`);
    for (const name of [header, IP_CORES_VERILOG])
      await writeFile(path.join(platform, name), await readFile(path.join(options.platformDir, 'verilog', name)));

    const vhdl = job.files.filter((f) => fileKind(f.name) === 'vhdl').map((f) => f.name);
    const verilog = job.files.filter((f) => fileKind(f.name) === 'verilog').map((f) => f.name);
    const top = findTopLevel(job.files, target)!;
    const unsafe = unsafeFileNames(job.files.map((f) => f.name));
    if (unsafe.length > 0) return this.failed(`SYNTHESIS failed: ${unsafe[0]}`);
    const ok = (end: ToolEnd) => end.reason === 'exit' && end.code === 0;
    const failure = (end: ToolEnd) => {
      const first = this.diagnostics.find((d) => d.severity === 'error' && d.origin === 'user');
      if (end.reason === 'time-limit') return this.failed('SYNTHESIS failed: the time limit was reached');
      if (end.reason === 'output-limit') return this.failed('SYNTHESIS failed: the output limit was reached');
      if (wroteTooMuch(end)) return this.failed('SYNTHESIS failed: a tool wrote a file larger than the limit');
      if (first) return this.failed(`SYNTHESIS failed: ${first.message} (${first.file}, line ${first.line})`);
      if (this.trouble)
        return this.failed(
          `SYNTHESIS failed: ${troubleOutcome(this.trouble.label, this.trouble.trouble, this.memoryLimitMiB())}`,
        );
      return this.failed('SYNTHESIS failed: see the log');
    };

    let vhdlNetlist: string | null = null;
    if (vhdl.length > 0) {
      const std = ['--std=08', '--workdir=.'];
      const ghdl = options.ghdl.path;
      // The platform library first, so user files may say `library Moku; use Moku.Support.all;`.
      const moku = MOKU_LIBRARY.map((n) => `../platform/${n}`);
      let end = await this.tool('ghdl', ghdl, ['-a', ...std, `--work=${MOKU_LIBRARY_NAME}`, ...moku]);
      if (!ok(end)) return failure(end);
      end = await this.tool('ghdl', ghdl, ['-a', ...std, ...VHDL_PLATFORM.map((n) => `../platform/${n}`)]);
      if (!ok(end)) return failure(end);
      end = await this.tool('ghdl', ghdl, ['-i', ...std, ...vhdl.map(asPath)]);
      if (!ok(end)) return failure(end);
      // Analyse in dependency order (GHDL works it out from the imported units), then the rest.
      const order: string[] = [];
      const run = runTool({
        command: ghdl,
        args: ['--elab-order', ...std, target.toLowerCase()],
        cwd: src,
        env: toolEnvironment(this.dir),
        budget: this.budget,
        sandbox: options.sandbox,
        buildDir: this.dir,
        onLine: (line) => order.push(line.trim()),
      });
      this.current = run;
      await run.done;
      this.current = null;
      const ordered = order.map((name) => name.replace(/^\.\//, '')).filter((name) => vhdl.includes(name));
      // The files GHDL left out (all of them when a unit is missing) in the order their text gives.
      const rest = dependencyOrder(job.files.filter((f) => vhdl.includes(f.name) && !ordered.includes(f.name)));
      end = await this.tool('ghdl', ghdl, ['-a', ...std, ...[...ordered, ...rest].map(asPath)]);
      if (!ok(end)) return failure(end);
      if (top.language === 'vhdl') {
        // The synthesized VHDL goes to Yosys as Verilog; unbound components stay black boxes there,
        // so a VHDL top may instantiate the project's Verilog modules (declared as components).
        const findings = new SynthesisFindings(top, job.files);
        const synth = (extra: string) => {
          const synthArgs = `--synth ${std.join(' ')}${extra} --out=verilog ${target.toLowerCase()}`;
          return this.tool('ghdl', 'sh', ['-c', `exec "$0" ${synthArgs} > ../vhdl-netlist.v`, ghdl], {
            shown: [synthArgs],
            rewrite: findings.rewrite,
          });
        };
        end = await synth('');
        // Latches are warnings (as the vendor's toolchain has them): once GHDL has named them, again with --latches.
        if (!ok(end) && findings.onlyLatches) end = await synth(' --latches');
        if (!ok(end) && findings.onlyToolLimits && end.reason === 'exit') {
          // What GHDL cannot synthesize it can still elaborate as a simulator would: the design is checked.
          const args = ['--elab-run', ...std, target.toLowerCase(), '--no-run'];
          end = await this.tool('ghdl', ghdl, args, { rewrite: findings.rewrite });
          if (!ok(end)) return failure(end);
          this.log(
            'The design was analysed and elaborated; the resource estimate is skipped (see the platform notes above)',
          );
          return true;
        }
        // GHDL's synthesis failing on its own, with nothing wrong found in the design: what it checked stands.
        // Out of memory, it has not checked the design: that stays a (tool) failure.
        if (!ok(end) && this.trouble?.trouble.kind === 'crash' && !this.userErrors())
          return this.estimateSkipped(
            top.file,
            `GHDL's synthesis ${this.troubleWords()}, so the design's elaboration and resource estimate were skipped`,
          );
        if (!ok(end)) return failure(end);
        vhdlNetlist = (await readToolFile(path.join(this.dir, 'vhdl-netlist.v'))).toString('utf8');
        await copyFile(path.join(this.dir, 'vhdl-netlist.v'), path.join(src, '.vhdl-netlist.v'));
        this.log(`GHDL synthesized ${target} (${vhdlNetlist.split('\n').length} lines of Verilog for Yosys)`);
      }
    }
    if (top.language === 'verilog') {
      const checked = await checkVerilogTop(this.verilogCheck, top.file, verilog, header);
      if (checked === 'no-verilator')
        return this.failed('SYNTHESIS failed: checking Verilog needs Verilator: apt-get install verilator');
      if (checked === 'failed') return failure({ reason: 'exit', code: 1 });
      const first = checked.find((d) => d.severity === 'error');
      if (first) return this.failed(`SYNTHESIS failed: ${first.message} (${first.file}, line ${first.line})`);
    }
    if (top.language === 'verilog' || verilog.length > 0 || vhdlNetlist) {
      await copyFile(path.join(platform, IP_CORES_VERILOG), path.join(src, '.ip-cores.v'));
      const script = yosysScript({
        target,
        blackBoxes: '.ip-cores.v',
        verilog,
        vhdlNetlist: vhdlNetlist ? '.vhdl-netlist.v' : null,
      });
      const yosys = yosysCommand(options.sandbox, ['-q', '-p', script]);
      // For a VHDL top GHDL checked the design, for a Verilog top Verilator did: Yosys only makes the
      // estimate, and whatever stops it is a limit of the check (but Yosys checks a VHDL top's Verilog modules).
      const estimateOnly = top.language === 'verilog';
      const end = await this.tool('yosys', yosys.command, yosys.args, {
        shown: ['-q', '-p', `'${script}'`],
        sandbox: yosys.sandbox,
        diagnostics: !estimateOnly,
      });
      const stopped = end.reason === 'exit' ? end.code !== 0 : end.reason === 'signal' && !wroteTooMuch(end);
      if (stopped && !this.userErrors()) {
        const why = this.trouble
          ? this.troubleWords()
          : `could not read the design${this.toolError ? ` (${this.toolError})` : ''}`;
        return this.estimateSkipped(top.file, `Yosys ${why}, so the resource estimate was skipped`);
      }
      if (!ok(end)) return failure(end);
      const netlist = JSON.parse((await readToolFile(path.join(src, 'netlist.json'))).toString('utf8')) as NetlistCells;
      const blackBoxes = blackBoxLines(ipCoresUsed(netlist));
      if (blackBoxes.length > 0) this.log(...blackBoxes);
      const report = (await readToolFile(path.join(src, 'resources.rpt'))).toString('utf8');
      this.log('Resource report (Yosys generic cells):', ...reportLines(report));
      this.log(resourceSummary(report));
    }
    return true;
  }

  /** What the Verilog check (verilog-check.ts) may do with this build. */
  private readonly verilogCheck: VerilogCheckContext = {
    target: () => this.job.config.target,
    verilator: () => this.options.verilator ?? null,
    file: (name) => this.job.files.find((f) => f.name === name)!,
    tool: (label, command, args, diagnostics) => this.tool(label, command, args, { diagnostics }),
    userErrors: () => this.userErrors(),
    addDiagnostic: (diagnostic, text) => this.addDiagnostic(diagnostic, text),
    readBuildFile: async (name) => (await readToolFile(path.join(this.dir, name))).toString('utf8'),
  };

  private userErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error' && d.origin === 'user');
  }

  /** What went wrong with the tool, in words that follow its name. */
  private troubleWords(): string {
    const trouble = this.trouble?.trouble;
    if (trouble?.kind === 'out-of-memory')
      return `ran out of memory (the design is too large for the check's ${this.memoryLimitMiB()} MiB)`;
    return 'stopped on an internal error';
  }

  /** The check stops short of a resource estimate, and says so in a platform note on the design's top level. */
  private estimateSkipped(file: string, what: string): true {
    const content = this.job.files.find((f) => f.name === file)!;
    const note = platformNote(file, topLevelLine(content, this.job.config.target), what);
    this.trouble = null;
    this.addDiagnostic(note.diagnostic, note.text);
    return true;
  }

  private artifacts(): Promise<ArtifactFile[]> {
    return collectArtifacts(
      path.join(this.dir, 'src'),
      `Check build summary: ${diagnosticSummary(this.diagnostics)}`,
      this.full,
      (line) => this.log(line),
    );
  }
}
