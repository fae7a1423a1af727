/** The id the document's components are registered under in Ajv; local `$ref`s are rewritten to it. */
export const COMPONENTS_ID = 'contract-components';

/**
 * OpenAPI 3.0 schemas are not quite JSON Schema: `nullable` must allow null even through an
 * `allOf`/`$ref` (Build.stage, ProjectSummary.latest_build), and local refs must point at the
 * registered components. Returns a JSON Schema copy.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
      converted[key] = `${COMPONENTS_ID}${value}`;
    } else if ((key === 'properties' || key === 'patternProperties') && value && typeof value === 'object') {
      // Property names are data, not keywords: ProjectCreate has a property called `example`.
      converted[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toJsonSchema(property)]),
      );
    } else if (
      key === 'nullable' ||
      key === 'example' ||
      key === 'discriminator' ||
      key === 'xml' ||
      key.startsWith('x-')
    ) {
      // OpenAPI-only keywords; nullable is handled below.
    } else {
      converted[key] = toJsonSchema(value);
    }
  }
  if ((schema as { nullable?: unknown }).nullable === true) return { anyOf: [converted, { type: 'null' }] };
  return converted;
}
