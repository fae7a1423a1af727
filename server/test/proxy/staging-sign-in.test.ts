import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, startGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { freePort } from '../helpers/tcp.js';
import { ADA } from '../helpers/test-fixtures.js';

/**
 * A front-end developer's set-up (README, Proxy mode): this gateway in proxy mode in front of a mock
 * "staging" gateway. The app asks the identity provider to come back to the proxy's address, which
 * staging accepts only when its PUBLIC_URL is that address; until then its error page says so.
 */
const running: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.close();
});

/** A proxy gateway on its own port, and a mock staging behind it (`stagingEnv` its settings). */
async function proxyInFrontOfStaging(stagingEnv: (proxyUrl: string) => Record<string, string>) {
  const port = await freePort();
  const proxyUrl = `http://127.0.0.1:${port}`;
  const staging = await startGateway(stagingEnv(proxyUrl));
  running.push(staging);
  const proxy = await buildTestApp({
    MODE: 'proxy',
    PUBLIC_URL: proxyUrl,
    API_UPSTREAM: staging.baseUrl,
    AUTH_UPSTREAM: staging.baseUrl,
  });
  running.push(proxy);
  await proxy.listen({ port, host: '127.0.0.1' });
  return proxyUrl;
}

const loginQuery = (proxyUrl: string) =>
  new URLSearchParams({ client_id: 'cloud-compile', redirect_uri: `${proxyUrl}/`, state: 's', scope: 'openid' });

describe('proxy mode in front of a mock staging', () => {
  it("staging's PUBLIC_URL left at its own address: the sign-in page refuses the redirect and names the setting", async () => {
    const proxyUrl = await proxyInFrontOfStaging(() => ({}));
    const response = await fetch(`${proxyUrl}/app/login/?${loginQuery(proxyUrl).toString()}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<h1>Redirect not allowed</h1>');
    expect(html).toContain(`The redirect_uri (${proxyUrl}) is not an address of this application`);
    expect(html).toContain('set this gateway’s PUBLIC_URL to the address people open the app at');
  });

  it("staging's PUBLIC_URL set to the proxy's address: signing in through the proxy works", async () => {
    const proxyUrl = await proxyInFrontOfStaging((url) => ({ PUBLIC_URL: url }));
    const { location, cookieHeader } = await signIn(proxyUrl, ADA, { redirectUri: `${proxyUrl}/` });
    expect(location.startsWith(`${proxyUrl}/?`)).toBe(true);
    const projects = await fetch(`${proxyUrl}/api/projects`, { headers: { cookie: cookieHeader } });
    expect(projects.status).toBe(200);
  });
});
