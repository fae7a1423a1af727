import { describe, expect, it } from 'vitest';
import { ContractOperations, UpstreamOperations, operationKey, type UpstreamDocument } from './operations.js';

const contract = {
  paths: {
    '/api/projects': { get: {}, post: {} },
    '/api/projects/{project_id}': { get: {}, delete: {} },
    '/api/projects/examples': { get: {} },
    '/api/projects/{project_id}/files/{name}': { put: {} },
  },
};

describe('ContractOperations', () => {
  const operations = new ContractOperations(contract);

  it('matches a request to its operation, a fixed segment before a parameter, HEAD as GET', () => {
    expect(operations.match('GET', '/api/projects/examples')).toBe('GET /api/projects/examples');
    expect(operations.match('DELETE', '/api/projects/p1')).toBe('DELETE /api/projects/{}');
    expect(operations.match('HEAD', '/api/projects/p1')).toBe('GET /api/projects/{}');
    expect(operations.match('PUT', '/api/projects/p1/files/top.vhd')).toBe('PUT /api/projects/{}/files/{}');
  });

  it('matches nothing outside the contract: another method, a longer path, a parameter spanning segments', () => {
    expect(operations.match('PATCH', '/api/projects')).toBeUndefined();
    expect(operations.match('GET', '/api/projects/p1/extra')).toBeUndefined();
    expect(operations.match('PUT', '/api/projects/p1/files/a/b')).toBeUndefined();
  });
});

/** Lets a refresh started in the background finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

function upstream(documents: UpstreamDocument[]) {
  let clock = 0;
  const told: string[] = [];
  let reads = 0;
  const operations = new UpstreamOperations({
    fetchDocument: async () => documents[Math.min(reads++, documents.length - 1)]!,
    onKnowledge: (message) => told.push(message),
    refreshMs: 1000,
    now: () => clock,
  });
  return { operations, told, reads: () => reads, advance: (ms: number) => (clock += ms) };
}

describe('UpstreamOperations', () => {
  const partial = { document: { paths: { '/api/projects': { get: {} } } } };

  it('counts as missing what the upstream description leaves out, reading it again after the refresh time', async () => {
    const { operations, reads, advance, told } = upstream([partial, { document: contract }]);
    expect(await operations.isMissing('GET /api/projects')).toBe(false);
    expect(await operations.isMissing('POST /api/projects')).toBe(true);
    expect(reads()).toBe(1);
    advance(1000);
    // The refresh runs while the last description still answers.
    expect(await operations.isMissing('POST /api/projects')).toBe(true);
    await settled();
    expect(await operations.isMissing('POST /api/projects')).toBe(false);
    expect(reads()).toBe(2);
    expect(told).toHaveLength(2);
  });

  it('reads paths under the description’s server path as the contract’s', async () => {
    const { operations } = upstream([
      { document: { servers: [{ url: '/api' }], paths: { '/projects': { get: {} } } } },
    ]);
    expect(await operations.isMissing(operationKey('get', '/api/projects'))).toBe(false);
  });

  it('without a description, falls back only for what answered 501, for the refresh time', async () => {
    const { operations, advance, told } = upstream([
      { problem: 'the compile API answered 404 to GET /api/openapi.json' },
    ]);
    expect(await operations.isMissing('GET /api/projects')).toBe(false);
    expect(told[0]).toMatch(/404 .*only operations it answers 501/);
    operations.answered501('GET /api/projects');
    expect(await operations.isMissing('GET /api/projects')).toBe(true);
    advance(1000);
    expect(await operations.isMissing('GET /api/projects')).toBe(false);
  });

  it('keeps the last description when a later read fails', async () => {
    const { operations, advance, told } = upstream([partial, { problem: 'GET /api/openapi.json failed (timeout)' }]);
    expect(await operations.isMissing('POST /api/projects')).toBe(true);
    advance(1000);
    await operations.isMissing('POST /api/projects');
    await settled();
    expect(await operations.isMissing('POST /api/projects')).toBe(true);
    expect(await operations.isMissing('GET /api/projects')).toBe(false);
    expect(told.at(-1)).toMatch(/timeout.*the last description read still decides/);
  });
});
