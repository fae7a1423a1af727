import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { loadSeedData, type SeedData } from '../../src/mock/fixtures.js';

export const ADA = 'ada@example.com';
export const GRACE = 'grace@example.com';

/**
 * A small fixture folder in the format of fixtures/README.md: two projects for Ada (one that
 * fails in SYNTHESIS), one for Grace, one example, short stage logs and reports. The real
 * fixtures/users.yaml is copied so the identity provider has its users.
 */
export async function writeTestFixtures(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mock-api-fixtures-'));
  const put = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };
  await cp(path.join(REPO_ROOT, 'fixtures/users.yaml'), path.join(dir, 'users.yaml'));
  await put(
    'build-configs.yaml',
    `os_versions: ["4.1.1", "4.0.0"]
hardware:
  - { id: mk-go, name: Moku Go, clock_mhz: 31.25, slots: [2, 3] }
  - { id: mk-pro, name: Moku Pro, clock_mhz: 312.5, slots: [4] }
targets:
  - { id: CustomInstrument, name: Custom Instrument, legacy: false, description: Current interface }
  - { id: CustomWrapper, name: Custom Wrapper, legacy: true, description: Legacy interface }
interpolation: { default: false, description: Interpolate outputs }
`,
  );
  await put(
    'projects/adder/project.yaml',
    `name: Adder
owners: [ada@example.com, grace@example.com]
config: { hardware: mk-pro, slots: 4, os_version: "4.1.1", target: CustomInstrument, interpolation: false }
created_days_ago: 30
updated_days_ago: 2
history: 4
`,
  );
  await put(
    'projects/adder/files/adder.vhd',
    'architecture rtl of CustomInstrument is\nbegin\n  OutputA <= InputA + InputB;\nend architecture;\n',
  );
  await put('projects/adder/files/top.xdc', '# constraints\n');
  await put(
    'projects/limiter/project.yaml',
    `name: Limiter
owners: [ada@example.com]
config: { hardware: mk-go, slots: 2, os_version: "4.0.0", target: CustomWrapper, interpolation: true }
created_days_ago: 10
updated_days_ago: 1
history: 2
build_error: { stage: SYNTHESIS, file: limiter.vhd, line: 27, message: 'syntax error near "end"' }
`,
  );
  await put('projects/limiter/files/limiter.vhd', 'architecture rtl of CustomWrapper is\nbegin\nend\n');
  await put(
    'projects/empty/project.yaml',
    `name: Empty
owners: [grace@example.com]
config: { hardware: mk-go, slots: 3, os_version: "4.1.1", target: CustomInstrument, interpolation: false }
created_days_ago: 5
updated_days_ago: 5
history: 0
`,
  );
  await put(
    'examples/moving-average/example.yaml',
    'name: Moving Average\ndescription: Averages InputA.\nlanguage: vhdl\n',
  );
  await put('examples/moving-average/files/moving_average.vhd', 'architecture rtl of CustomInstrument is begin end;\n');
  for (const stage of ['ip', 'synthesis', 'route', 'bitstream']) {
    const lines = [
      `==> Stage: ${stage.toUpperCase()}`,
      `INFO: ${stage} for {{project}} on {{hardware}} ({{slots}} slots, OS {{os_version}})`,
    ];
    for (let i = 0; i < 20; i++) lines.push(`INFO: [${stage} ${i}] step ${i} of build {{build_id}}`);
    lines.push(`INFO: reading /project/src/{{file}}`);
    await put(`build-logs/${stage}.log`, `${lines.join('\n')}\n`);
  }
  for (const report of ['summary', 'utilization', 'timing_summary', 'timing']) {
    await put(`artifacts/${report}.rpt`, `${report} report for {{project}} ({{build_id}}) on {{hardware}}\n`);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The test fixtures' seed data for a file's tests that build a Sandbox directly: written before
 * them, removed after. Call at the top of a describe; read the seed inside the tests.
 */
export function useTestSeed(): () => SeedData {
  let seed: SeedData | undefined;
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fixtures = await writeTestFixtures();
    remove = fixtures.remove;
    seed = await loadSeedData(fixtures.dir);
  });
  afterAll(() => remove?.());
  return () => {
    if (!seed) throw new Error('the test seed is read before its beforeAll ran');
    return seed;
  };
}
