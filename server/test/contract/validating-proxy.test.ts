import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, listen } from '../helpers/gateway.js';
import { CONTRACT_FILE } from '../../src/config.js';
import type { ContractReportJson } from '@cloud-compile/contract-checker';
import {
  bigLog,
  GOOD_PROJECT,
  PLANTED,
  startNonConformingUpstream,
  type NonConformingUpstream,
} from './non-conforming-upstream.js';

const ADMIN_TOKEN = 'contract-admin-token-0123456789';

let upstream: NonConformingUpstream;
beforeAll(async () => {
  upstream = await startNonConformingUpstream();
});
afterAll(() => upstream.close());

interface Gateway {
  app: FastifyInstance;
  url: string;
}
const open: Gateway[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((g) => g.app.close()));
});

async function startProxy(validate: 'off' | 'report' | 'strict', env: Record<string, string> = {}): Promise<Gateway> {
  const { app, baseUrl } = await listen(
    await buildTestApp({
      MODE: 'proxy',
      API_UPSTREAM: upstream.url,
      AUTH_UPSTREAM: upstream.url,
      VALIDATE: validate,
      ADMIN_TOKEN,
      ...env,
    }),
  );
  const gateway = { app, url: baseUrl };
  open.push(gateway);
  return gateway;
}

async function report(gateway: Gateway): Promise<ContractReportJson> {
  const response = await fetch(`${gateway.url}/admin/contract`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ContractReportJson;
}

/** Response checks settle when the body has streamed; wait for the count, not for time. */
async function reportWith(gateway: Gateway, violations: number): Promise<ContractReportJson> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await report(gateway);
    if (current.violationCount >= violations) return current;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return report(gateway);
}

const kinds = (r: ContractReportJson) =>
  r.violations.map(({ operation, direction, status, location }) => ({ operation, direction, status, location }));

describe('validating proxy, VALIDATE=report', () => {
  it('reports every planted response violation with its location, invents none, and passes traffic unchanged', async () => {
    const gateway = await startProxy('report');

    const projects = await fetch(`${gateway.url}/api/projects`);
    expect(projects.status).toBe(200);
    expect(await projects.json()).toEqual([
      { id: 42, name: 'Adder', created_at: '2025-10-16T01:09:15Z', latest_build: null },
    ]);
    const configs = await fetch(`${gateway.url}/api/build-configs`);
    expect(configs.headers.get('content-type')).toContain('text/html');
    expect(await configs.text()).toContain('Build configurations');
    const examples = await fetch(`${gateway.url}/api/examples`);
    expect(examples.status).toBe(418);
    await examples.body?.cancel();
    const gzipped = await fetch(`${gateway.url}/api/projects/gzbad`);
    expect(((await gzipped.json()) as { name: string }).name).toBe('Adder');

    // Controls: conforming answers, including a gzip-encoded one and a documented 404.
    for (const control of [
      '/api/projects/good',
      '/api/projects/good/builds/latest',
      '/api/projects/gzgood',
      '/api/builds/nope',
    ]) {
      const response = await fetch(`${gateway.url}${control}`);
      await response.arrayBuffer();
    }

    const result = await reportWith(gateway, 5);
    expect(kinds(result)).toEqual(
      expect.arrayContaining([
        PLANTED.wrongType,
        PLANTED.missingField,
        PLANTED.wrongContentType,
        PLANTED.undocumentedStatus,
        PLANTED.missingFieldGzip,
      ]),
    );
    expect(result.violationCount).toBe(5);
    expect(result.violations.find((v) => v.location === PLANTED.wrongType.location)?.message).toBe('must be string');
    expect(result.violations.find((v) => v.location === PLANTED.undocumentedStatus.location)?.message).toMatch(
      /418 is not documented/,
    );
    expect(result.exchanges).toBe(8);
    expect(result.coverage).toMatchObject({
      listProjects: { 200: 1 },
      listExamples: { 418: 1 },
      getProject: { 200: 3 },
      buildDetails: { 404: 1 },
    });
  });

  it('reports request violations with their location and still forwards the request', async () => {
    const gateway = await startProxy('report');
    const before = upstream.received.length;

    const created = await fetch(`${gateway.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', colour: 'red' }),
    });
    expect(created.status).toBe(201);
    await created.arrayBuffer();
    await (await fetch(`${gateway.url}/api/projects/p1/files/top.vhd/rename`, { method: 'POST' })).arrayBuffer();
    await (await fetch(`${gateway.url}/api/builds/b1/log?offset=minus-one`)).arrayBuffer();
    await (
      await fetch(`${gateway.url}/api/projects/p1/files/top.vhd`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '"x"',
      })
    ).arrayBuffer();
    await (await fetch(`${gateway.url}/api/no-such-thing`)).arrayBuffer();

    expect(upstream.received.length - before).toBe(5);
    const result = await report(gateway);
    const requestSide = result.violations.filter((v) => v.direction === 'request');
    expect(requestSide.map(({ operation, location, message }) => ({ operation, location, message }))).toEqual([
      { operation: 'createProject', location: 'request.body.colour', message: 'is not allowed' },
      { operation: 'createProject', location: 'request.body.name', message: 'must NOT have fewer than 1 characters' },
      { operation: 'createProject', location: 'request.body.name', message: 'must match pattern "\\S"' },
      { operation: 'renameFile', location: 'request.query.new_name', message: 'is required' },
      { operation: 'getBuildLog', location: 'request.query.offset', message: 'must be integer' },
      {
        operation: 'updateFile',
        location: 'request.header.content-type',
        message: 'application/json is not documented; expected text/plain',
      },
      { operation: null, location: 'request.path', message: 'no operation in the document matches this path' },
    ]);
  });

  it('streams a JSON body larger than the cap intact and counts it as not checked', async () => {
    const gateway = await startProxy('report');
    const response = await fetch(`${gateway.url}/api/builds/big/log`);
    const text = await response.text();
    expect(text).toBe(bigLog(2 * 1024 * 1024));
    const result = await report(gateway);
    expect(result.violationCount).toBe(0);
    expect(result.bodiesNotChecked).toBe(1);
  });

  it('writes the JSON report and a human summary on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-report-'));
    const file = path.join(dir, 'contract-report.json');
    const gateway = await startProxy('report', { VALIDATION_REPORT_FILE: file });
    await (await fetch(`${gateway.url}/api/examples`)).arrayBuffer();
    await reportWith(gateway, 1);
    await gateway.app.close();
    open.splice(open.indexOf(gateway), 1);

    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as ContractReportJson;
    expect(kinds(written)).toEqual([PLANTED.undocumentedStatus]);
    const summary = fs.readFileSync(path.join(dir, 'contract-report.txt'), 'utf8');
    expect(summary).toContain('1 exchanges, 1 violations');
    expect(summary).toContain('listExamples response response.status');
    expect(summary).toMatch(/yes\s+listExamples\s+GET \/api\/examples\s+1\s+200· 401· 403· 422· 503· 418!/);
  });

  it('keeps the report behind the admin token', async () => {
    const gateway = await startProxy('report');
    const anonymous = await fetch(`${gateway.url}/admin/contract`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: expect.stringContaining('ADMIN_TOKEN') });
    const text = await fetch(`${gateway.url}/admin/contract?format=text`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(text.headers.get('content-type')).toContain('text/plain');
    // None exercised, out of every operation the contract documents (counted, not written here: it grows).
    const contract = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, object> };
    const documented = Object.values(contract.paths).flatMap((item) =>
      Object.values(item).filter((op) => typeof op === 'object' && op !== null && 'operationId' in op),
    ).length;
    expect(documented).toBeGreaterThan(25);
    expect(await text.text()).toContain(`operations: 0/${documented}`);
  });
});

describe('validating proxy, VALIDATE=strict', () => {
  it('answers 502 instead of a violating response, and passes conforming ones', async () => {
    const gateway = await startProxy('strict');
    for (const [url, location] of [
      ['/api/projects', 'response.body[0].id'],
      ['/api/build-configs', 'response.header.content-type'],
      ['/api/examples', 'response.status'],
      ['/api/projects/gzbad', 'response.body.config'],
    ] as const) {
      const response = await fetch(`${gateway.url}${url}`);
      expect(response.status, url).toBe(502);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(((await response.json()) as { detail: string }).detail).toContain(location);
    }
    const good = await fetch(`${gateway.url}/api/projects/gzgood`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-encoding')).toBe('gzip');
    expect(await good.json()).toEqual(GOOD_PROJECT);
    const big = await fetch(`${gateway.url}/api/builds/big/log`);
    expect((await big.text()).length).toBe(bigLog(2 * 1024 * 1024).length);
  });

  it('refuses a violating request with a 422 detail list without calling the upstream', async () => {
    const gateway = await startProxy('strict');
    const before = upstream.received.length;
    const refused = await fetch(`${gateway.url}/api/projects/p1/files/top.vhd/rename`, { method: 'POST' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      detail: [{ loc: ['query', 'new_name'], msg: 'is required', type: 'contract' }],
    });
    const unknown = await fetch(`${gateway.url}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'GET /api/no-such-thing is not an operation of the API contract' });
    expect(upstream.received.length).toBe(before);

    const body = JSON.stringify({ name: 'Scratch' });
    const created = await fetch(`${gateway.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(created.status).toBe(201);
    expect(upstream.received.at(-1)).toBe('POST /api/projects');
  });
});

describe('validating proxy, VALIDATE=off', () => {
  it('is plain proxying: no report route, violations pass', async () => {
    const gateway = await startProxy('off');
    const response = await fetch(`${gateway.url}/api/examples`);
    expect(response.status).toBe(418);
    await response.arrayBuffer();
    const admin = await fetch(`${gateway.url}/admin/contract`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(admin.status).toBe(404);
  });
});
