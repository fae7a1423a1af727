import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import type { Violation } from '../../src/contract/validator.js';
import { PLANTED, startNonConformingUpstream, type NonConformingUpstream } from './non-conforming-upstream.js';

const CLI = path.join(REPO_ROOT, 'server/src/cli/contract.ts');

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
});
