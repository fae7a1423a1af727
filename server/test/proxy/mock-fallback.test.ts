import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CONTRACT_FILE, testConfig } from '../../src/config.js';
import { capturedLogger } from './captured-log.js';
import { startUpstream, type UpstreamServer } from './upstream-server.js';

/**
 * MOCK_FALLBACK=missing against a real upstream on 127.0.0.1 that implements part of the contract:
 * its own description lacks the API-key operations, it answers 501 to listExamples, and it serves
 * listProjects itself.
 */
const contract = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, unknown> };
const upstreamDocument = {
  ...contract,
  paths: Object.fromEntries(Object.entries(contract.paths).filter(([path]) => !path.startsWith('/api/api-keys'))),
};
const UPSTREAM_PROJECTS = [{ id: 'from-upstream', name: 'Upstream project' }];

const CALLER_A = 'credential-of-caller-a.eyJzdWIiOiJhIn0.signature';
const CALLER_B = 'credential-of-caller-b';

let api: UpstreamServer;
let auth: UpstreamServer;
let withFallback: { app: FastifyInstance; url: string };
let withoutFallback: { app: FastifyInstance; url: string };
const log = capturedLogger('info');

async function startGateway(env: Record<string, string>, options = {}) {
  const app = await buildApp(
    testConfig({ MODE: 'proxy', API_UPSTREAM: api.url, AUTH_UPSTREAM: auth.url, ...env }),
    options,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

beforeAll(async () => {
  api = await startUpstream((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/api/openapi.json') return answer(200, upstreamDocument);
    if (path === '/api/projects' && request.method === 'GET') return answer(200, UPSTREAM_PROJECTS);
    if (path === '/api/examples') return answer(501, { detail: 'Not Implemented' });
    return answer(404, { detail: 'Not Found' });
  });
  auth = await startUpstream((_request, response) => response.writeHead(404).end());
  withFallback = await startGateway({ MOCK_FALLBACK: 'missing' }, { loggerInstance: log.loggerInstance });
  withoutFallback = await startGateway({});
});

afterAll(async () => {
  await withFallback?.app.close();
  await withoutFallback?.app.close();
  await api?.close();
  await auth?.close();
});

const seenOf = (method: string, path: string) =>
  api.seen.filter((request) => request.method === method && request.url === path).length;

const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

describe('MOCK_FALLBACK=missing', () => {
  it('answers an operation missing from the upstream description from the mock, keeping state per credential', async () => {
    const created = await fetch(`${withFallback.url}/api/api-keys`, {
      method: 'POST',
      headers: { ...bearer(CALLER_A), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci runner', scopes: ['projects:read'] }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-mock-fallback')).toBe('missing');
    const key = (await created.json()) as { id: string; name: string };
    expect(key.name).toBe('ci runner');

    // The same credential, as a Bearer token or as the browser's access-token cookie, is one caller.
    for (const headers of [bearer(CALLER_A), { cookie: `theme=dark; app.at=${CALLER_A}` }]) {
      const listed = await fetch(`${withFallback.url}/api/api-keys`, { headers });
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { id: string }[]).map((k) => k.id)).toEqual([key.id]);
    }
    // Another credential has a sandbox of its own.
    const other = await fetch(`${withFallback.url}/api/api-keys`, { headers: bearer(CALLER_B) });
    expect(await other.json()).toEqual([]);
    // Without a credential the mock answers as the API would: 401.
    expect((await fetch(`${withFallback.url}/api/api-keys`)).status).toBe(401);

    expect(api.seen.some((request) => request.url?.startsWith('/api/api-keys'))).toBe(false);
  });

  it('still sends the operations the upstream implements upstream', async () => {
    const before = seenOf('GET', '/api/projects');
    const projects = await fetch(`${withFallback.url}/api/projects`, { headers: bearer(CALLER_A) });
    expect(projects.status).toBe(200);
    expect(projects.headers.get('x-mock-fallback')).toBeNull();
    expect(await projects.json()).toEqual(UPSTREAM_PROJECTS);
    expect(seenOf('GET', '/api/projects')).toBe(before + 1);
    expect(api.seen.find((request) => request.url === '/api/projects')?.headers.authorization).toBe(
      `Bearer ${CALLER_A}`,
    );
  });

  it('answers an operation the upstream answers 501 from the mock, and sends the next calls there directly', async () => {
    const first = await fetch(`${withFallback.url}/api/examples`, { headers: bearer(CALLER_A) });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-mock-fallback')).toBe('missing');
    expect(((await first.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(seenOf('GET', '/api/examples')).toBe(1);
    const second = await fetch(`${withFallback.url}/api/examples`, { headers: bearer(CALLER_A) });
    expect(second.status).toBe(200);
    expect(seenOf('GET', '/api/examples')).toBe(1);
  });

  it('never writes the credential to the log', () => {
    const text = log.lines.join('\n');
    expect(text).toMatch(/MOCK_FALLBACK=missing: the compile API's description lists \d+ operations/);
    expect(text).not.toContain(CALLER_A);
    expect(text).not.toContain(CALLER_B);
  });
});

describe('without MOCK_FALLBACK', () => {
  it("passes the upstream's 404 for the operation it lacks, and its 501", async () => {
    const before = seenOf('GET', '/api/api-keys');
    const keys = await fetch(`${withoutFallback.url}/api/api-keys`, { headers: bearer(CALLER_A) });
    expect(keys.status).toBe(404);
    expect(await keys.json()).toEqual({ detail: 'Not Found' });
    expect(seenOf('GET', '/api/api-keys')).toBe(before + 1);
    expect((await fetch(`${withoutFallback.url}/api/examples`, { headers: bearer(CALLER_A) })).status).toBe(501);
  });
});
