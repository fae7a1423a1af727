import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller } from '../helpers/contract-caller.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';
import { WIDE_NAME } from '../builds/hostile-designs.js';

// The same tests on each MOCK_STORE: the in-memory one and a real Redis.
describe.each(storesUnderTest())('mock API on the $kind store: projects, files and examples', (store) => {
  let gateway: TestGateway;
  let ada: ApiCaller;
  let grace: ApiCaller;

  beforeAll(async () => {
    gateway = await startApiGateway(store.env());
    ada = await gateway.as(ADA);
    grace = await gateway.as(GRACE);
  });
  afterAll(() => gateway.stop());

  const adaProject = async (name: string) => {
    const list = (await ada('GET', '/api/projects')).json<{ id: string; name: string }[]>();
    const project = list.find((p) => p.name === name);
    if (!project) throw new Error(`no project ${name}`);
    return project.id;
  };

  it('serves the contract at /api/openapi.json without sign-in', async () => {
    const response = await gateway.anonymous('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().openapi).toBe('3.0.3');
  });

  it('lists the fixture projects of the signed-in user with their latest build', async () => {
    const response = await ada('GET', '/api/projects');
    expect(response.statusCode).toBe(200);
    const projects = response.json<{ name: string; latest_build: { status: string; error: string | null } | null }[]>();
    expect(projects.map((p) => p.name)).toEqual(['Adder', 'Limiter']);
    const limiter = projects[1]!;
    expect(limiter.latest_build?.status).toBe('failed');
    expect(limiter.latest_build?.error).toContain('limiter.vhd');
    expect(limiter.latest_build?.error).toContain('27');
    expect(
      (await grace('GET', '/api/projects'))
        .json<{ name: string; latest_build: unknown }[]>()
        .map((p) => [p.name, p.latest_build === null]),
    ).toEqual([
      ['Adder', false],
      ['Empty', true],
    ]);
  });

  it('generates the same ids and history on every start (fixed seed)', async () => {
    const second = await startApiGateway();
    try {
      const again = await second.as(ADA);
      const first = (await ada('GET', '/api/projects')).json();
      const other = (await again('GET', '/api/projects')).json();
      expect(other.map((p: { id: string }) => p.id)).toEqual(first.map((p: { id: string }) => p.id));
      const builds = async (call: ApiCaller, id: string) =>
        (await call('GET', `/api/projects/${id}/builds`))
          .json<{ id: string; status: string }[]>()
          .map((b) => [b.id, b.status]);
      expect(await builds(again, other[0].id)).toEqual(await builds(ada, first[0].id));
      expect(other.map((p: { name: string }) => p.name)).toEqual(first.map((p: { name: string }) => p.name));
    } finally {
      await second.stop();
    }
  });

  it('creates, reads, renames, reconfigures and deletes a project', async () => {
    const created = await ada('POST', '/api/projects', { body: { name: '  Servo  ' } });
    expect(created.statusCode).toBe(201);
    const project = created.json<{ id: string; name: string; config: Record<string, unknown> }>();
    expect(project.name).toBe('Servo');
    expect(project.config).toEqual({
      hardware: 'mk-go',
      slots: 2,
      os_version: '4.1.1',
      target: 'CustomInstrument',
      interpolation: false,
    });
    expect((await ada('GET', `/api/projects/${project.id}`)).json()).toEqual(project);

    const renamed = await ada('PATCH', `/api/projects/${project.id}`, { body: { name: 'Servo Driver' } });
    expect(renamed.json().name).toBe('Servo Driver');
    expect((await ada('POST', '/api/projects', { body: { name: 'servo driver' } })).statusCode).toBe(409);
    expect((await ada('PATCH', `/api/projects/${project.id}`, { body: { name: 'adder' } })).statusCode).toBe(409);

    const config = { hardware: 'mk-pro', slots: 4, os_version: '4.0.0', target: 'CustomWrapper', interpolation: true };
    const configured = await ada('PUT', `/api/projects/${project.id}/config`, { body: config });
    expect(configured.statusCode).toBe(200);
    expect((await ada('GET', `/api/projects/${project.id}`)).json().config).toEqual(config);

    expect((await ada('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await ada('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await ada('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(404);
  });

  it("marks a caller's answers, refusals too, as not for any cache; the public contract may be cached", async () => {
    for (const path of ['/api/projects', '/api/api-keys', '/api/projects/no-such-project']) {
      const response = await ada('GET', path);
      expect(response.headers['cache-control'], path).toBe('no-store');
    }
    const anonymous = await gateway.anonymous('GET', '/api/projects');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect((await gateway.anonymous('GET', '/api/openapi.json')).headers['cache-control']).toBeUndefined();
  });

  it('keeps only the config properties the contract declares: a padded config stores nothing more', async () => {
    // ProjectConfig is an open object in the contract (it is also an answer), so validation lets
    // other properties through; FastAPI's model drops them, and so does the mock.
    const config = { hardware: 'mk-pro', slots: 4, os_version: '4.0.0', target: 'CustomWrapper', interpolation: true };
    const pad = 'x'.repeat(200_000);
    const created = await ada('POST', '/api/projects', { body: { name: 'Padded', config: { ...config, pad } } });
    expect(created.statusCode).toBe(201);
    const project = created.json<{ id: string; config: Record<string, unknown> }>();
    expect(project.config).toEqual(config);
    const configured = await ada('PUT', `/api/projects/${project.id}/config`, {
      body: { ...config, interpolation: false, pad, nested: { more: pad } },
    });
    expect(configured.statusCode).toBe(200);
    expect(configured.json().config).toEqual({ ...config, interpolation: false });
    const stored = await ada('GET', `/api/projects/${project.id}`);
    expect(stored.json().config).toEqual({ ...config, interpolation: false });
    expect(stored.body.length).toBeLessThan(2_000);
    expect((await ada('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
  });

  it('creates a project from an example with its files, and refuses an unknown example', async () => {
    const examples = (await ada('GET', '/api/examples')).json<{ id: string; files: string[] }[]>();
    expect(examples).toEqual([
      {
        id: 'moving-average',
        name: 'Moving Average',
        description: 'Averages InputA.',
        language: 'vhdl',
        files: ['moving_average.vhd'],
      },
    ]);
    const created = await ada('POST', '/api/projects', { body: { name: 'From example', example: 'moving-average' } });
    expect(created.statusCode).toBe(201);
    const files = (await ada('GET', `/api/projects/${created.json().id}/files`)).json<{ name: string }[]>();
    expect(files.map((f) => f.name)).toEqual(['moving_average.vhd']);
    const missing = await ada('POST', '/api/projects', { body: { name: 'Nope', example: 'no-such-example' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toContain('no-such-example');
  });

  it('refuses a configuration buildConfigs does not offer, naming each field', async () => {
    const response = await ada('POST', '/api/projects', {
      body: {
        name: 'Bad config',
        config: { hardware: 'mk-pro', slots: 3, os_version: '9.9', target: 'Nope', interpolation: false },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual([
      'slots',
      'os_version',
      'target',
    ]);
    const configs = await ada('GET', '/api/build-configs');
    expect(configs.json().hardware.map((h: { id: string }) => h.id)).toEqual(['mk-go', 'mk-pro']);
  });

  it('creates, reads, saves, renames and deletes files, and reads back what was written', async () => {
    const id = await adaProject('Adder');
    const base = `/api/projects/${id}/files`;
    expect((await ada('GET', base)).json().map((f: { name: string }) => f.name)).toEqual(['adder.vhd', 'top.xdc']);

    const created = await ada('POST', `${base}/new.v`, { text: 'module new; endmodule\n' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'new.v', size: 22 });
    expect((await ada('POST', `${base}/new.v`, { text: '' })).statusCode).toBe(409);
    const empty = await ada('POST', `${base}/empty.vhd`);
    expect(empty.json().size).toBe(0);

    const saved = await ada('PUT', `${base}/new.v`, { text: 'module new(); endmodule\n' });
    expect(saved.statusCode).toBe(200);
    const { timestamp } = saved.json<{ timestamp: string }>();
    const read = (await ada('GET', `${base}/new.v`)).json();
    expect(read).toEqual({ name: 'new.v', content: 'module new(); endmodule\n', timestamp });

    // A save against an older version is refused and loses nothing.
    const stale = await ada('PUT', `${base}/new.v?expected_timestamp=${encodeURIComponent(created.json().timestamp)}`, {
      text: 'stale',
    });
    expect(stale.statusCode).toBe(409);
    expect((await ada('GET', `${base}/new.v`)).json().content).toBe('module new(); endmodule\n');
    const fresh = await ada('PUT', `${base}/new.v?expected_timestamp=${encodeURIComponent(timestamp)}`, {
      text: 'fresh',
    });
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(fresh.json().timestamp)).toBeGreaterThan(Date.parse(timestamp));

    const renamed = await ada('POST', `${base}/new.v/rename?new_name=renamed.v`);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('renamed.v');
    expect((await ada('GET', `${base}/new.v`)).statusCode).toBe(404);
    expect((await ada('GET', `${base}/renamed.v`)).json().content).toBe('fresh');
    expect((await ada('POST', `${base}/renamed.v/rename?new_name=adder.vhd`)).statusCode).toBe(409);
    expect((await ada('POST', `${base}/renamed.v/rename?new_name=${encodeURIComponent('a/b.v')}`)).statusCode).toBe(
      422,
    );

    expect((await ada('DELETE', `${base}/renamed.v`)).statusCode).toBe(204);
    expect((await ada('DELETE', `${base}/renamed.v`)).statusCode).toBe(404);
    expect((await ada('GET', base)).json().map((f: { name: string }) => f.name)).toEqual([
      'adder.vhd',
      'empty.vhd',
      'top.xdc',
    ]);
  });

  it('refuses a file name of 100 characters but 292 bytes of UTF-8 with a 422 that says so (issue 31)', async () => {
    const id = await adaProject('Limiter');
    const base = `/api/projects/${id}/files`;
    const refused = await ada('POST', `${base}/${encodeURIComponent(WIDE_NAME)}`, { text: 'x' });
    expect(WIDE_NAME.length).toBe(100);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([
      {
        loc: expect.any(Array),
        msg:
          'File name is 292 bytes long in UTF-8, and a file name may take at most 255 bytes ' +
          '(a character such as 中 takes 3): use a shorter name',
        type: 'value_error',
      },
    ]);
    expect((await ada('POST', `${base}/short.vhd`, { text: 'x' })).statusCode).toBe(201);
    const renamed = await ada('POST', `${base}/short.vhd/rename?new_name=${encodeURIComponent(WIDE_NAME)}`);
    expect(renamed.statusCode).toBe(422);
    expect((await ada('GET', base)).json().map((f: { name: string }) => f.name)).toContain('short.vhd');
    // 85 such characters are 255 bytes: still a name.
    const widest = `${'中'.repeat(83)}.v`;
    expect((await ada('POST', `${base}/${encodeURIComponent(widest)}`, { text: 'x' })).statusCode).toBe(201);
  });

  it('keeps an empty save and a file name with spaces and dots', async () => {
    const id = await adaProject('Limiter');
    const url = `/api/projects/${id}/files/${encodeURIComponent('my design.v2.vhd')}`;
    expect((await ada('POST', url, { text: 'x' })).statusCode).toBe(201);
    expect((await ada('PUT', url, { text: '' })).statusCode).toBe(200);
    expect((await ada('GET', url)).json().content).toBe('');
  });
});
