import fs from 'node:fs';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../../src/config.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { startUpstream, type UpstreamServer } from './upstream-server.js';

/**
 * MOCK_FALLBACK=missing: gateway processes (as `npm start` runs them) in front of a real upstream on
 * 127.0.0.1 that implements part of the contract:
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

/** The identity provider's signing key (its public half served as its JWKS) and a forger's. */
let issuerKey: CryptoKey;
let forgerKey: CryptoKey;
const ISSUER = 'https://auth.example.test';

/** An access token for `sub` as the identity provider (or, with the forger's key, someone else) signs it. */
const accessToken = (sub: string, key: CryptoKey, jti: string) =>
  new SignJWT({ roles: ['user'] })
    .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);

let api: UpstreamServer;
let auth: UpstreamServer;
let withFallback: { gateway: GatewayProcess; url: string };
let withoutFallback: { gateway: GatewayProcess; url: string };

async function startGateway(env: Record<string, string>) {
  const gateway = spawnGateway({
    MODE: 'proxy',
    PORT: '0',
    API_UPSTREAM: api.url,
    AUTH_UPSTREAM: auth.url,
    LOG_FORMAT: 'json',
    MOCK_BUILDS: 'simulated',
    ...env,
  });
  return { gateway, url: `http://127.0.0.1:${await listeningPort(gateway)}` };
}

async function stop(gateway: GatewayProcess | undefined) {
  if (!gateway || gateway.child.exitCode !== null) return;
  gateway.child.kill('SIGTERM');
  await gateway.exited;
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
  const [issuer, forger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  issuerKey = issuer.privateKey;
  forgerKey = forger.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(issuer.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] };
  auth = await startUpstream((request, response) => {
    if (request.url === '/.well-known/jwks.json')
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    response.writeHead(404).end();
  });
  [withFallback, withoutFallback] = await Promise.all([startGateway({ MOCK_FALLBACK: 'missing' }), startGateway({})]);
  // The mock starts beside the gateway (a busy machine takes seconds to load it): the tests time their calls, not that.
  await withFallback.gateway.waitForLine(/MOCK_FALLBACK=missing: the mock is ready/);
}, 60_000);

afterAll(async () => {
  await Promise.all([stop(withFallback?.gateway), stop(withoutFallback?.gateway)]);
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

  it("keys a verified access token's sandbox by its subject: a refreshed token keeps it, a forged one naming that subject does not reach it", async () => {
    const first = await accessToken('user-7', issuerKey, 'first');
    const refreshed = await accessToken('user-7', issuerKey, 'refreshed');
    const forged = await accessToken('user-7', forgerKey, 'forged');
    // Claims copied onto a token the identity provider did not sign (alg "none").
    const unsigned = `${forged.split('.').slice(0, 1).join('.')}.${forged.split('.')[1]}.`;
    expect(refreshed).not.toBe(first);
    const created = await fetch(`${withFallback.url}/api/api-keys`, {
      method: 'POST',
      headers: { ...bearer(first), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kept across refresh', scopes: ['projects:read'] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const keysOf = async (headers: Record<string, string>) => {
      const listed = await fetch(`${withFallback.url}/api/api-keys`, { headers });
      expect(listed.status).toBe(200);
      return ((await listed.json()) as { id: string }[]).map((k) => k.id);
    };
    expect(await keysOf(bearer(refreshed))).toEqual([id]);
    expect(await keysOf({ cookie: `app.at=${refreshed}` })).toEqual([id]);
    expect(await keysOf(bearer(forged))).toEqual([]);
    expect(await keysOf(bearer(unsigned))).toEqual([]);
    expect(auth.seen.filter((request) => request.url === '/.well-known/jwks.json').length).toBeGreaterThan(0);
  });

  it('never writes the credential to the log', () => {
    const text = withFallback.gateway.stdout() + withFallback.gateway.stderr();
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
