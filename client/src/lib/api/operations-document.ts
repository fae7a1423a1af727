/**
 * The part of an OpenAPI document the client needs to make calls: each operation's id, method, path,
 * parameter names and places, and the servers. Schemas only matter to the gateway (validation) and the
 * generated types (build time); the client that dereferenced them all (openapi-client-axios) blocked a
 * phone's main thread for most of a second on the first page.
 */

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ParameterPlace {
  name: string;
  in: string;
  required?: boolean;
}

export interface OperationCall {
  operationId?: string;
  parameters?: ParameterPlace[];
  servers?: unknown[];
}

export interface OperationsDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: unknown[];
  paths: Record<string, Record<string, OperationCall | ParameterPlace[] | unknown[] | undefined>>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parameter's name and place, following a local `$ref` (`#/components/parameters/…`) once. */
function parameterPlace(parameter: unknown, document: Json): ParameterPlace | undefined {
  let resolved = parameter;
  if (isObject(parameter) && typeof parameter.$ref === 'string' && parameter.$ref.startsWith('#/')) {
    resolved = parameter.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
  }
  if (!isObject(resolved) || typeof resolved.name !== 'string' || typeof resolved.in !== 'string') return undefined;
  return { name: resolved.name, in: resolved.in, ...(resolved.required === true ? { required: true } : {}) };
}

const parameterPlaces = (parameters: unknown, document: Json): ParameterPlace[] | undefined =>
  Array.isArray(parameters) ? parameters.flatMap((parameter) => parameterPlace(parameter, document) ?? []) : undefined;

/** Strips `document` to its operations (see above). Throws when it is not an OpenAPI 3 document. */
export function operationsDocument(document: unknown): OperationsDocument {
  if (!isObject(document) || typeof document.openapi !== 'string' || !isObject(document.paths))
    throw new Error('The API description is not an OpenAPI 3 document');
  const info = isObject(document.info) ? document.info : {};
  const paths: OperationsDocument['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    const stripped: OperationsDocument['paths'][string] = {};
    const shared = parameterPlaces(item.parameters, document);
    if (shared) stripped.parameters = shared;
    if (Array.isArray(item.servers)) stripped.servers = item.servers;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const call: OperationCall = {};
      if (typeof operation.operationId === 'string') call.operationId = operation.operationId;
      const parameters = parameterPlaces(operation.parameters, document);
      if (parameters) call.parameters = parameters;
      if (Array.isArray(operation.servers)) call.servers = operation.servers;
      stripped[method] = call;
    }
    paths[path] = stripped;
  }
  return {
    openapi: document.openapi,
    info: { title: String(info.title ?? ''), version: String(info.version ?? '') },
    ...(Array.isArray(document.servers) ? { servers: document.servers } : {}),
    paths,
  };
}
