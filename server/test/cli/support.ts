import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../src/config.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';

/** The command as a checkout runs it (`npx cloud-compile`): the bin, through tsx. */
export const CLI_BIN = path.join(REPO_ROOT, 'cli/bin/cloud-compile.js');

/**
 * The command as a packaged install runs it: the bundle `npm run build -w cli` writes. Built once
 * per test file beside the real one (so its npm dependencies resolve the same way); most tests run
 * it, as it starts in half the time of the tsx path on a loaded machine.
 */
export async function buildCliBundle(): Promise<{ file: string; remove: () => Promise<void> }> {
  const file = path.join(REPO_ROOT, `cli/dist/cloud-compile.test-${process.pid}-${Date.now()}.js`);
  await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'cli/build.mjs'), file], { cwd: REPO_ROOT });
  return { file, remove: () => rm(file, { force: true }) };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Environment for the command: the gateway and key, CI-style output, nothing of the test runner's GitHub env. */
export function cliEnv(baseUrl: string, apiKey: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.GITHUB_ACTIONS;
  return { ...env, CLOUD_COMPILE_URL: baseUrl, CLOUD_COMPILE_API_KEY: apiKey, CI: 'true', ...extra };
}

/** Starts the command as a child process; `done` resolves with its exit and output. */
export function spawnCli(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = REPO_ROOT,
): { child: ChildProcess; done: Promise<CliResult>; output: () => string } {
  const child = spawn(process.execPath, [entry, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done, output: () => stdout + stderr };
}

export function runCli(entry: string, args: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT): Promise<CliResult> {
  return spawnCli(entry, args, env, cwd).done;
}

/** Creates an API key the way a user does: signed in, through the mock's createApiKey operation. */
export async function createApiKey(
  baseUrl: string,
  email: string,
  scopes: string[],
): Promise<{ id: string; key: string; revoke: () => Promise<void> }> {
  const { cookieHeader } = await signIn(baseUrl, email);
  const response = await fetch(`${baseUrl}/api/api-keys`, {
    method: 'POST',
    headers: { cookie: cookieHeader, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `cli test ${scopes.join(' ')}`, scopes }),
  });
  if (response.status !== 201) throw new Error(`createApiKey: HTTP ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { id: string; key: string };
  return {
    ...created,
    async revoke() {
      const deleted = await fetch(`${baseUrl}/api/api-keys/${created.id}`, {
        method: 'DELETE',
        headers: { cookie: cookieHeader },
      });
      if (deleted.status !== 204) throw new Error(`deleteApiKey: HTTP ${deleted.status}`);
    },
  };
}

/** A call to the API with a key, as a script would make it (to check what the command did). */
export async function apiGet<T>(baseUrl: string, key: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Two mock gateways, the packaged command, a key on each and a folder: what the CLI's build tests share. */
export interface CliGateways {
  /** Builds at 20 ms a log step: run to the end. */
  fast: TestGateway;
  /** Builds at 250 ms a step (~5 s a build): interrupted and followed. */
  slow: TestGateway;
  bundle: { file: string; remove: () => Promise<void> };
  fastKey: string;
  slowKey: string;
  /** A temporary folder of the test's own. */
  dir: string;
  stop(): Promise<void>;
}

export async function startCliGateways(scopes: string[], dirPrefix: string): Promise<CliGateways> {
  const [fast, slow, bundle] = await Promise.all([
    startApiGateway({ MOCK_BUILD_STEP_MS: '20' }),
    startApiGateway({ MOCK_BUILD_STEP_MS: '250' }),
    buildCliBundle(),
  ]);
  const [fastKey, slowKey] = await Promise.all([fast, slow].map((g) => createApiKey(g.baseUrl, ADA, scopes)));
  const dir = await mkdtemp(path.join(os.tmpdir(), dirPrefix));
  return {
    fast,
    slow,
    bundle,
    fastKey: fastKey!.key,
    slowKey: slowKey!.key,
    dir,
    stop: async () => {
      await Promise.all([fast.stop(), slow.stop(), bundle.remove(), rm(dir, { recursive: true, force: true })]);
    },
  };
}
