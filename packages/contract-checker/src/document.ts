import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIRouter } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The repository's contract, found from this file (packages/contract-checker/src): what `npm run contract`
 * and the tests read. The gateway passes its own CONTRACT_FILE (server/src/config.ts), which also holds
 * where the package is compiled into server/dist.
 */
export const DEFAULT_CONTRACT_FILE = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));

/** Served under /api but not an operation: the document itself (the SPA fetches it). */
const DOCUMENT_URL_PATH = '/api/openapi.json';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: OpenAPIV3.SchemaObject;
}

export interface ContractOperation {
  operationId: string;
  /** Upper case, as on the wire. */
  method: string;
  /** The path template, e.g. /api/projects/{project_id}. */
  path: string;
  parameters: ContractParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema?: OpenAPIV3.SchemaObject }> };
  /** Status code (as written in the document) → media type → schema; an empty map means no body. */
  responses: Record<string, Record<string, OpenAPIV3.SchemaObject | undefined>>;
  /** Documented statuses, sorted: what coverage is measured against. */
  statuses: string[];
}

export interface MatchedOperation {
  operation: ContractOperation;
  /** Raw (still percent-decoded by the router) path parameter values. */
  pathParams: Record<string, string>;
}

/**
 * The contract document, loaded once: the operations flattened (path-level parameters merged in)
 * and a router that matches a method + path to one of them. Schemas keep their local `$ref`s; the
 * validator resolves them against `components`.
 */
export class ContractDocument {
  readonly operations: ContractOperation[];
  readonly components: OpenAPIV3.ComponentsObject;
  private readonly byId = new Map<string, ContractOperation>();
  private readonly router: OpenAPIRouter<OpenAPIV3.Document>;
  private readonly matches = new Map<string, MatchedOperation | undefined>();

  constructor(readonly definition: OpenAPIV3.Document) {
    this.components = definition.components ?? {};
    this.router = new OpenAPIRouter({ definition, ignoreTrailingSlashes: false });
    this.operations = [];
    for (const [templatePath, item] of Object.entries(definition.paths ?? {})) {
      if (!item) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation?.operationId) continue;
        const parameters = mergeParameters(item.parameters, operation.parameters);
        const requestBody = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
        const responses: ContractOperation['responses'] = {};
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const content = (response as OpenAPIV3.ResponseObject).content ?? {};
          responses[status] = Object.fromEntries(
            Object.entries(content).map(([type, media]) => [
              type.toLowerCase(),
              media.schema as OpenAPIV3.SchemaObject | undefined,
            ]),
          );
        }
        const contractOperation: ContractOperation = {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path: templatePath,
          parameters,
          requestBody: requestBody && {
            required: requestBody.required ?? false,
            content: Object.fromEntries(
              Object.entries(requestBody.content).map(([type, media]) => [
                type.toLowerCase(),
                { schema: media.schema as OpenAPIV3.SchemaObject | undefined },
              ]),
            ),
          },
          responses,
          statuses: Object.keys(responses).sort(),
        };
        this.operations.push(contractOperation);
        this.byId.set(contractOperation.operationId, contractOperation);
      }
    }
  }

  /** Reads and parses a document file; one instance per path per process. */
  static load(file: string = DEFAULT_CONTRACT_FILE): ContractDocument {
    const resolved = path.resolve(file);
    let document = loaded.get(resolved);
    if (!document) {
      document = new ContractDocument(JSON.parse(fs.readFileSync(resolved, 'utf8')) as OpenAPIV3.Document);
      loaded.set(resolved, document);
    }
    return document;
  }

  operation(operationId: string): ContractOperation | undefined {
    return this.byId.get(operationId);
  }

  /** The operation a request is for, by method and path (no query string), or undefined. */
  match(method: string, pathname: string): MatchedOperation | undefined {
    // openapi-backend tries every operation's pattern: the answers for recent paths are kept (bounded).
    const key = `${method} ${pathname}`;
    let matched = this.matches.get(key);
    if (!this.matches.has(key)) {
      matched = this.matchUncached(method, pathname);
      if (this.matches.size >= 10_000) this.matches.clear();
      this.matches.set(key, matched);
    }
    return matched && { operation: matched.operation, pathParams: { ...matched.pathParams } };
  }

  private matchUncached(method: string, pathname: string): MatchedOperation | undefined {
    const request = { method: method.toLowerCase(), path: pathname, headers: {} };
    const matched = this.router.matchOperation(request);
    if (!matched?.operationId) return undefined;
    const operation = this.byId.get(matched.operationId);
    if (!operation) return undefined;
    const parsed = this.router.parseRequest(request, matched);
    return { operation, pathParams: parsed.params as Record<string, string> };
  }

  /** True for paths under /api that are not operations but still legitimate (the document). */
  isNonOperationPath(pathname: string): boolean {
    return pathname === DOCUMENT_URL_PATH;
  }

  /** True when some operation has this path template shape but another method (→ 405-like). */
  pathExists(pathname: string): boolean {
    return METHODS.some((method) => this.router.matchOperation({ method, path: pathname, headers: {} }) !== undefined);
  }
}

const loaded = new Map<string, ContractDocument>();

function mergeParameters(
  pathLevel: (OpenAPIV3.ReferenceObject | OpenAPIV3.ParameterObject)[] | undefined,
  operationLevel: (OpenAPIV3.ReferenceObject | OpenAPIV3.ParameterObject)[] | undefined,
): ContractParameter[] {
  const merged = new Map<string, ContractParameter>();
  for (const parameter of [...(pathLevel ?? []), ...(operationLevel ?? [])] as OpenAPIV3.ParameterObject[]) {
    merged.set(`${parameter.in}:${parameter.name}`, {
      name: parameter.name,
      in: parameter.in as ContractParameter['in'],
      required: parameter.required ?? false,
      schema: (parameter.schema ?? {}) as OpenAPIV3.SchemaObject,
    });
  }
  return [...merged.values()];
}
