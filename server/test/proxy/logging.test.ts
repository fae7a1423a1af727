import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/logger.js';
import { closedPort, readBody, requestGateway, startUpstream, type UpstreamServer } from './upstream-server.js';

const ACCESS_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.access-token-payload.access-token-signature';
const REFRESH_TOKEN = 'refresh-token-value-0123456789abcdef';
const API_KEY = 'cc_live_api_key_0123456789abcdef';

/** The production logger settings (level trace, JSON), writing into `lines`. */
function productionLogger(lines: string[]) {
  const config = testConfig({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json' });
  const options = loggerOptions(config);
  if (!options || typeof options !== 'object') throw new Error('expected logger options');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { options, stream };
}

describe('logs in proxy mode', () => {
  const lines: string[] = [];
  let upstream: UpstreamServer;
  let gateway: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, {
        'set-cookie': [`app.at=${ACCESS_TOKEN}; Path=/; HttpOnly`],
        'content-type': 'application/json',
      });
      response.end('{}');
    });
    const { options, stream } = productionLogger(lines);
    gateway = await buildApp(
      testConfig({
        MODE: 'proxy',
        API_UPSTREAM: upstream.url,
        AUTH_UPSTREAM: `http://127.0.0.1:${await closedPort()}`,
      }),
      { loggerInstance: pino(options as pino.LoggerOptions, stream) },
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const address = gateway.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('never writes a cookie, token or API key, even at trace level and on upstream failures', async () => {
    const headers = { cookie: `app.at=${ACCESS_TOKEN}; app.rt=${REFRESH_TOKEN}`, authorization: `Bearer ${API_KEY}` };
    await readBody(await requestGateway(baseUrl, '/api/projects', { headers }));
    await readBody(await requestGateway(baseUrl, '/app/me/', { headers })); // identity provider down: 502
    const log = lines.join('');
    expect(log).toContain('/api/projects');
    expect(log).toContain('could not be reached');
    for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, API_KEY]) expect(log).not.toContain(secret);
  });

  it('never writes a one-time identity id from a path, not even the proxy library at trace level', async () => {
    const before = lines.length;
    const oneTime = [
      'PwChangeId0123456789abcdef',
      'EmailVerifyId0123456789ab',
      'RegVerifyId0123456789abcd',
      'PasswordlessCode012345678',
    ];
    const auth = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<p>ok</p>');
    });
    const { options, stream } = productionLogger(lines);
    const identity = await buildApp(
      testConfig({ MODE: 'proxy', API_UPSTREAM: upstream.url, AUTH_UPSTREAM: auth.url }),
      {
        loggerInstance: pino(options as pino.LoggerOptions, stream),
      },
    );
    try {
      await identity.listen({ port: 0, host: '127.0.0.1' });
      const address = identity.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const base = `http://127.0.0.1:${address.port}`;
      const paths = [
        `/password/change/${oneTime[0]}?client_id=cc`,
        `/email/verify/${oneTime[1]}`,
        `/registration/verify/${oneTime[2]}`,
        `/oauth2/passwordless/${oneTime[3]}`,
      ];
      for (const path of paths) expect((await requestGateway(base, path)).statusCode, path).toBe(200);
      expect(auth.seen.map((seen) => seen.url)).toEqual(paths);
    } finally {
      await identity.close();
      await auth.close();
    }
    const log = lines.slice(before).join('');
    expect(log).toContain('/password/change/[redacted]');
    for (const id of oneTime) expect(log).not.toContain(id);
  });

  it('redacts cookies and authorization wherever a line carries request or response headers', () => {
    const before = lines.length;
    const logger = gateway.log;
    logger.info(
      { req: { headers: { cookie: `app.rt=${REFRESH_TOKEN}`, authorization: `Bearer ${API_KEY}` } } },
      'request headers',
    );
    logger.info({ res: { headers: { 'set-cookie': [`app.at=${ACCESS_TOKEN}`] } } }, 'response headers');
    logger.info({ headers: { cookie: `app.rt=${REFRESH_TOKEN}`, authorization: `Bearer ${API_KEY}` } }, 'bare headers');
    const written = lines.slice(before);
    expect(written).toHaveLength(3);
    for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, API_KEY]) expect(written.join('')).not.toContain(secret);
    // Fastify's serializers keep only method and URL of req/res; bare header objects rely on redaction.
    expect(JSON.parse(written[2] ?? '{}')).toMatchObject({
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
    });
  });
});
