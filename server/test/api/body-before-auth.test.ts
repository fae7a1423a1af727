import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_SLACK_BYTES } from '../../src/mock/api/api.js';
import { startSignedInGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

const FILE_BYTES = 4096;

/**
 * Sends only a request's head over a raw socket (the promised body never follows) and resolves with
 * the status line the gateway answers with, or "no answer" after `waitMs`: a gateway that reads
 * bodies before checking who sends them would wait for the body until REQUEST_TIMEOUT_MS.
 */
async function statusForHeadOnly(baseUrl: string, head: string, waitMs = 2000): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  let received = '';
  try {
    return await new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), waitMs);
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        received += chunk;
        const line = received.split('\r\n')[0]!;
        if (received.includes('\r\n')) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      socket.write(head);
    });
  } finally {
    socket.destroy();
  }
}

describe('mock API: nobody unauthenticated makes the gateway hold a body', () => {
  let gateway: TestGateway;
  let adaCookie: string;
  let projectId: string;

  beforeAll(async () => {
    ({
      gateway,
      cookie: adaCookie,
      projectId,
    } = await startSignedInGateway(ADA, {
      MOCK_MAX_FILE_BYTES: String(FILE_BYTES),
    }));
  });
  afterAll(() => gateway.stop());

  it('an unauthenticated POST announcing 5 MB gets 401 at once, before its body is sent', async () => {
    const head = (extra: string) =>
      `POST /api/projects HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n${extra}\r\n`;
    expect(await statusForHeadOnly(gateway.baseUrl, head(''))).toBe('HTTP/1.1 401 Unauthorized');
    expect(await statusForHeadOnly(gateway.baseUrl, head('Authorization: Bearer cc_made-up\r\n'))).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
    expect(await statusForHeadOnly(gateway.baseUrl, head('Cookie: app.at=forged\r\n'))).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
  });

  it('a chunked body without credentials, and one to no operation, are answered before it is read', async () => {
    const chunked = `PUT /api/projects/${projectId}/files/a.vhd HTTP/1.1\r\nHost: gateway\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n`;
    expect(await statusForHeadOnly(gateway.baseUrl, chunked)).toBe('HTTP/1.1 401 Unauthorized');
    const nowhere = `POST /api/no-such-thing HTTP/1.1\r\nHost: gateway\r\nCookie: ${adaCookie}\r\nContent-Length: 5000000\r\n\r\n`;
    expect(await statusForHeadOnly(gateway.baseUrl, nowhere)).toBe('HTTP/1.1 404 Not Found');
  });

  it('a signed-in caller announcing a body is waited for (the check does not refuse real callers)', async () => {
    const head = `POST /api/projects HTTP/1.1\r\nHost: gateway\r\nCookie: ${adaCookie}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    expect(await statusForHeadOnly(gateway.baseUrl, head, 300)).toBe('no answer');
  });

  it('reads at most MOCK_MAX_FILE_BYTES plus slack: beyond is 413 {"detail"}, just over the quota is the quota’s 422', async () => {
    const create = (bytes: number) =>
      fetch(`${gateway.baseUrl}/api/projects/${projectId}/files/big.vhd`, {
        method: 'POST',
        headers: { cookie: adaCookie, 'content-type': 'text/plain' },
        body: 'x'.repeat(bytes),
      });
    const tooLarge = await create(FILE_BYTES + BODY_LIMIT_SLACK_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(Object.keys((await tooLarge.json()) as object)).toEqual(['detail']);
    const overQuota = await create(FILE_BYTES + 1);
    expect(overQuota.status).toBe(422);
    expect(JSON.stringify(await overQuota.json())).toMatch(/4 KiB|4096/);
    const fits = await create(FILE_BYTES);
    expect(fits.status).toBe(201);
  });
});
