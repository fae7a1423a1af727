import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen } from '../helpers/gateway.js';
import { REPO_ROOT } from '../../src/config.js';
import type { ContractReportJson } from '../../src/contract/report.js';
import { formatScenario, runScenario } from '../../src/contract/scenario.js';
import { SUITE_COVERAGE_DIR_ENV } from '../helpers/suite-coverage.js';
import { signIn } from '../helpers/sign-in.js';
import { ENFORCE_MARKER } from './coverage-global-setup.js';

const ADMIN_TOKEN = 'contract-admin-token-0123456789';

async function start(env: Record<string, string>): Promise<{ app: FastifyInstance; url: string }> {
  const { app, baseUrl } = await listen(await buildTestApp(env));
  return { app, url: baseUrl };
}

/**
 * The mock as the "real" upstream, and a validating gateway (MODE=proxy, VALIDATE=report) in front
 * of it: the mock must keep its own contract, and the scenario must reach every operation.
 */
describe('the mock against its own contract', () => {
  let mock: { app: FastifyInstance; url: string };
  let proxy: { app: FastifyInstance; url: string };
  let cookie: string;

  beforeAll(async () => {
    mock = await start({ MODE: 'mock', MOCK_BUILD_STEP_MS: '50' });
    proxy = await start({
      MODE: 'proxy',
      API_UPSTREAM: mock.url,
      AUTH_UPSTREAM: mock.url,
      VALIDATE: 'report',
      ADMIN_TOKEN,
    });
    ({ cookieHeader: cookie } = await signIn(mock.url, 'ada@example.com'));
  });
  afterAll(async () => {
    await proxy?.app.close();
    await mock?.app.close();
  });

  const proxyReport = async () =>
    (await (
      await fetch(`${proxy.url}/admin/contract`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json()) as ContractReportJson;

  it('passes the scenario through the validating proxy with 0 violations and every operation exercised', async () => {
    const result = await runScenario({ baseUrl: proxy.url, cookie });
    expect(result.violations, formatScenario(result)).toEqual([]);
    expect(result.failed, formatScenario(result)).toBe(0);
    expect(result.coverage.missingOperations(result.document)).toEqual([]);

    // The proxy sees the scenario's deliberate negative cases as request violations, and nothing else.
    const report = await proxyReport();
    expect(report.violations.map(({ operation, direction, location }) => ({ operation, direction, location }))).toEqual(
      [
        { operation: 'createProject', direction: 'request', location: 'request.body.name' },
        { operation: 'createProject', direction: 'request', location: 'request.body.name' },
        { operation: 'updateTerms', direction: 'request', location: 'request.path.tos_version' },
        { operation: 'renameFile', direction: 'request', location: 'request.query.new_name' },
        { operation: 'createApiKey', direction: 'request', location: 'request.body.scopes' },
      ],
    );
    expect(Object.keys(report.coverage)).toHaveLength(result.document.operations.length);

    // The full scenario ran against a mock that answers: the suite's coverage gate applies.
    const dir = process.env[SUITE_COVERAGE_DIR_ENV];
    if (dir) fs.writeFileSync(path.join(dir, ENFORCE_MARKER), '');
  });

  it('passes with an API key alone (keys cannot manage keys)', async () => {
    const created = await fetch(`${mock.url}/api/api-keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'contract test',
        scopes: ['projects:read', 'projects:write', 'builds:read', 'builds:queue'],
      }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const result = await runScenario({ baseUrl: proxy.url, apiKey: key });
    expect(result.violations, formatScenario(result)).toEqual([]);
    expect(result.failed, formatScenario(result)).toBe(0);
  });

  it('the contract CLI exits 0 against the mock and prints its table', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'server/src/cli/contract.ts'),
        '--base-url',
        proxy.url,
        '--cookie',
        cookie,
      ],
      { cwd: REPO_ROOT },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`contract CLI failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(stdout).toMatch(/ok\s+create scratch project\s+createProject/);
    expect(stdout).toContain('0 failed');
    expect(stdout).toContain('0 contract violations; operations exercised 34/34');
  }, 60_000);
});
