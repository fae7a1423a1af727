import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import type { Violation } from '@cloud-compile/contract-checker';
import { PLANTED, startNonConformingUpstream, type NonConformingUpstream } from './non-conforming-upstream.js';

const CLI = path.join(REPO_ROOT, 'packages/contract-checker/src/cli.ts');

async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO_ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run contract', () => {
  let upstream: NonConformingUpstream;
  beforeAll(async () => {
    upstream = await startNonConformingUpstream();
  });
  afterAll(() => upstream.close());

  it('exits 1 against a non-conforming API and reports every planted violation with its location, none invented', async () => {
    const { code, stdout } = await runCli(['--base-url', upstream.url, '--api-key', 'any-key', '--json']);
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as { violations: Violation[]; failed: number };
    const distinct = [...new Set(result.violations.map((v) => `${v.operation} ${v.status} ${v.location}`))].sort();
    expect(distinct).toEqual(
      [
        PLANTED.wrongType,
        PLANTED.missingField,
        PLANTED.wrongContentType,
        PLANTED.undocumentedStatus,
        // The upstream answers 404 to everything it does not know; listApiKeys documents no 404.
        { operation: 'listApiKeys', status: 404, location: 'response.status' },
      ]
        .map((p) => `${p.operation} ${p.status} ${p.location}`)
        .sort(),
    );
    expect(result.failed).toBeGreaterThan(0);
  }, 30_000);

  it('prints the table with the violations and their locations', async () => {
    const { code, stdout } = await runCli(['--base-url', upstream.url, '--api-key', 'any-key']);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /FAIL\s+list projects\s+listProjects\s+GET \/api\/projects\s+200\s+200\s+2 contract violation/,
    );
    expect(stdout).toContain('listProjects GET /api/projects → 200 response.body[0].id: must be string');
    expect(stdout).toContain(
      'buildConfigs GET /api/build-configs → 200 response.header.content-type: text/html is not documented',
    );
  }, 30_000);

  it('refuses bad arguments with a usage message and exit code 2', async () => {
    const missing = await runCli([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--base-url must be an http(s) URL');
    const noCredentials = await runCli(['--base-url', upstream.url]);
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.stderr).toContain('Give --api-key or --cookie');
  }, 30_000);

  it('fails a step whose server stops answering mid-way after --timeout-ms, instead of hanging', async () => {
    // Headers at once, then a byte a second of a body that never ends.
    const timers = new Set<NodeJS.Timeout>();
    const stalling = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const timer = setInterval(() => response.write(' '), 1000);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const { code, stdout } = await runCli([
        '--base-url',
        url,
        '--api-key',
        'any-key',
        '--timeout-ms',
        '200',
        '--json',
      ]);
      expect(code).toBe(1);
      const result = JSON.parse(stdout) as { steps: { outcome: string; note?: string }[] };
      expect(result.steps[0]).toMatchObject({ outcome: 'fail', note: 'reading the answer took longer than 200 ms' });
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const timer of timers) clearInterval(timer);
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  }, 30_000);

  it('refuses a --timeout-ms that is not a whole number of milliseconds (exit 2)', async () => {
    const { code, stderr } = await runCli([
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'k',
      '--timeout-ms',
      'soon',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--timeout-ms must be a whole number of milliseconds (got "soon")');
  });
});
