import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInGateway, type TestGateway } from '../helpers/gateway.js';

/** Bugs the mock's fuzz test (server/test/contract/mock-fuzz.test.ts) found, kept as plain regression tests. */
describe('mock API: fuzz findings', () => {
  let gateway: TestGateway;
  let cookie: string;
  let projectId: string;
  const url = (path: string) => `${gateway.baseUrl}${path}`;

  beforeAll(async () => {
    ({ gateway, cookie, projectId } = await startSignedInGateway());
  });
  afterAll(() => gateway.stop());

  it('a blank number in the query (?offset=+, a space) is a 422 int_parsing, not read as 0', async () => {
    const builds = (await (await fetch(url(`/api/projects/${projectId}/builds`), { headers: { cookie } })).json()) as {
      id: string;
    }[];
    for (const query of ['offset=+', 'limit=%20%20']) {
      const response = await fetch(url(`/api/builds/${builds[0]!.id}/log?${query}`), { headers: { cookie } });
      expect(response.status, query).toBe(422);
      const { detail } = (await response.json()) as { detail: { loc: string[]; type: string }[] };
      expect(detail).toEqual([expect.objectContaining({ loc: ['query', query.split('=')[0]], type: 'int_parsing' })]);
    }
  });

  it('a save with no body at all is a 422 (the body is required); an empty text/plain body saves an empty file', async () => {
    const missing = await fetch(url(`/api/projects/${projectId}/files/adder.vhd`), {
      method: 'PUT',
      headers: { cookie },
    });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
    const empty = await fetch(url(`/api/projects/${projectId}/files/adder.vhd`), {
      method: 'PUT',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '',
    });
    expect(empty.status).toBe(200);
    const file = (await (
      await fetch(url(`/api/projects/${projectId}/files/adder.vhd`), { headers: { cookie } })
    ).json()) as { content: string };
    expect(file.content).toBe('');
  });
});
