import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/mock/api/api.js';
import { startSignedInGateway, type TestGateway } from '../helpers/gateway.js';

/**
 * A body in a media type the operation does not take answers 415 {"detail"} (never 500), for every
 * operation of the contract that has a request body, over real HTTP.
 */
describe('bodies in a media type the operation does not take', () => {
  let gateway: TestGateway;
  let cookie: string;
  let projectId: string;
  const url = (path: string) => `${gateway.baseUrl}${path}`;

  beforeAll(async () => {
    ({ gateway, cookie, projectId } = await startSignedInGateway());
  });
  afterAll(() => gateway.stop());

  it("the issue's case: POST /api/projects with JSON sent as text/plain is 415, and no project is made", async () => {
    const response = await fetch(url('/api/projects'), {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'Sent as text' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ detail: 'createProject takes a application/json body, not text/plain' });
    const names = (
      (await (await fetch(url('/api/projects'), { headers: { cookie } })).json()) as { name: string }[]
    ).map((p) => p.name);
    expect(names).not.toContain('Sent as text');
  });

  it('every operation with a request body refuses every other media type with 415 {"detail"}', async () => {
    const { api } = await loadContract();
    const withBody = api.getOperations().filter((o) => o.requestBody);
    expect(withBody.map((o) => o.operationId).sort()).toEqual([
      'checkDraft',
      'createApiKey',
      'createFile',
      'createProject',
      'renameProject',
      'startSimulation',
      'updateFile',
      'updateProjectConfig',
    ]);
    const wrongTypes = [
      'text/plain',
      'application/json',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ];
    for (const operation of withBody) {
      const accepted = Object.keys((operation.requestBody as { content: Record<string, unknown> }).content);
      const path = operation.path.replace('{project_id}', projectId).replace('{name}', 'adder.vhd');
      for (const type of wrongTypes.filter((t) => !accepted.includes(t.split(';')[0]!))) {
        const response = await fetch(url(path), {
          method: operation.method.toUpperCase(),
          headers: { cookie, 'content-type': type },
          body: accepted.includes('application/json') ? 'plain words' : JSON.stringify({ content: 'x' }),
        });
        expect(response.status, `${operation.operationId} with ${type}`).toBe(415);
        const body = (await response.json()) as { detail: string };
        expect(body.detail).toContain(`${operation.operationId} takes a ${accepted.join(' or ')} body`);
      }
      // And each operation's 415 is in the contract, so a client can expect it.
      expect(Object.keys(operation.responses ?? {}), operation.operationId).toContain('415');
    }
  });

  it('a body without any Content-Type is 415 too; an operation that takes no body ignores one', async () => {
    const noType = await fetch(url('/api/projects'), {
      method: 'POST',
      headers: { cookie },
      body: new Blob([JSON.stringify({ name: 'Untyped' })]),
    });
    expect(noType.status).toBe(415);
    expect(((await noType.json()) as { detail: string }).detail).toMatch(/not one without a Content-Type/);

    const build = await fetch(url(`/api/projects/${projectId}/builds`), {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'ignored',
    });
    expect(build.status).toBe(201);
  });
});
