import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig, testConfig } from '../../src/config.js';
import { capturedLogger } from './captured-log.js';
import { makePrivateCa, startTlsUpstream, type PrivateCa } from './tls-upstream.js';
import { readBody, requestGateway, type UpstreamServer } from './upstream-server.js';

let ca: PrivateCa;
let upstream: UpstreamServer;

/** A proxy-mode gateway whose both upstreams are the https server, with its log records. */
async function startGateway(env: Record<string, string>) {
  const log = capturedLogger('info');
  const config = testConfig({ MODE: 'proxy', API_UPSTREAM: upstream.url, AUTH_UPSTREAM: upstream.url, ...env });
  const app: FastifyInstance = await buildApp(config, { loggerInstance: log.loggerInstance });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, records: log.records };
}

beforeAll(async () => {
  ca = makePrivateCa();
  upstream = await startTlsUpstream(ca);
});

afterAll(async () => {
  await upstream?.close();
  ca?.remove();
});

describe('proxy mode: upstream TLS', () => {
  it('refuses an upstream whose certificate does not chain to a trusted root: 502 with a clear detail and a log line naming it', async () => {
    const { app, baseUrl, records } = await startGateway({});
    try {
      for (const path of ['/api/projects', '/app/me/']) {
        const response = await requestGateway(baseUrl, path);
        expect(response.statusCode, path).toBe(502);
        const { detail } = JSON.parse((await readBody(response)).toString()) as { detail: string };
        expect(detail).toMatch(/TLS certificate could not be verified/);
        expect(detail).toMatch(/UPSTREAM_CA_FILE/);
      }
      expect(upstream.seen).toHaveLength(0);
      const warnings = records().filter((line) => line.level === 40 && line.upstream);
      expect(warnings.map((line) => [line.upstream, line.upstreamOrigin])).toEqual([
        ['compile API', upstream.url],
        ['identity provider', upstream.url],
      ]);
      expect(String(warnings[0]?.msg)).toMatch(/compile API's TLS certificate could not be verified/);
    } finally {
      await app.close();
    }
  });

  it('accepts the same upstream once UPSTREAM_CA_FILE names the private CA that signed it', async () => {
    const { app, baseUrl } = await startGateway({ UPSTREAM_CA_FILE: ca.caFile });
    try {
      const response = await requestGateway(baseUrl, '/api/projects');
      expect(response.statusCode).toBe(200);
      expect(JSON.parse((await readBody(response)).toString())).toEqual({ upstream: 'tls', url: '/api/projects' });
      const identity = await requestGateway(baseUrl, '/oauth2/authorize?client_id=cc');
      expect(identity.statusCode).toBe(200);
      await readBody(identity);
    } finally {
      await app.close();
    }
  });

  it('still checks the host name with the CA trusted: a certificate for 127.0.0.1 does not pass at 127.0.0.2', async () => {
    const elsewhere = await startTlsUpstream(ca, '127.0.0.2');
    const { app, baseUrl } = await startGateway({ UPSTREAM_CA_FILE: ca.caFile, API_UPSTREAM: elsewhere.url });
    try {
      const response = await requestGateway(baseUrl, '/api/projects');
      expect(response.statusCode).toBe(502);
      expect(JSON.parse((await readBody(response)).toString()).detail).toMatch(
        /TLS certificate could not be verified \(ERR_TLS_CERT_ALTNAME_INVALID\)/,
      );
      expect(elsewhere.seen).toHaveLength(0);
    } finally {
      await app.close();
      await elsewhere.close();
    }
  });

  it('stops at start when UPSTREAM_CA_FILE is missing or holds no certificate', () => {
    for (const file of ['/nonexistent/ca.pem', `${ca.dir}/ext.cnf`]) {
      expect(() => loadConfig({ UPSTREAM_CA_FILE: file })).toThrow(ConfigError);
      expect(() => loadConfig({ UPSTREAM_CA_FILE: file })).toThrow(/UPSTREAM_CA_FILE: must be a readable PEM file/);
    }
  });
});
