import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { caller, type ApiCaller } from '../helpers/contract-caller.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';

type Detail = { loc: (string | number)[]; msg: string; type: string }[];

describe('mock API: authentication, isolation, scopes and validation', () => {
  let gateway: TestGateway;
  let ada: ApiCaller;
  let grace: ApiCaller;
  let adaAdder: string;

  beforeAll(async () => {
    gateway = await startApiGateway();
    ada = await gateway.as(ADA);
    grace = await gateway.as(GRACE);
    adaAdder = (await ada('GET', '/api/projects'))
      .json<{ id: string; name: string }[]>()
      .find((p) => p.name === 'Adder')!.id;
  });
  afterAll(() => gateway.stop());

  it('answers 401 without a session or with a forged one, and 404 for paths outside the contract', async () => {
    const missing = await gateway.anonymous('GET', '/api/projects');
    expect(missing.statusCode).toBe(401);
    expect(typeof missing.json().detail).toBe('string');
    const forged = await caller(gateway.app, { cookie: 'app.at=not-a-token' })('GET', '/api/projects');
    expect(forged.statusCode).toBe(401);
    expect((await ada('GET', '/api/nothing-here')).json()).toEqual({ detail: 'Not Found' });
    expect((await ada('GET', '/api/nothing-here')).statusCode).toBe(404);
    expect((await ada('PUT', '/api/projects')).statusCode).toBe(405);
  });

  it("keeps users apart: another user's ids are 404 and their edits invisible", async () => {
    const graceAdder = (await grace('GET', '/api/projects'))
      .json<{ id: string; name: string }[]>()
      .find((p) => p.name === 'Adder')!.id;
    expect(graceAdder).not.toBe(adaAdder);
    expect((await grace('GET', `/api/projects/${adaAdder}`)).statusCode).toBe(404);
    expect((await grace('PUT', `/api/projects/${adaAdder}/files/adder.vhd`, { text: 'hijack' })).statusCode).toBe(404);
    expect((await grace('DELETE', `/api/projects/${adaAdder}`)).statusCode).toBe(404);
    const adaBuild = (await ada('POST', `/api/projects/${adaAdder}/builds`)).json<{ id: string }>();
    expect((await grace('GET', `/api/builds/${adaBuild.id}`)).statusCode).toBe(404);
    expect((await grace('POST', `/api/builds/${adaBuild.id}/cancel`)).statusCode).toBe(404);
    expect((await grace('GET', `/api/builds/${adaBuild.id}/log`)).statusCode).toBe(404);

    // Ada's edit keeps her design buildable (a build of this project is queued below).
    const adaDesign = (await ada('GET', `/api/projects/${adaAdder}/files/adder.vhd`)).json<{ content: string }>()
      .content;
    await ada('PUT', `/api/projects/${adaAdder}/files/adder.vhd`, { text: `-- ada was here\n${adaDesign}` });
    expect((await grace('GET', `/api/projects/${graceAdder}/files/adder.vhd`)).json().content).not.toContain(
      'ada was here',
    );
    const key = (await ada('POST', '/api/api-keys', { body: { name: 'ada key', scopes: ['projects:read'] } })).json<{
      id: string;
    }>();
    expect((await grace('GET', '/api/api-keys')).json()).toEqual([]);
    expect((await grace('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(404);
    await ada('POST', `/api/builds/${adaBuild.id}/cancel`);
  });

  it('API keys: the secret is shown once, scopes are enforced, key management needs the session, revoked keys are refused', async () => {
    const created = await ada('POST', '/api/api-keys', {
      body: { name: 'Desktop', scopes: ['projects:read', 'builds:read'] },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: string; key: string; prefix: string; last_used_at: string | null }>();
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(key.last_used_at).toBeNull();
    const listed = (await ada('GET', '/api/api-keys')).json<Record<string, unknown>[]>();
    const entry = listed.find((k) => k.id === key.id)!;
    expect(entry).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const desktop = caller(gateway.app, { authorization: `Bearer ${key.key}` });
    const projects = await desktop('GET', '/api/projects');
    expect(projects.statusCode).toBe(200);
    expect(projects.json().map((p: { id: string }) => p.id)).toContain(adaAdder);
    expect((await desktop('GET', `/api/projects/${adaAdder}/builds`)).statusCode).toBe(200);
    const write = await desktop('POST', '/api/projects', { body: { name: 'by key' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toContain('projects:write');
    expect((await desktop('POST', `/api/projects/${adaAdder}/builds`)).statusCode).toBe(403);
    expect((await desktop('GET', '/api/api-keys')).statusCode).toBe(403);
    expect((await desktop('POST', '/api/identity/update-terms/2')).statusCode).toBe(403);
    expect(
      (await ada('GET', '/api/api-keys')).json().find((k: { id: string }) => k.id === key.id).last_used_at,
    ).not.toBeNull();

    const queueKey = (await ada('POST', '/api/api-keys', { body: { name: 'CI', scopes: ['builds:queue'] } })).json<{
      key: string;
    }>();
    const ci = caller(gateway.app, { authorization: `Bearer ${queueKey.key}` });
    const queued = await ci('POST', `/api/projects/${adaAdder}/builds`);
    expect(queued.statusCode, queued.body).toBe(201);
    expect((await ci('POST', `/api/builds/${queued.json().id}/cancel`)).statusCode).toBe(200);
    // builds:queue is complete access to builds (reading included), but no access to project files.
    expect((await ci('GET', `/api/builds/${queued.json().id}`)).statusCode).toBe(200);
    expect((await ci('GET', `/api/builds/${queued.json().id}/log`)).statusCode).toBe(200);
    expect((await ci('GET', `/api/projects/${adaAdder}/files`)).statusCode).toBe(403);

    // projects:write includes reading projects (and their builds), not API-key management.
    const writeKey = (
      await ada('POST', '/api/api-keys', { body: { name: 'Editor', scopes: ['projects:write'] } })
    ).json<{ key: string }>();
    const editor = caller(gateway.app, { authorization: `Bearer ${writeKey.key}` });
    expect((await editor('GET', `/api/projects/${adaAdder}/files`)).statusCode).toBe(200);
    expect((await editor('GET', `/api/projects/${adaAdder}/builds`)).statusCode).toBe(200);
    expect((await editor('GET', '/api/api-keys')).statusCode).toBe(403);

    expect((await ada('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    const revoked = await desktop('GET', '/api/projects');
    expect(revoked.statusCode).toBe(401);
    expect((await caller(gateway.app, { authorization: 'Bearer cc_made-up' })('GET', '/api/projects')).statusCode).toBe(
      401,
    );
    expect((await caller(gateway.app, { authorization: 'Basic abc' })('GET', '/api/projects')).statusCode).toBe(401);
  });

  it('updateTerms records the accepted version with the identity provider', async () => {
    const { cookieHeader } = await signIn(gateway.baseUrl, 'revised@example.com');
    const revised = caller(gateway.app, { cookie: cookieHeader });
    const response = await revised('POST', '/api/identity/update-terms/2');
    expect(response.json()).toEqual({ tos_state: 'ACCEPTED', tos_version: 2, tos_accepted_version: 2 });
    const me = await gateway.app.inject({ method: 'GET', url: '/app/me/', headers: { cookie: cookieHeader } });
    expect(me.json()).toMatchObject({ tos_state: 'ACCEPTED', tos_accepted_version: 2 });
    const older = await revised('POST', '/api/identity/update-terms/1');
    expect(older.json().tos_state).toBe('UNACCEPTED');
    expect((await revised('POST', '/api/identity/update-terms/3')).statusCode).toBe(422);
  });

  /** Per operation, a request the contract refuses, and the locations FastAPI would report. */
  const invalid: [
    string,
    string,
    string,
    { body?: unknown; text?: string; contentType?: string } | undefined,
    (string | number)[][],
  ][] = [
    ['updateTerms', 'POST', '/api/identity/update-terms/zero', undefined, [['path', 'tos_version']]],
    [
      'createProject',
      'POST',
      '/api/projects',
      { body: { name: '   ', colour: 'red', config: { slots: 99 } } },
      [
        ['body', 'name'],
        ['body', 'colour'],
        ['body', 'config', 'hardware'],
        ['body', 'config', 'os_version'],
        ['body', 'config', 'target'],
        ['body', 'config', 'interpolation'],
        ['body', 'config', 'slots'],
      ],
    ],
    [
      'createProject (malformed JSON)',
      'POST',
      '/api/projects',
      { body: '{"name": ', contentType: 'application/json' },
      [['body']],
    ],
    ['createProject (no body)', 'POST', '/api/projects', undefined, [['body']]],
    ['getProject', 'GET', `/api/projects/${'x'.repeat(65)}`, undefined, [['path', 'project_id']]],
    ['renameProject', 'PATCH', '/api/projects/PID', { body: { name: '' } }, [['body', 'name']]],
    ['deleteProject', 'DELETE', `/api/projects/${'x'.repeat(65)}`, undefined, [['path', 'project_id']]],
    [
      'updateProjectConfig',
      'PUT',
      '/api/projects/PID/config',
      { body: { hardware: 'mk-go', slots: 'two', os_version: '', target: 'CustomInstrument', interpolation: 'yes' } },
      [
        ['body', 'slots'],
        ['body', 'os_version'],
        ['body', 'interpolation'],
      ],
    ],
    ['getProjectFiles', 'GET', `/api/projects/${'x'.repeat(65)}/files`, undefined, [['path', 'project_id']]],
    ['getFile', 'GET', `/api/projects/PID/files/${'f'.repeat(101)}`, undefined, [['path', 'name']]],
    // (JSON sent to createFile, which takes text/plain, is a 415: body-media-types.test.ts.)
    ['createFile', 'POST', `/api/projects/PID/files/${'f'.repeat(101)}`, { text: 'x' }, [['path', 'name']]],
    [
      'updateFile',
      'PUT',
      '/api/projects/PID/files/adder.vhd?expected_timestamp=yesterday',
      { text: 'x' },
      [['query', 'expected_timestamp']],
    ],
    ['renameFile', 'POST', '/api/projects/PID/files/adder.vhd/rename', undefined, [['query', 'new_name']]],
    ['deleteFile', 'DELETE', `/api/projects/PID/files/${'f'.repeat(101)}`, undefined, [['path', 'name']]],
    ['projectBuilds', 'GET', `/api/projects/${'x'.repeat(65)}/builds`, undefined, [['path', 'project_id']]],
    ['newProjectBuild', 'POST', `/api/projects/${'x'.repeat(65)}/builds`, undefined, [['path', 'project_id']]],
    ['getLatestBuild', 'GET', `/api/projects/${'x'.repeat(65)}/builds/latest`, undefined, [['path', 'project_id']]],
    ['buildDetails', 'GET', `/api/builds/${'b'.repeat(65)}`, undefined, [['path', 'build_id']]],
    ['cancelBuild', 'POST', `/api/builds/${'b'.repeat(65)}/cancel`, undefined, [['path', 'build_id']]],
    [
      'getBuildLog',
      'GET',
      '/api/builds/BID/log?offset=-1&limit=0',
      undefined,
      [
        ['query', 'offset'],
        ['query', 'limit'],
      ],
    ],
    ['getArtifact', 'GET', `/api/builds/BID/artifacts/${'a'.repeat(101)}`, undefined, [['path', 'artifact_name']]],
    [
      'createApiKey',
      'POST',
      '/api/api-keys',
      { body: { name: 'k', scopes: ['everything', 'projects:read', 'projects:read'] } },
      [
        ['body', 'scopes', 0],
        ['body', 'scopes'],
      ],
    ],
    ['createApiKey (empty scopes)', 'POST', '/api/api-keys', { body: { name: 'k', scopes: [] } }, [['body', 'scopes']]],
    ['deleteApiKey', 'DELETE', `/api/api-keys/${'k'.repeat(65)}`, undefined, [['path', 'key_id']]],
  ];

  it.each(invalid)(
    '%s: invalid input is a 422 listing every problem',
    async (_name, method, url, options, locations) => {
      const response = await ada(method, url.replace('PID', adaAdder), options);
      expect(response.statusCode, response.body).toBe(422);
      const detail = response.json<{ detail: Detail }>().detail;
      for (const issue of detail) {
        expect(typeof issue.msg).toBe('string');
        expect(typeof issue.type).toBe('string');
      }
      expect(detail.map((d) => d.loc)).toEqual(expect.arrayContaining(locations));
      expect(detail.length).toBe(locations.length);
    },
  );

  it('loses nothing on a refused request', async () => {
    const before = (await ada('GET', `/api/projects/${adaAdder}`)).json();
    await ada('PATCH', `/api/projects/${adaAdder}`, { body: { name: '' } });
    await ada('PUT', `/api/projects/${adaAdder}/config`, {
      body: { hardware: 'nope', slots: 1, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false },
    });
    expect((await ada('GET', `/api/projects/${adaAdder}`)).json()).toEqual(before);
  });
});
