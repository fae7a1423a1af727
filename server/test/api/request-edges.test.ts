import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { caller } from '../helpers/contract-caller.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

describe('mock API: requests at the edges', () => {
  let gateway: TestGateway;
  let adaCookie: string;

  beforeAll(async () => {
    gateway = await startApiGateway();
    adaCookie = (await signIn(gateway.baseUrl, ADA)).cookieHeader;
  });
  afterAll(() => gateway.stop());

  it('only a Bearer credential is an API key: another scheme (a proxy’s Basic auth) leaves the session in charge', async () => {
    const basicWithSession = caller(gateway.app, { cookie: adaCookie, authorization: 'Basic dXNlcjpwYXNz' });
    expect((await basicWithSession('GET', '/api/projects')).statusCode).toBe(200);
    const basicAlone = caller(gateway.app, { authorization: 'Basic dXNlcjpwYXNz' });
    expect((await basicAlone('GET', '/api/projects')).statusCode).toBe(401);
    const badBearerWithSession = caller(gateway.app, { cookie: adaCookie, authorization: 'Bearer cc_made-up' });
    expect((await badBearerWithSession('GET', '/api/projects')).statusCode).toBe(401);
  });

  it('a malformed URL gets a {"detail"} 400, like every other error', async () => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/projects/x/files/%E0%A4%A',
      headers: { cookie: adaCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['detail']);
  });

  it('refuses a body larger than any the contract allows before reading it (413)', async () => {
    const projects = await caller(gateway.app, { cookie: adaCookie })('GET', '/api/projects');
    const projectId = projects.json<{ id: string }[]>()[0]!.id;
    const response = await gateway.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}/files/huge.vhd`,
      headers: { cookie: adaCookie, 'content-type': 'text/plain' },
      payload: 'x'.repeat(9 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(typeof response.json().detail).toBe('string');
  });
});
