import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnsweredError, NoAnswerError, makeOperationCalls, operationsById, planRequest } from './operation-calls';
import { operationsDocument, type OperationsDocument } from './operations-document';

const contract = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; parameters?: unknown[] }>>;
};

describe('operationsById, on the contract', () => {
  const operations = operationsById(operationsDocument(contract));

  it('has every operation of openapi/openapi.json, with its method and path', () => {
    const expected = Object.entries(contract.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => [operation.operationId, `${method.toUpperCase()} ${path}`]),
    );
    expect(expected.length).toBeGreaterThan(30);
    const found = [...operations].map(([id, operation]) => [id, `${operation.method} ${operation.path}`]);
    expect(found.toSorted()).toEqual(expected.toSorted());
  });

  it('fills every path parameter, the path-level ones included, encoded', () => {
    for (const [id, operation] of operations) {
      const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name) => [name, `a/b ${name}?`]));
      const { url, method } = planRequest(id, operation, values, undefined);
      expect(method).toBe(operation.method);
      const expected = names.reduce(
        (path, name) => path.replace(`{${name}}`, encodeURIComponent(`a/b ${name}?`)),
        operation.path,
      );
      // The contract's one server is the app's own origin ("/").
      expect(url, id).toBe(expected);
    }
  });

  it('refuses a call without one of its path parameters before sending anything', () => {
    const operation = operations.get('getFile')!;
    expect(() => planRequest('getFile', operation, { project_id: 'p' }, undefined)).toThrow(
      'getFile: the path parameter name is missing',
    );
  });

  it("puts query parameters (and ones the document does not name) in the query, a list's items each", () => {
    const operation = operations.get('renameFile')!;
    const { url } = planRequest('renameFile', operation, { project_id: 'p', name: 'a.vhd', new_name: 'b c.vhd' }, null);
    expect(url).toBe('/api/projects/p/files/a.vhd/rename?new_name=b+c.vhd');
    const waveform = operations.get('getWaveform')!;
    const { url: listed } = planRequest(
      'getWaveform',
      waveform,
      { simulation_id: 's', from: 0, extra: ['x', 'y'] },
      null,
    );
    expect(listed).toBe('/api/simulations/s/waveform?from=0&extra=x&extra=y');
  });
});

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

describe('makeOperationCalls, over HTTP on 127.0.0.1', () => {
  let server: Server;
  let origin = '';
  const seen: Seen[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((done) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => done(body));
    });

  beforeAll(async () => {
    server = createServer((request, response) => {
      void read(request).then((body) => {
        seen.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], body });
        if (request.url!.startsWith('/api/projects/missing')) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Project not found"}');
        } else if (request.url!.startsWith('/api/projects/slow')) {
          setTimeout(() => response.writeHead(200).end('{}'), 5_000);
        } else if (request.method === 'DELETE') {
          response.writeHead(204).end();
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: body }));
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const document = (): OperationsDocument => ({ ...operationsDocument(contract), servers: [{ url: origin }] });

  it('sends JSON bodies as JSON and strings as text/plain, and answers status and parsed data', async () => {
    const calls = makeOperationCalls(document());
    const created = await calls.renameProject({ project_id: 'p1' }, { name: 'New name' });
    expect(created).toEqual({ status: 200, data: { echoed: '{"name":"New name"}' } });
    await calls.updateFile({ project_id: 'p1', name: 'top.vhd', expected_timestamp: 't1' }, 'entity x is end;');
    expect(seen.slice(-2)).toEqual([
      { method: 'PATCH', url: '/api/projects/p1', contentType: 'application/json', body: '{"name":"New name"}' },
      {
        method: 'PUT',
        url: '/api/projects/p1/files/top.vhd?expected_timestamp=t1',
        contentType: 'text/plain',
        body: 'entity x is end;',
      },
    ]);
    expect(await calls.deleteProject({ project_id: 'p1' })).toEqual({ status: 204, data: undefined });
  });

  it('rejects an answer outside 200–299 with its status and body, through onFailure', async () => {
    const failures: unknown[] = [];
    const calls = makeOperationCalls(document(), {
      onFailure: (error) => {
        failures.push(error);
        return Promise.reject(error);
      },
    });
    await expect(calls.getProject({ project_id: 'missing' })).rejects.toBeInstanceOf(AnsweredError);
    expect(failures).toHaveLength(1);
    expect((failures[0] as AnsweredError).response).toEqual({ status: 404, data: { detail: 'Project not found' } });
  });

  it('tells a call that got no answer (NoAnswerError) from one it aborted (AbortError)', async () => {
    const controller = new AbortController();
    const slow = makeOperationCalls(document()).getProject({ project_id: 'slow' }, null, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });

    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const unreachable = makeOperationCalls({ ...document(), servers: [{ url: `http://127.0.0.1:${port}` }] });
    await expect(unreachable.listProjects()).rejects.toBeInstanceOf(NoAnswerError);
  });

  it('makes no method for an operation the served document lacks', () => {
    const calls: Record<string, unknown> = makeOperationCalls({ ...document(), paths: {} });
    expect(calls.listProjects).toBeUndefined();
  });
});
