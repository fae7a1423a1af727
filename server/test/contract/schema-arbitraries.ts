import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * fast-check arbitraries derived from the contract's JSON schemas (the subset openapi/openapi.json
 * uses: objects, arrays, strings with lengths and patterns, integers with bounds, booleans, enums,
 * local $refs, nullable). `valid` draws values the schema accepts; `invalid` draws near misses
 * (one rule broken) and plain junk, which the API must refuse with a 4xx.
 */
export class SchemaArbitraries {
  constructor(private readonly components: OpenAPIV3.ComponentsObject) {}

  resolve(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): OpenAPIV3.SchemaObject {
    if ('$ref' in schema) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      const target = this.components.schemas?.[name];
      if (!target) throw new Error(`unresolved ${schema.$ref}`);
      return this.resolve(target);
    }
    return schema;
  }

  valid(input: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const arbitrary = this.validOf(schema);
    return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 10 }) : arbitrary;
  }

  private validOf(schema: OpenAPIV3.SchemaObject): fc.Arbitrary<unknown> {
    if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
    if (schema.allOf?.length === 1) return this.valid(schema.allOf[0]!);
    switch (schema.type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const shape: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties)) shape[name] = this.valid(property);
        return fc.record(shape, { requiredKeys: schema.required ?? [] });
      }
      case 'array': {
        const items = this.valid((schema as OpenAPIV3.ArraySchemaObject).items);
        const bounds = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) };
        return schema.uniqueItems
          ? fc.uniqueArray(items, { ...bounds, selector: (v) => JSON.stringify(v) })
          : fc.array(items, bounds);
      }
      case 'string':
        return this.validString(schema);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      default:
        return fc.jsonValue();
    }
  }

  /** Strings within the length bounds; a `pattern` is honoured by filtering (the contract's are loose, like \S). */
  validString(schema: OpenAPIV3.SchemaObject): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
    const base = fc
      .string({ unit: 'grapheme', minLength, maxLength })
      .filter((s) => [...s].length <= (schema.maxLength ?? Infinity));
    if (!schema.pattern) return base;
    const pattern = new RegExp(schema.pattern, 'u');
    return base.filter((s) => pattern.test(s));
  }

  /** A value the schema refuses: one rule broken (type, required, extra key, bounds, enum) or junk. */
  invalid(input: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const wrongType = fc.constantFrom<unknown>(42, 'text', true, [], {}, 3.5).filter((v) => !this.hasType(schema, v));
    const options: fc.Arbitrary<unknown>[] = [wrongType];
    if (schema.type === 'object' && schema.properties) {
      const valid = this.valid(schema) as fc.Arbitrary<Record<string, unknown>>;
      for (const key of schema.required ?? []) {
        options.push(valid.map((value) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))));
      }
      if (schema.additionalProperties === false) {
        options.push(valid.map((value) => ({ ...value, unexpected_field: 1 })));
      }
      for (const [name, property] of Object.entries(schema.properties)) {
        options.push(fc.tuple(valid, this.invalid(property)).map(([value, bad]) => ({ ...value, [name]: bad })));
      }
    }
    if (schema.type === 'string' && !schema.enum) {
      if (schema.maxLength !== undefined && schema.maxLength < 10_000)
        options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
      if (schema.minLength) options.push(fc.constant(''));
      if (schema.pattern === '\\S') options.push(fc.constantFrom(' ', '   ', '\t'));
    }
    if (schema.enum) options.push(fc.constantFrom('not-an-option', 'PROJECTS:READ'));
    if (schema.type === 'integer') {
      if (schema.minimum !== undefined)
        options.push(fc.integer({ min: schema.minimum - 1000, max: schema.minimum - 1 }));
      if (schema.maximum !== undefined)
        options.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1000 }));
      options.push(fc.constant(1.5));
    }
    if (schema.type === 'array') {
      if (schema.minItems) options.push(fc.constant([]));
      if (schema.uniqueItems)
        options.push(
          this.valid(schema)
            .filter((a) => (a as unknown[]).length > 0)
            .map((a) => [...(a as unknown[]), (a as unknown[])[0]]),
        );
    }
    return fc.oneof(...options);
  }

  private hasType(schema: OpenAPIV3.SchemaObject, value: unknown): boolean {
    if (value === null) return schema.nullable === true;
    switch (schema.type) {
      case 'object':
        return typeof value === 'object' && !Array.isArray(value);
      case 'array':
        return Array.isArray(value);
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'boolean':
        return typeof value === 'boolean';
      default:
        return true;
    }
  }
}

/** Text that breaks parsers and routers: separators, escapes, control and non-Latin characters. */
export const junkText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '.',
    '%',
    '%00',
    '%zz',
    '?',
    '#',
    '/',
    '\\',
    'a/b',
    '{"',
    'null',
    '[]',
    '\u0000',
    '\u202e',
    '🙂',
    'x'.repeat(300),
  ),
);
