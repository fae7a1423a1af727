import { describe, expect, it } from 'vitest';
import { declaredOnly, jsonBodySchema } from './declared-only.js';

const config = {
  type: 'object',
  properties: { hardware: { type: 'string' }, slots: { type: 'integer' } },
};
const create = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string' }, config },
};

describe('declaredOnly', () => {
  it('drops what an open object does not declare, at any depth', () => {
    expect(declaredOnly(config, { hardware: 'mk-go', slots: 2, pad: 'x'.repeat(10) })).toEqual({
      hardware: 'mk-go',
      slots: 2,
    });
    expect(declaredOnly(create, { name: 'Adder', config: { hardware: 'mk-go', extra: { deep: 1 } } })).toEqual({
      name: 'Adder',
      config: { hardware: 'mk-go' },
    });
  });

  it('keeps maps and free-form objects whole, and the properties allOf parts declare', () => {
    const map = { type: 'object', additionalProperties: { type: 'integer' } };
    expect(declaredOnly(map, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(declaredOnly({ type: 'object' }, { anything: [1] })).toEqual({ anything: [1] });
    expect(declaredOnly({ allOf: [config] }, { hardware: 'mk-go', pad: 1 })).toEqual({ hardware: 'mk-go' });
  });

  it('goes into arrays, and leaves values that are not objects as they are', () => {
    expect(declaredOnly({ type: 'array', items: config }, [{ slots: 1, pad: 1 }, { slots: 2 }])).toEqual([
      { slots: 1 },
      { slots: 2 },
    ]);
    expect(declaredOnly(config, 'text')).toBe('text');
    expect(declaredOnly(config, null)).toBeNull();
    expect(declaredOnly(undefined, { pad: 1 })).toEqual({ pad: 1 });
  });

  it('never makes a prototype out of a property name', () => {
    const kept = declaredOnly({ type: 'object' }, JSON.parse('{"__proto__": {"polluted": true}}')) as object;
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
});

describe('jsonBodySchema', () => {
  it('is the schema of the JSON body, if the operation takes one', () => {
    expect(jsonBodySchema({ requestBody: { content: { 'application/json': { schema: config } } } })).toBe(config);
    expect(jsonBodySchema({ requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } } })).toBe(
      undefined,
    );
    expect(jsonBodySchema({})).toBeUndefined();
  });
});
