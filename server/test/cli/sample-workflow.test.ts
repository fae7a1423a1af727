import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import cliPackagePlugin, { CLI_PACKAGE_PATH } from '../../src/plugins/cli-package.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { apiGet, createApiKey } from './support.js';
import { runWorkflowSteps } from './workflow-steps.js';

const WORKFLOW = path.join(REPO_ROOT, '.github/examples/cloud-compile-build.yml');

/** The runner's environment without anything of this test run's npm or GitHub settings. */
function runnerEnv(npmPrefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|GITHUB_|CLOUD_COMPILE_|INIT_CWD|NODE_OPTIONS|VITEST)/i.test(name)) env[name] = value;
  }
  // setup-node's global folder: `npm install --global` puts cloud-compile in its bin/, which is on PATH.
  return { ...env, npm_config_prefix: npmPrefix, PATH: `${path.join(npmPrefix, 'bin')}:${process.env.PATH ?? ''}` };
}

// The sample workflow's steps exactly as written, with bash, against a gateway that serves the packed
// command (npm run pack:cli), signed in with an API key made for it: the install, create-if-missing,
// build and artifact steps of a new repository's first run (issue 35, items 1 and 2).
describe('the sample GitHub Actions workflow runs as written', { timeout: 300_000 }, () => {
  let gateway: TestGateway;
  let work: string;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'scripts/pack-cli.mjs')], { cwd: REPO_ROOT });
    gateway = await startApiGateway({ MOCK_BUILD_STEP_MS: '20' });
    work = await mkdtemp(path.join(os.tmpdir(), 'sample-workflow-'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([gateway?.stop(), work && rm(work, { recursive: true, force: true })]);
  });

  it('installs the command from the gateway, creates the project, builds it and downloads the artifacts', async () => {
    const checkout = path.join(work, 'repository');
    await mkdir(path.join(checkout, 'hdl'), { recursive: true });
    await writeFile(
      path.join(checkout, 'hdl/top.vhd'),
      'architecture rtl of CustomInstrument is\nbegin\n  OutputA <= InputA;\nend architecture;\n',
    );
    const npmPrefix = path.join(work, 'npm-global');
    const { key } = await createApiKey(gateway.baseUrl, ADA, ['projects:write', 'builds:queue']);
    const project = 'FPGA repo (CI)';

    const steps = await runWorkflowSteps({
      workflowFile: WORKFLOW,
      job: 'build',
      cwd: checkout,
      contexts: {
        vars: { CLOUD_COMPILE_URL: gateway.baseUrl, CLOUD_COMPILE_PROJECT: project },
        secrets: { CLOUD_COMPILE_API_KEY: key },
      },
      baseEnv: runnerEnv(npmPrefix),
    });

    for (const step of steps) expect(step.code, `${step.name}:\n${step.output}`).toBe(0);
    expect(steps.map((s) => s.name)).toEqual([
      'Install cloud-compile',
      'Push the sources',
      'Build',
      'Download the artifacts',
    ]);
    // Installed from the gateway's tarball into the global folder, not taken from this checkout.
    expect(existsSync(path.join(npmPrefix, 'bin/cloud-compile'))).toBe(true);
    expect(steps[1]!.output).toMatch(/^Created project FPGA repo \(CI\) \([0-9a-f]{24}\)$/m);
    expect(steps[2]!.output).toMatch(/^Build [0-9a-f]{7} succeeded in \d+s$/m);
    const projects = await apiGet<{ id: string; name: string }[]>(gateway.baseUrl, key, '/api/projects');
    expect(projects.filter((p) => p.name === project)).toHaveLength(1);
    expect(await readdir(path.join(checkout, 'build-artifacts'))).toContain('bitstreams.tar');
  });
});

describe('the command package route', () => {
  it('says how to make the package when the server has none (404)', async () => {
    const app = Fastify();
    await app.register(cliPackagePlugin, { file: path.join(os.tmpdir(), 'no-such-dir', 'cloud-compile-cli.tgz') });
    const response = await app.inject({ method: 'GET', url: CLI_PACKAGE_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.stringContaining('npm run pack:cli') });
    await app.close();
  });
});
