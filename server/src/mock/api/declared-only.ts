/** The parts of a (dereferenced) JSON schema that say which properties an object has. */
interface ObjectSchema {
  type?: string | string[];
  properties?: Record<string, ObjectSchema>;
  additionalProperties?: boolean | ObjectSchema;
  items?: ObjectSchema;
  allOf?: ObjectSchema[];
}

/**
 * A request body as FastAPI's models keep it: properties the contract does not declare are dropped
 * (pydantic's default, `extra="ignore"`), at every depth. Schemas that say `additionalProperties`
 * keep theirs (false: validation already refused any; true or a schema: a map). Without this, an
 * object the contract leaves open (ProjectConfig) was stored with whatever else a client put in it:
 * half a megabyte per request, outside every storage quota.
 */
export function declaredOnly(schema: ObjectSchema | undefined, value: unknown): unknown {
  if (!schema || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => declaredOnly(schema.items, item)) : value;
  const parts = [schema, ...(schema.allOf ?? [])];
  const properties: Record<string, ObjectSchema> = Object.assign({}, ...parts.map((part) => part.properties ?? {}));
  const additional = parts.find((part) => part.additionalProperties !== undefined)?.additionalProperties;
  const keepsAll = additional !== undefined || Object.keys(properties).length === 0;
  const kept: Record<string, unknown> = {};
  // Defined, not assigned: a `__proto__` key (JSON.parse makes it an own property) stays a property.
  const keep = (name: string, property: unknown) =>
    Object.defineProperty(kept, name, { value: property, enumerable: true, writable: true, configurable: true });
  for (const [name, property] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) keep(name, declaredOnly(properties[name], property));
    else if (keepsAll) keep(name, declaredOnly(typeof additional === 'object' ? additional : undefined, property));
  }
  return kept;
}

/** The schema of an operation's JSON request body, if it takes one. */
export function jsonBodySchema(operation: { requestBody?: unknown }): ObjectSchema | undefined {
  const content = (operation.requestBody as { content?: Record<string, { schema?: ObjectSchema }> } | undefined)
    ?.content;
  return content?.['application/json']?.schema;
}
