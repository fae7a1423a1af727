import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import type { ContractDocument, ContractOperation, ContractParameter } from './document.js';
import { COMPONENTS_ID, toJsonSchema } from './json-schema.js';
import { VerdictCache } from './verdict-cache.js';

export type Direction = 'request' | 'response';

/** One way a request or response departs from the document. */
export interface Violation {
  /** operationId, or null when no operation matches the request. */
  operation: string | null;
  method: string;
  /** The concrete path requested (no query string). */
  path: string;
  direction: Direction;
  /**
   * Where, as a dotted path from the message: `request.query.new_name`, `request.body.name`,
   * `response.status`, `response.header.content-type`, `response.body[0].id`.
   */
  location: string;
  message: string;
  /** The response status, for response violations. */
  status?: number;
}

/**
 * A body as the validator sees it: absent, fully read, or `partial` — larger than the reader agreed
 * to keep, or cut off — in which case only its head (status, content type) is judged.
 */
export type BodySample = { kind: 'absent' } | { kind: 'complete'; bytes: Buffer } | { kind: 'partial' };

export interface RequestToCheck {
  method: string;
  /** Path plus optional query string, as on the wire. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: BodySample;
}

export interface CheckedRequest {
  operation?: ContractOperation;
  path: string;
  violations: Violation[];
}

export interface ResponseToCheck {
  status: number;
  contentType: string | undefined;
  body: BodySample;
}

/** Media types whose body is JSON and so can be checked against a schema. */
export function isJsonMediaType(mediaType: string | undefined): boolean {
  if (!mediaType) return false;
  return mediaType === 'application/json' || /^application\/[\w.+-]*\+json$/.test(mediaType);
}

/** `text/plain; charset=utf-8` → `text/plain`. */
export function mediaTypeOf(contentType: string | string[] | undefined): string | undefined {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/**
 * Checks requests and responses against the contract: which operation, its parameters and
 * request body; the response status (must be documented for the operation), content type and
 * body schema. Used alike by the validating proxy, the contract CLI and the tests.
 */
export class ContractValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** Body checks by schema and digest (verdict-cache.ts): the same answer is checked once. */
  private readonly bodyVerdicts = new VerdictCache<[string, string][]>();
  /**
   * Bodiless requests by method and URL, when nothing else of a request can matter: the contract
   * has no header or cookie parameters (true of today's; a contract with some is checked each time).
   */
  private readonly bodilessVerdicts?: VerdictCache<CheckedRequest>;

  constructor(readonly document: ContractDocument) {
    this.ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: COMPONENTS_ID, components: toJsonSchema(document.components) }, COMPONENTS_ID);
    const readsHeaders = document.operations.some((operation) =>
      operation.parameters.some((parameter) => parameter.in === 'header' || parameter.in === 'cookie'),
    );
    if (!readsHeaders) this.bodilessVerdicts = new VerdictCache();
  }

  checkRequest(request: RequestToCheck): CheckedRequest {
    if (this.bodilessVerdicts && request.body.kind === 'absent')
      return this.bodilessVerdicts.byKey(`${request.method} ${request.url}`, () => this.checkRequestNow(request));
    return this.checkRequestNow(request);
  }

  private checkRequestNow(request: RequestToCheck): CheckedRequest {
    const url = new URL(request.url, 'http://contract.invalid');
    const path = url.pathname;
    const method = request.method.toUpperCase();
    const matched = this.document.match(method, path);
    const violation = (location: string, message: string, operation: string | null): Violation => ({
      operation,
      method,
      path,
      direction: 'request',
      location,
      message,
    });

    if (!matched) {
      if (this.document.isNonOperationPath(path)) return { path, violations: [] };
      const message = this.document.pathExists(path)
        ? `${method} is not documented for this path`
        : 'no operation in the document matches this path';
      return { path, violations: [violation('request.path', message, null)] };
    }

    const { operation, pathParams } = matched;
    const violations: Violation[] = [];
    const add = (location: string, message: string) =>
      violations.push(violation(location, message, operation.operationId));

    for (const parameter of operation.parameters) {
      const raw = this.parameterValue(parameter, pathParams, url.searchParams, request.headers);
      const location = `request.${parameter.in}.${parameter.name}`;
      if (raw === undefined) {
        if (parameter.required) add(location, 'is required');
        continue;
      }
      const value = coerce(raw, parameter.schema);
      for (const error of this.validate(
        `param:${operation.operationId}:${parameter.in}:${parameter.name}`,
        parameter.schema,
        value,
      )) {
        add(errorLocation(location, error), errorMessage(error));
      }
    }
    for (const name of url.searchParams.keys()) {
      if (!operation.parameters.some((p) => p.in === 'query' && p.name === name)) {
        add(`request.query.${name}`, 'is not a documented query parameter');
      }
    }

    const mediaType = mediaTypeOf(request.headers['content-type']);
    const hasBody =
      request.body.kind !== 'absent' && !(request.body.kind === 'complete' && request.body.bytes.length === 0);
    if (!operation.requestBody) {
      if (hasBody) add('request.body', 'this operation takes no request body');
    } else if (!hasBody) {
      if (operation.requestBody.required) add('request.body', 'is required');
    } else {
      const media = mediaType ? operation.requestBody.content[mediaType] : undefined;
      if (!mediaType || !media) {
        const allowed = Object.keys(operation.requestBody.content).join(', ');
        add('request.header.content-type', `${mediaType ?? 'no content type'} is not documented; expected ${allowed}`);
      } else if (media.schema && request.body.kind === 'complete') {
        const key = `request:${operation.operationId}:${mediaType}`;
        for (const [location, message] of this.checkBody(
          key,
          media.schema,
          mediaType,
          request.body.bytes,
          'request.body',
        )) {
          add(location, message);
        }
      }
    }
    return { operation, path, violations };
  }

  /** Status and content type: what can be judged from the response head alone. */
  checkResponseHead(
    operation: ContractOperation,
    method: string,
    path: string,
    status: number,
    contentType: string | undefined,
  ): Violation[] {
    const violation = (location: string, message: string): Violation => ({
      operation: operation.operationId,
      method: method.toUpperCase(),
      path,
      direction: 'response',
      location,
      message,
      status,
    });
    const documented = this.responseFor(operation, status);
    if (!documented) {
      return [
        violation(
          'response.status',
          `${status} is not documented for ${operation.operationId} (documented: ${operation.statuses.join(', ')})`,
        ),
      ];
    }
    const mediaTypes = Object.keys(documented);
    const mediaType = mediaTypeOf(contentType);
    if (mediaTypes.length === 0) return [];
    if (!mediaType || !mediaTypes.includes(mediaType)) {
      return [
        violation(
          'response.header.content-type',
          `${mediaType ?? 'no content type'} is not documented for ${status}; expected ${mediaTypes.join(', ')}`,
        ),
      ];
    }
    return [];
  }

  /**
   * The whole response. A body larger than the caller read (`too-large`) is judged on its head
   * only; so are media types that are not JSON or text (artifacts).
   */
  checkResponse(operation: ContractOperation, method: string, path: string, response: ResponseToCheck): Violation[] {
    const head = this.checkResponseHead(operation, method, path, response.status, response.contentType);
    if (head.length > 0) return head;
    const documented = this.responseFor(operation, response.status)!;
    const mediaType = mediaTypeOf(response.contentType);
    const violation = (location: string, message: string): Violation => ({
      operation: operation.operationId,
      method: method.toUpperCase(),
      path,
      direction: 'response',
      location,
      message,
      status: response.status,
    });
    if (Object.keys(documented).length === 0) {
      const hasBody =
        response.body.kind === 'partial' || (response.body.kind === 'complete' && response.body.bytes.length > 0);
      return hasBody ? [violation('response.body', `${response.status} is documented without a body`)] : [];
    }
    const schema = mediaType ? documented[mediaType] : undefined;
    if (!schema || response.body.kind !== 'complete') return [];
    if (!isJsonMediaType(mediaType) && !mediaType!.startsWith('text/')) return [];
    const key = `response:${operation.operationId}:${response.status}:${mediaType}`;
    return this.checkBody(key, schema, mediaType!, response.body.bytes, 'response.body').map(([location, message]) =>
      violation(location, message),
    );
  }

  /** The documented response for a status: exact code, then 2XX-style ranges, then default. */
  private responseFor(
    operation: ContractOperation,
    status: number,
  ): Record<string, OpenAPIV3.SchemaObject | undefined> | undefined {
    return (
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default
    );
  }

  private checkBody(
    key: string,
    schema: OpenAPIV3.SchemaObject,
    mediaType: string,
    bytes: Buffer,
    root: string,
  ): [string, string][] {
    return this.bodyVerdicts.get(`${key}\0${root}`, bytes, () =>
      this.checkBodyNow(key, schema, mediaType, bytes, root),
    );
  }

  private checkBodyNow(
    key: string,
    schema: OpenAPIV3.SchemaObject,
    mediaType: string,
    bytes: Buffer,
    root: string,
  ): [string, string][] {
    let value: unknown;
    if (isJsonMediaType(mediaType)) {
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch (error) {
        return [[root, `is not valid JSON (${(error as Error).message})`]];
      }
    } else {
      value = bytes.toString('utf8');
    }
    return this.validate(key, schema, value).map((error) => [errorLocation(root, error), errorMessage(error)]);
  }

  private validate(key: string, schema: OpenAPIV3.SchemaObject, value: unknown): ErrorObject[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate(value) ? [] : dedupe(validate.errors ?? []);
  }

  private parameterValue(
    parameter: ContractParameter,
    pathParams: Record<string, string>,
    query: URLSearchParams,
    headers: RequestToCheck['headers'],
  ): string | undefined {
    switch (parameter.in) {
      case 'path':
        return pathParams[parameter.name];
      case 'query':
        return query.get(parameter.name) ?? undefined;
      case 'header': {
        const value = headers[parameter.name.toLowerCase()];
        return Array.isArray(value) ? value.join(', ') : value;
      }
      case 'cookie':
        return undefined;
    }
  }
}

/** Parameters arrive as text; the schema says what they should parse to. */
function coerce(raw: string, schema: OpenAPIV3.SchemaObject): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && raw.trim() !== '' && Number.isFinite(Number(raw)))
    return Number(raw);
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** `/items/0/id` under `response.body` → `response.body[0].id`; required → the missing field. */
function errorLocation(root: string, error: ErrorObject): string {
  let location = root;
  for (const segment of error.instancePath.split('/').slice(1)) {
    const decoded = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    location += /^\d+$/.test(decoded) ? `[${decoded}]` : `.${decoded}`;
  }
  if (error.keyword === 'required') location += `.${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties')
    location += `.${(error.params as { additionalProperty: string }).additionalProperty}`;
  return location;
}

function errorMessage(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  if (error.keyword === 'enum')
    return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? `fails ${error.keyword}`;
}

/**
 * anyOf/nullable wrappers make ajv report the same spot several times (the branch errors plus
 * "must match a schema in anyOf"); keep the branch errors, which say what is wrong.
 */
function dedupe(errors: ErrorObject[]): ErrorObject[] {
  // "must be null" is the nullable branch speaking; the other branch's error says more.
  const specific = errors.filter(
    (error) =>
      error.keyword !== 'anyOf' &&
      error.keyword !== 'oneOf' &&
      !(error.keyword === 'type' && (error.params as { type?: string }).type === 'null'),
  );
  const kept = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  return kept.filter((error) => {
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
