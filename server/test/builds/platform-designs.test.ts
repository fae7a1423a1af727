import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/mock/builds/diagnostics.js';
import { GHDL_MISSING } from '../../src/mock/builds/select-runner.js';
import { REAL_CONVERSION_LIMIT, realFunctionLimit } from '../../src/mock/builds/toolchain/vhdl-synthesis.js';
import type { ProjectConfig, SourceFile } from '../../src/mock/domain.js';
import { cores, ghdl, startBuild, toolchainRunner, type Finished } from './toolchain-harness.js';

// The project's own designs (designs/platform/, one folder each), one per construct of the platform that real
// designs use: Moku.Support's functions and components, the interlaced target, IP cores as black boxes,
// real constants, files in reverse dependency order, a latch, a .vhdl file. Each is built by the real
// toolchain, concurrently, and must end with the status and diagnostics the vendor's toolchain would give.

const DESIGNS = path.join(path.dirname(new URL(import.meta.url).pathname), 'designs', 'platform');
const config = (target = 'CustomInstrument'): ProjectConfig => ({
  hardware: 'Moku:Pro',
  slots: 4,
  os_version: '4.1.1',
  target,
  interpolation: false,
});

/** A design's files in upload order: by name (reverse-order/ names its files so that this is backwards). */
function files(design: string): SourceFile[] {
  const dir = path.join(DESIGNS, design);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(dir, name), 'utf8') }));
}

const TARGETS: Record<string, string> = { interlaced: 'CustomInstrumentInterlaced' };
const designs = readdirSync(DESIGNS).sort();

/** reverse-order/ with a unit misnamed in its middle file: GHDL then gives no elaboration order at all. */
const TYPO = 'reverse-order with a misnamed unit';
const withTypo = () =>
  files('reverse-order').map((f) =>
    f.name === 'b-averager.vhd' ? { ...f, content: f.content.replace('work.AverageTypes', 'work.AverageType') } : f,
  );

let tmpRoot: string;
let builds: Map<string, Promise<Finished>>;

beforeAll(async () => {
  if (!ghdl) throw new Error(GHDL_MISSING);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'platform-designs-'));
  const runner = toolchainRunner(tmpRoot);
  builds = new Map(
    designs.map((design) => [design, startBuild(runner, design, config(TARGETS[design]), files(design)).done]),
  );
  builds.set(TYPO, startBuild(runner, TYPO, config(), withTypo()).done);
});
afterAll(async () => {
  // Each build's own time (from its first stage), so a slower pipeline shows in the test output.
  const times = await Promise.all(
    [...(builds ?? [])].map(async ([name, done]) => {
      const f = await done;
      return `${name}: ${((f.finishedAt - f.startedAt) / 1000).toFixed(1)} s`;
    }),
  );
  process.stdout.write(`platform designs (${cores} at once):\n  ${times.join('\n  ')}\n`);
  if (tmpRoot) await rm(tmpRoot, { recursive: true, force: true });
}, 300_000); // it waits for every build, also those of tests left out by -t

const errors = (built: Finished) => built.diagnostics.filter((d) => d.severity === 'error');
const warnings = (built: Finished) => built.diagnostics.filter((d) => d.severity === 'warning');
const notes = (built: Finished) => built.diagnostics.filter((d) => d.severity === 'note');
const inUserFiles = (built: Finished) => built.diagnostics.filter((d) => d.origin === 'user');

/** A successful check build with no error, whose diagnostics all sit on a real line. */
async function succeeded(design: string): Promise<Finished> {
  const built = await builds.get(design)!;
  expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
  expect(errors(built)).toEqual([]);
  expect(built.stages).toEqual({ IP: 'succeeded', SYNTHESIS: 'succeeded', ROUTE: 'skipped', BITSTREAM: 'skipped' });
  for (const d of built.diagnostics) expect(d.line, JSON.stringify(d)).toBeGreaterThan(0);
  return built;
}

const lineOf = (design: string, file: string, text: string) =>
  readFileSync(path.join(DESIGNS, design, file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

describe('designs that use the platform build as on the instrument', { timeout: 300_000 }, () => {
  it('knows every design folder', () => {
    expect(designs).toEqual([
      'concatenation-own-array',
      'interlaced',
      'ip-core-signed',
      'ip-cores',
      'latch',
      'moku-functions',
      'moku-interpolator',
      'moku-scale-offset',
      'real-constants',
      'real-conversion',
      'reverse-order',
      'scale-offset-conversion',
      'scale-offset-registers',
      'signed-concatenation',
      'unassigned-port',
      'user-component-mismatch',
      'vhdl-extension',
    ]);
  });

  it.each(['moku-functions', 'moku-scale-offset', 'moku-interpolator', 'vhdl-extension'])(
    '%s: builds with no warning in the user files',
    async (design) => {
      const built = await succeeded(design);
      expect(inUserFiles(built)).toEqual([]);
      expect(built.log.join('\n')).toMatch(/Resources: [1-9]\d* cells/);
    },
  );

  it('interlaced: INPUT_/OUTPUT_INTERLACING_FACTOR are visible in the architecture', async () => {
    const built = await succeeded('interlaced');
    expect(inUserFiles(built)).toEqual([]);
  });

  it('ip-cores: the cores are black boxes, listed in the log, and no IP is synthesized', async () => {
    const built = await succeeded('ip-cores');
    expect(inUserFiles(built)).toEqual([]);
    expect(built.log).toContain('Black box: FFT_1024 (1 instance), a pre-compiled IP core of the platform');
    expect(built.log).toContain('Black box: Counter_32 (1 instance), a pre-compiled IP core of the platform');
    expect(built.log.join('\n')).toContain('No IP core was synthesized');
    // Yosys kept them as cells of the design: the logic around them was synthesized, not swept away.
    const netlist = built.outcome.artifacts?.find((a) => a.name === 'netlist.json')?.content.toString('utf8') ?? '';
    expect(netlist).toContain('"type": "FFT_1024"');
  });

  it("ip-core-signed: signed signals on IP cores' std_logic_vector ports are converted, each a platform note", async () => {
    const built = await succeeded('ip-core-signed');
    const file = 'smoothed-sum.vhd';
    const at = (text: string) => lineOf('ip-core-signed', file, text);
    expect(warnings(built)).toEqual([]);
    // GHDL names one refused association per instance and pass: the FIR's input and the adder's A, then the
    // FIR's output and the adder's B, then the adder's S.
    const fir = ['s_axis_data_tdata => InputA', 'm_axis_data_tdata => Smoothed'].map(at);
    const adder = at('A => Smoothed(23');
    expect(notes(built).map((n) => n.line)).toEqual([fir[0], adder, fir[1], adder, adder]);
    expect(notes(built).every((n) => n.file === file)).toBe(true);
    expect(notes(built)[0]!.message).toBe(
      'the vendor\'s toolchain connects this signed signal to the std_logic_vector port "s_axis_data_tdata" of the ' +
        "platform's FIR_Filter_7coef as it is; GHDL needs a type conversion there, so the check adds one: " +
        'a limit of the check, not an error in your design',
    );
    // Checked in full: GHDL synthesized the design and Yosys counted the logic around the cores.
    expect(built.log.join('\n')).toMatch(/Resources: [1-9]\d* cells/);
    expect(built.log).toContain('Black box: FIR_Filter_7coef (1 instance), a pre-compiled IP core of the platform');
  });

  it("scale-offset-conversion: signed(Control(n)(…)) into ScaleOffset's unconstrained ports is checked in full", async () => {
    const built = await succeeded('scale-offset-conversion');
    const at = (text: string) => lineOf('scale-offset-conversion', 'trim.vhd', text);
    expect(warnings(built)).toEqual([]);
    const lines = [
      at('Scale => signed(Control(0)'),
      at('Scale => signed(Control(0)'),
      at('Scale => signed(Control(1)'),
    ];
    expect(notes(built).map((n) => n.line)).toEqual([...lines, at('Offset => signed(Control(1)')]);
    expect(notes(built)[0]!.message).toMatch(
      /^the vendor's toolchain takes signed\(…\) as it is on the unconstrained port "Scale" of the platform's ScaleOffset; GHDL needs a constrained type there/,
    );
    expect(built.log.join('\n')).toMatch(/Resources: [1-9]\d* cells/);
  });

  it('concatenation-own-array: "&" made ambiguous by the design\'s own array is read as Vivado reads it', async () => {
    const built = await succeeded('concatenation-own-array');
    const line = lineOf('concatenation-own-array', 'history.vhd', 'std_logic_vector(Im & Re)');
    expect(warnings(built)).toEqual([]);
    expect(notes(built).map((n) => [n.file, n.line])).toEqual([['history.vhd', line]]);
    expect(notes(built)[0]!.message).toMatch(
      /^the vendor's toolchain reads this "&" as a signed concatenation \(the type of "Im"\)/,
    );
    expect(built.log.join('\n')).toMatch(/Resources: [1-9]\d* cells/);
  });

  it("user-component-mismatch: the same association at the user's own component fails at its file:line", async () => {
    const built = await builds.get('user-component-mismatch')!;
    expect(built.outcome.status).toBe('failed');
    expect(notes(built)).toEqual([]);
    expect(errors(built)[0]).toMatchObject({
      file: 'mismatch.vhd',
      line: lineOf('user-component-mismatch', 'mismatch.vhd', 'D => InputA'),
      message: "can't associate 'inputa' with port \"d\"",
      origin: 'user',
    });
  });

  it('signed-concatenation: std_logic_vector(InputA & InputB) has one meaning outside the interlaced target', async () => {
    // The interlaced target's sample array (elements signed) would give "&" a second meaning: GHDL refused
    // the vendor's CORDIC example for it ("can't resolve overload for operator &").
    const built = await succeeded('signed-concatenation');
    expect(inUserFiles(built)).toEqual([]);
    expect(built.log).toContain('Black box: Cordic_Translate_16 (1 instance), a pre-compiled IP core of the platform');
  });

  it('reverse-order: files uploaded against their dependency order are analysed in that order', async () => {
    const built = await succeeded('reverse-order');
    expect(inUserFiles(built)).toEqual([]);
  });

  it('reverse-order with a misnamed unit: the errors are in that file, first where the name is', async () => {
    const built = await builds.get(TYPO)!;
    expect(built.outcome.status).toBe('failed');
    expect(errors(built)[0]).toMatchObject({
      file: 'b-averager.vhd',
      line: lineOf('reverse-order', 'b-averager.vhd', 'use work.AverageTypes.all'),
      message: 'unit "averagetype" not found in library "work"',
    });
    // Not the files analysed before their dependencies had been (upload order: a-top.vhd first).
    expect(new Set(errors(built).map((d) => d.file))).toEqual(new Set(['b-averager.vhd']));
  });

  it('latch: a warning at the latch, and the build succeeds', async () => {
    const built = await succeeded('latch');
    expect(warnings(built)).toContainEqual<Diagnostic>(
      expect.objectContaining({
        file: 'hold.vhd',
        line: lineOf('latch', 'hold.vhd', 'process (ExtTrig, InputA)'),
        origin: 'user',
        message: expect.stringContaining('latch inferred for "OutputA"'),
      }),
    );
    expect(built.log.join('\n')).not.toContain('use --latches');
  });

  it('real-constants: math_real in a package is checked; GHDL not computing it is a platform note, said once', async () => {
    const built = await succeeded('real-constants');
    expect(warnings(built)).toEqual([]);
    expect(notes(built)).toEqual([
      expect.objectContaining({
        file: 'filter-constants.vhd',
        line: lineOf('real-constants', 'filter-constants.vhd', 'constant ALPHA'),
        message: realFunctionLimit('exp'),
        origin: 'user',
      }),
    ]);
    expect(built.log.join('\n')).toContain('The design was analysed and elaborated; the resource estimate is skipped');
  });

  it('real-conversion: a conversion GHDL cannot synthesize is its limit, not the design’s error', async () => {
    const built = await succeeded('real-conversion');
    expect(warnings(built)).toEqual([]);
    expect(notes(built)).toEqual([
      expect.objectContaining({
        file: 'gain-real.vhd',
        line: lineOf('real-conversion', 'gain-real.vhd', 'return integer(real(Sample)'),
        message: REAL_CONVERSION_LIMIT,
        origin: 'user',
      }),
    ]);
    expect(built.log.join('\n')).toContain('the resource estimate is skipped');
  });

  it('unassigned-port: "no assignment" for an output is filed at the user’s architecture', async () => {
    const built = await succeeded('unassigned-port');
    const about = built.diagnostics.filter((d) => /outputd/i.test(d.message));
    expect(about).toEqual([
      expect.objectContaining({
        file: 'partial.vhd',
        line: lineOf('unassigned-port', 'partial.vhd', 'architecture Partial of CustomInstrument'),
        severity: 'warning',
        origin: 'user',
      }),
    ]);
    expect(built.diagnostics.filter((d) => d.origin === 'platform')).toEqual([]);
  });

  it('scale-offset-registers: IN_REG with MID_REG fails at the instance, in the user’s file', async () => {
    const built = await builds.get('scale-offset-registers')!;
    expect(built.outcome.status).toBe('failed');
    const line = lineOf('scale-offset-registers', 'double-register.vhd', 'Scale : ScaleOffset');
    expect(errors(built)).toEqual([expect.objectContaining({ file: 'double-register.vhd', line, origin: 'user' })]);
    expect(built.outcome.status === 'failed' && built.outcome.error).toContain(`(double-register.vhd, line ${line})`);
  });
});
