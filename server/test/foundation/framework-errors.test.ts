import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { watchedConnection } from '../helpers/tcp.js';

/**
 * Answers Fastify gives before any route or hook runs (issue 31): a URL its router cannot decode and a
 * request that is not HTTP. Over real sockets, as a browser or a scanner would send them: each carries
 * the security headers, and none repeats what the request said.
 */
describe('framework errors', () => {
  let gateway: RunningGateway;
  let port: number;

  beforeAll(async () => {
    gateway = await startGateway();
    port = Number(new URL(gateway.baseUrl).port);
  });
  afterAll(() => gateway?.close());

  /** Sends `request` as it is and reads the answer until the server has answered (or closed). */
  async function raw(request: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
    const connection = await watchedConnection(port);
    connection.socket.write(request);
    await Promise.race([
      connection.closed,
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          const text = connection.received();
          const head = text.indexOf('\r\n\r\n');
          const length = /content-length: (\d+)/i.exec(text)?.[1];
          if (head >= 0 && length !== undefined && text.length - head - 4 >= Number(length)) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      }),
    ]);
    connection.socket.destroy();
    const text = connection.received();
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = new Map(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  const expectSecurityHeaders = (headers: Map<string, string>) => {
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toMatch(/DENY|SAMEORIGIN/);
  };

  it.each(['/%', '/api/%', '/projects/%zz<script>'])(
    'GET %s: 400 with the security headers, a sentence, and no echo of the path',
    async (path) => {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer.headers);
      expect(JSON.parse(answer.body)).toEqual({
        detail:
          "The request's URL is not valid: a % in it must begin a percent-encoded byte (% and two hexadecimal digits)",
      });
      expect(answer.body).not.toContain(path);
    },
  );

  it('a request that is not HTTP: 400 with the security headers and the {"detail"} shape', async () => {
    const answer = await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Without Colon\r\n\r\n');
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request is not valid HTTP' });
  });
});
