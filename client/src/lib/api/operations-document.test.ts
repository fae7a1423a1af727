import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationsDocument } from './operations-document';

const contract = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

const operationIds = (document: { paths: Record<string, Record<string, unknown>> }) =>
  Object.values(document.paths)
    .flatMap((item) => Object.values(item).map((operation) => (operation as { operationId?: string }).operationId))
    .filter(Boolean)
    .sort();

describe('operationsDocument', () => {
  it('keeps every operation of the contract, without the schemas', () => {
    const stripped = operationsDocument(contract);
    expect(operationIds(stripped)).toEqual(operationIds(contract));
    expect(JSON.stringify(stripped)).not.toContain('"schema"');
    expect(JSON.stringify(stripped).length).toBeLessThan(JSON.stringify(contract).length / 4);
  });

  it('follows local parameter references and path-level parameters', () => {
    const stripped = operationsDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      components: { parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } } },
      paths: {
        '/things/{id}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          get: { operationId: 'getThing', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] },
        },
      },
    });
    expect(stripped.paths['/things/{id}']).toEqual({
      parameters: [{ name: 'id', in: 'path', required: true }],
      get: { operationId: 'getThing', parameters: [{ name: 'q', in: 'query' }] },
    });
  });

  it('refuses what is not an OpenAPI 3 document', () => {
    expect(() => operationsDocument('<html>')).toThrow('not an OpenAPI 3 document');
    expect(() => operationsDocument({ swagger: '2.0', paths: {} })).toThrow('not an OpenAPI 3 document');
  });
});
