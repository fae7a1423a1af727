import { readFileSync } from 'node:fs';
import { OpenAPIClientAxios, type Document } from 'openapi-client-axios';
import { describe, expect, it } from 'vitest';
import { operationsDocument } from './operations-document';

const contract = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as Document;

/** Every operation as openapi-client-axios sees it: id, method, path and parameter places. */
function callShapes(definition: Document) {
  const api = new OpenAPIClientAxios({ definition });
  api.initSync();
  return api
    .getOperations()
    .map((operation) => ({
      id: operation.operationId,
      method: operation.method,
      path: operation.path,
      parameters: (operation.parameters ?? []).map((parameter) => {
        const { name, in: place, required } = parameter as { name: string; in: string; required?: boolean };
        return { name, in: place, required: required === true };
      }),
    }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

describe('operationsDocument', () => {
  it('keeps every operation of the contract as the client builds it, without the schemas', () => {
    const stripped = operationsDocument(contract);
    expect(callShapes(stripped as unknown as Document)).toEqual(callShapes(contract));
    expect(JSON.stringify(stripped)).not.toContain('"schema"');
    expect(JSON.stringify(stripped).length).toBeLessThan(JSON.stringify(contract).length / 4);
  });

  it('builds the same request for an operation with path parameters', () => {
    const build = (definition: Document) => {
      const api = new OpenAPIClientAxios({ definition });
      api.initSync();
      const operationId = api.getOperations().find((operation) => operation.path.includes('{'))?.operationId;
      if (!operationId) throw new Error('the contract has no operation with a path parameter');
      const operation = api.getOperation(operationId)!;
      const names = (operation.parameters ?? [])
        .map((parameter) => parameter as { name: string; in: string })
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      return api.getRequestConfigForOperation(operation, [
        Object.fromEntries(names.map((name) => [name, `${name}-value`])),
      ]);
    };
    const fromStripped = build(operationsDocument(contract) as unknown as Document);
    expect(fromStripped.url).toMatch(/-value/);
    expect(fromStripped).toEqual(build(contract));
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
