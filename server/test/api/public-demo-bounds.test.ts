import { afterEach, describe, expect, it } from 'vitest';
import { CookieJar } from '../helpers/sign-in.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

/**
 * The public demo (MOCK_SANDBOX=session) at its default sign-in rate limit, over real HTTP: one
 * client address cannot fill the demo's workspaces, an IPv6 /64 is one address, and a full demo
 * makes room from workspaces that hold nobody's work before it refuses anyone. Client addresses come
 * in X-Forwarded-For from a trusted 127.0.0.1, as behind the demo's reverse proxy.
 */
const LOGIN = '/app/login/?client_id=cloud-compile&scope=openid%20offline_access';

let gateway: TestGateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestGateway> {
  // MOCK_SIGN_IN_RATE_LIMIT at its default: the other API tests raise it.
  gateway = await startApiGateway({
    MOCK_SANDBOX: 'session',
    TRUST_PROXY: '127.0.0.1',
    MOCK_SIGN_IN_RATE_LIMIT: '20',
    ...env,
  });
  return gateway;
}

interface Visitor {
  jar: CookieJar;
  address: string;
}

async function signInFrom(baseUrl: string, address: string): Promise<{ status: number; visitor: Visitor }> {
  const jar = new CookieJar();
  const response = await jar.fetch(`${baseUrl}${LOGIN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ email: ADA }).toString(),
  });
  await response.body?.cancel();
  return { status: response.status, visitor: { jar, address } };
}

async function call(baseUrl: string, visitor: Visitor, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await visitor.jar.fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-forwarded-for': visitor.address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { detail?: string; id?: string; name?: string } };
}

const newProject = (baseUrl: string, visitor: Visitor, name: string) =>
  call(baseUrl, visitor, 'POST', '/api/projects', { name });

describe('public demo: one address cannot fill it', () => {
  it('at the defaults, one IPv6 /64 gets 20 sign-ins a minute, whichever of its addresses it uses; others still get in', async () => {
    const { baseUrl } = await start();
    for (let i = 1; i <= 20; i++) {
      const { status, visitor } = await signInFrom(baseUrl, `2001:db8:bad:1::${i.toString(16)}`);
      expect(status, `sign-in ${i}`).toBe(302);
      expect((await newProject(baseUrl, visitor, `Mine ${i}`)).status, `project ${i}`).toBe(201);
    }
    // A fresh address of the same /64 is the same key; so is the same prefix written another way.
    expect((await signInFrom(baseUrl, '2001:db8:bad:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await signInFrom(baseUrl, '2001:0db8:0bad:0001::abcd')).status).toBe(429);
    // Another /64, an IPv4 address, and that IPv4 address written as IPv4-mapped IPv6 share nothing with it.
    const other = await signInFrom(baseUrl, '2001:db8:bad:2::1');
    expect(other.status).toBe(302);
    expect((await newProject(baseUrl, other.visitor, 'Theirs')).status).toBe(201);
    expect((await signInFrom(baseUrl, '198.51.100.7')).status).toBe(302);
    expect((await signInFrom(baseUrl, '::ffff:198.51.100.8')).status).toBe(302);
  });

  it('one address holds at most MOCK_MAX_SANDBOXES_PER_ADDRESS workspaces; a full demo drops untouched ones, never work in use', async () => {
    const { baseUrl } = await start({ MOCK_MAX_SANDBOXES: '4', MOCK_MAX_SANDBOXES_PER_ADDRESS: '2' });
    const ada = (await signInFrom(baseUrl, '198.51.100.1')).visitor;
    const adaProject = await newProject(baseUrl, ada, 'Ada at work');
    expect(adaProject.status).toBe(201);

    // The flood: sign in, make a workspace, repeat, from addresses of one /64.
    const flood: Visitor[] = [];
    for (let i = 1; i <= 4; i++) flood.push((await signInFrom(baseUrl, `2001:db8:bad:1::${i}`)).visitor);
    expect((await newProject(baseUrl, flood[0]!, 'Flood 1')).status).toBe(201);
    expect((await newProject(baseUrl, flood[1]!, 'Flood 2')).status).toBe(201);
    for (const visitor of flood.slice(2)) {
      for (const attempt of [
        newProject(baseUrl, visitor, 'Flood more'),
        call(baseUrl, visitor, 'GET', '/api/projects'),
      ]) {
        const refused = await attempt;
        expect(refused.status).toBe(503);
        expect(refused.body.detail).toBe(
          'Too many workspaces from your address: at most 2 in use at once. Keep working in the ones you have, or try again once one has been idle for 60 minutes.',
        );
      }
    }

    // Ada + 2 flood workspaces hold work; a reader's workspace is a pristine copy of the fixtures.
    const reader = (await signInFrom(baseUrl, '198.51.100.2')).visitor;
    expect((await call(baseUrl, reader, 'GET', '/api/projects')).status).toBe(200);
    // The demo is full (4); the newcomer's workspace replaces the reader's untouched one.
    const newcomer = (await signInFrom(baseUrl, '198.51.100.3')).visitor;
    expect((await newProject(baseUrl, newcomer, 'Newcomer at work')).status).toBe(201);
    // Now every workspace holds work in use: the next visitor is refused, nobody's work is dropped.
    const late = (await signInFrom(baseUrl, '198.51.100.4')).visitor;
    const refused = await call(baseUrl, late, 'GET', '/api/projects');
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toMatch(/^The demo is full: it keeps at most 4 visitors' workspaces/);

    const adaAfter = await call(baseUrl, ada, 'GET', `/api/projects/${adaProject.body.id}`);
    expect(adaAfter.status).toBe(200);
    expect(adaAfter.body.name).toBe('Ada at work');
  });
});
