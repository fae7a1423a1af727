import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';

/**
 * The import rules (.dependency-cruiser.cjs, `npm run lint:deps` in `npm test`) as CI applies them:
 * a planted back-import, a reach past builds/index.ts and a cycle each fail them, one-way imports
 * pass, and so does the real tree.
 */

const CONFIG = path.join(REPO_ROOT, '.dependency-cruiser.cjs');

async function violationsIn(baseDir: string, options: Partial<ICruiseOptions> = {}): Promise<IViolation[]> {
  const configured = await extractDepcruiseOptions(CONFIG);
  // The rules' paths are relative to the folder cruised from: a fixture tree lays out server/src … itself.
  const cwd = process.cwd();
  process.chdir(baseDir);
  try {
    const parts = ['server/src', 'client/src', 'cli/src'].filter((part) => existsSync(path.join(baseDir, part)));
    // The client's tsconfig maps its '@/' imports; a fixture tree has none (and only relative imports).
    const tsConfigFile = path.join(baseDir, 'client/tsconfig.json');
    const { tsConfig, ...rest } = configured;
    const withTsConfig = existsSync(tsConfigFile);
    const result = await cruise(
      parts,
      { ...rest, ...(withTsConfig ? { tsConfig } : {}), ...options, validate: true, outputType: 'json' },
      {},
      withTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
    );
    return (JSON.parse(result.output as string) as ICruiseResult).summary.violations;
  } finally {
    process.chdir(cwd);
  }
}

describe('the import rules', () => {
  let tree: string;

  /** Writes a fixture tree under a fresh temporary folder: path → source. */
  async function plant(files: Record<string, string>): Promise<string> {
    const root = await fs.mkdtemp(path.join(tree, 'tree-'));
    for (const [file, source] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), source);
    }
    return root;
  }

  const ruleNames = (violations: IViolation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

  beforeAll(async () => {
    tree = await fs.mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
  });
  afterAll(() => fs.rm(tree, { recursive: true, force: true }));

  it('let imports run one way: store → builds/index.ts → builds/ → state/', async () => {
    const root = await plant({
      'server/src/mock/state/state-store.ts': 'export interface StateStore { read(): string }\n',
      'server/src/mock/builds/dispatcher.ts':
        "import type { StateStore } from '../state/state-store.js';\nexport const dispatch = (store: StateStore) => store.read();\n",
      'server/src/mock/builds/index.ts': "export { dispatch } from './dispatcher.js';\n",
      'server/src/mock/store/registry.ts':
        "import { dispatch } from '../builds/index.js';\nexport const run = dispatch;\n",
    });
    expect(ruleNames(await violationsIn(root))).toEqual([]);
  });

  it('reject a back-import: builds/ importing the store', async () => {
    const root = await plant({
      'server/src/mock/store/sandbox.ts': 'export interface Sandbox { id: string }\n',
      // A type-only import counts too: the dispatcher once knew the Sandbox class this way.
      'server/src/mock/builds/dispatcher.ts':
        "import type { Sandbox } from '../store/sandbox.js';\nexport const idOf = (s: Sandbox) => s.id;\n",
    });
    expect(ruleNames(await violationsIn(root))).toEqual([
      'builds-below-store: server/src/mock/builds/dispatcher.ts → server/src/mock/store/sandbox.ts',
    ]);
  });

  it('reject a back-import between layers of the gateway: a plugin reaching into a mode', async () => {
    const root = await plant({
      'server/src/proxy/identity-paths.ts': "export const PATHS = ['/app'];\n",
      'server/src/plugins/spa.ts':
        "import { PATHS } from '../proxy/identity-paths.js';\nexport const first = PATHS[0];\n",
    });
    expect(ruleNames(await violationsIn(root))).toEqual([
      'plugins-below-modes: server/src/plugins/spa.ts → server/src/proxy/identity-paths.ts',
    ]);
  });

  it("reject a reach past builds/index.ts into a build's internals", async () => {
    const root = await plant({
      'server/src/mock/builds/toolchain/bubblewrap.ts': 'export const bwrap = 1;\n',
      'server/src/mock/builds/index.ts': 'export {};\n',
      'server/src/mock/store/sandbox.ts':
        "import { bwrap } from '../builds/toolchain/bubblewrap.js';\nexport const b = bwrap;\n",
    });
    expect(ruleNames(await violationsIn(root))).toEqual([
      'builds-public-surface: server/src/mock/store/sandbox.ts → server/src/mock/builds/toolchain/bubblewrap.ts',
    ]);
  });

  it('reject an import cycle in any part (here the client and the CLI)', async () => {
    const root = await plant({
      'client/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'client/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'cli/src/x.ts': "import type { Y } from './y.js';\nexport interface X { y?: Y }\n",
      'cli/src/y.ts': "import type { X } from './x.js';\nexport interface Y { x?: X }\n",
    });
    // One violation per cycle; the type-only one in the CLI counts too.
    expect(ruleNames(await violationsIn(root)).sort()).toEqual([
      'no-circular: cli/src/x.ts → cli/src/y.ts',
      'no-circular: client/src/lib/a.ts → client/src/lib/b.ts',
    ]);
  });

  it('pass on the real tree', { timeout: 180_000 }, async () => {
    const violations = await violationsIn(REPO_ROOT);
    expect(ruleNames(violations.filter((v) => v.rule.severity === 'error'))).toEqual([]);
  });
});
