import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';

/** Tokens are credentials: none may reach a log line, even at trace level. */
describe('mock identity: logging', () => {
  const lines: string[] = [];
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, lines);
  });
  afterAll(() => gateway.close());

  it('logs requests, refusals and refresh failures without any token or cookie value', async () => {
    const { jar, cookies } = await signIn(gateway.baseUrl, 'ada@example.com');
    const refresh = () =>
      jar.fetch(`${gateway.baseUrl}/app/refresh/?client_id=cloud-compile`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
      });
    expect((await refresh()).status).toBe(200);
    const rotated = [jar.get('app.at'), jar.get('app.rt'), jar.get('app.idt')];
    const replay = await fetch(`${gateway.baseUrl}/app/refresh/?client_id=cloud-compile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `app.rt=${cookies['app.rt']}` },
    });
    expect(replay.status).toBe(400);
    await jar.fetch(`${gateway.baseUrl}/app/me/`);
    await jar.fetch(`${gateway.baseUrl}/app/logout/?client_id=cloud-compile`);

    const log = lines.join('');
    expect(log).toContain('refresh token refused');
    expect(log).toContain('/app/refresh/');
    const secrets = [cookies['app.at'], cookies['app.rt'], cookies['app.idt'], ...rotated];
    for (const secret of secrets) {
      expect(secret!.length).toBeGreaterThan(20);
      expect(log).not.toContain(secret!);
      expect(log).not.toContain(secret!.split('.')[2] ?? secret!); // not even a JWT signature
    }
  });
});
