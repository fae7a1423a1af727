import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StageName } from '../../domain.js';
import type { ArtifactFile } from '../artifacts.js';
import { collectArtifacts } from './build-artifacts.js';
import { makeBuildFolder } from './build-folders.js';
import { diagnosticSummary, diagnosticText, parseToolLine, type Diagnostic, type PathMapper } from '../diagnostics.js';
import { fileKind, findBodyOnlyTop, findTopLevel, topLevelProblem, unsafeFileNames } from '../hdl-project.js';
import { stageHeader } from '../log-templates.js';
import { publicErrorMessage } from '../public-error.js';
import type { BuildJob, BuildOutcome, BuildProgress } from '../runner.js';
import { BuildBudget, runTool, toolEnvironment, type ToolEnd, type ToolRun } from './tool-process.js';
import { ToolOutputScreen, troubleMessage, troubleOutcome, type ToolTrouble } from './tool-failure.js';
import { FileTooBig, designMemoryLines, readToolFile, toolEndMessages, wroteTooMuch } from './tool-output.js';
import { IP_CORES_VERILOG, MOKU_LIBRARY, VHDL_PLATFORM } from './platform-files.js';
import { checkConstraints } from './toolchain-steps.js';
import type { ToolSandbox } from './bubblewrap.js';
import { checkBuildHeader, type ToolchainRunnerOptions } from './toolchain-options.js';
import { platformNote, topLevelLine } from './platform-notes.js';
import { checkVerilogTop, type VerilogCheckContext } from './verilog-check.js';
import { checkVhdl } from './vhdl-check.js';
import { entityInstanceRewrite, type UndescribedEntity } from './vhdl-entity-stubs.js';
import { VHDL_ENTITY_STUBS, writeEntityStubs } from './vhdl-entity-stubs.js';
import type { VhdlEntity } from './vhdl-entity-xml.js';
import type { SynthesisContext } from './synthesis-context.js';
import { estimateWithYosys } from './yosys-estimate.js';

const VERILOG_HEADER: Record<string, string> = {
  CustomInstrument: 'custom-instrument.v',
  CustomInstrumentInterlaced: 'custom-instrument-interlaced.v',
  CustomWrapper: 'custom-wrapper.v',
};
/** Diagnostics kept per build: a flood of warnings must not grow memory without bound. */
const MAX_DIAGNOSTICS = 1000;

class Cancelled extends Error {}

/** One build's run: its directory, budget, log and diagnostics. */
export class ToolchainBuild {
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
    this.log(...checkBuildHeader(this.job, this.options, this.budget.outputLimitLines, this.memoryLimitMiB()));
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
    const top = findTopLevel(job.files, target) ?? findBodyOnlyTop(job.files, target)!;
    const unsafe = unsafeFileNames(job.files.map((f) => f.name));
    if (unsafe.length > 0) return this.failed(`SYNTHESIS failed: ${unsafe[0]}`);

    let vhdlNetlist: string | null = null;
    let entities: VhdlEntity[] = [];
    let undescribed: UndescribedEntity[] = [];
    if (vhdl.length > 0) {
      const checked = await checkVhdl(this.synthesis, options.ghdl.path, vhdl, top);
      if ('done' in checked) return checked.done;
      vhdlNetlist = checked.netlist;
      entities = await writeEntityStubs(this.dir, job.files, checked.entities, (line) => this.log(line));
      undescribed = checked.undescribed;
    }
    const mixed = entities.length > 0 ? { stubs: `.${VHDL_ENTITY_STUBS}`, entities } : null;
    if (top.language === 'verilog') {
      const libraries = mixed ? [`../${VHDL_ENTITY_STUBS}`] : [];
      const rewrite = undescribed.length > 0 ? entityInstanceRewrite(undescribed) : undefined;
      const checked = await checkVerilogTop(this.verilogCheck, top, verilog, header, libraries, rewrite);
      if (checked === 'no-verilator')
        return this.failed('SYNTHESIS failed: checking Verilog needs Verilator: apt-get install verilator');
      if (checked === 'failed') return this.failure({ reason: 'exit', code: 1 });
      const first = checked.find((d) => d.severity === 'error');
      if (first) return this.failed(`SYNTHESIS failed: ${first.message} (${first.file}, line ${first.line})`);
    }
    if (top.language === 'verilog' || verilog.length > 0 || vhdlNetlist)
      return estimateWithYosys(this.synthesis, options.sandbox, verilog, vhdlNetlist, top, mixed);
    return true;
  }

  /** The build fails because of how a synthesis tool ended. */
  private failure(end: ToolEnd): Promise<BuildOutcome> {
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
  }

  /** What the synthesis steps (vhdl-check.ts, yosys-estimate.ts) may do with this build. */
  private readonly synthesis: SynthesisContext = {
    job: () => this.job,
    dir: () => this.dir,
    tool: (label, command, args, call) => this.tool(label, command, args, call),
    toolLines: async (command, args, onLine) => {
      const run = runTool({
        command,
        args,
        cwd: path.join(this.dir, 'src'),
        env: toolEnvironment(this.dir),
        budget: this.budget,
        sandbox: this.options.sandbox,
        buildDir: this.dir,
        onLine,
      });
      this.current = run;
      await run.done;
      this.current = null;
    },
    log: (...lines) => this.log(...lines),
    failed: (error) => this.failed(error),
    failure: (end) => this.failure(end),
    troubleKind: () => this.trouble?.trouble.kind ?? null,
    troubleWords: () => this.troubleWords(),
    toolError: () => this.toolError,
    userErrors: () => this.userErrors(),
    addDiagnostic: (diagnostic, text) => this.addDiagnostic(diagnostic, text),
    estimateSkipped: (file, what) => this.estimateSkipped(file, what),
  };

  /** What the Verilog check (verilog-check.ts) may do with this build. */
  private readonly verilogCheck: VerilogCheckContext = {
    target: () => this.job.config.target,
    verilator: () => this.options.verilator ?? null,
    file: (name) => this.job.files.find((f) => f.name === name)!,
    tool: (label, command, args, diagnostics, place) =>
      this.tool(label, command, args, { diagnostics, rewrite: place }),
    log: (...lines) => this.log(...lines),
    writeSource: (name, content) => writeFile(path.join(this.dir, 'src', name), content),
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
