/**
 * A sandbox's records as the text a StateStore keeps, and back: JSON, with Dates, Maps and Buffers
 * tagged so they come back as themselves. JSON.parse with a reviver runs in V8's own parser; a
 * general-purpose serializer walking the tree in JavaScript would cost more on every write.
 */

const DATE = '$date';
const MAP = '$map';
const BUFFER = '$base64';

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `value` has been through toJSON already (a Date is a string by now): the holder has the original.
  const raw = this[key];
  if (raw instanceof Date) return { [DATE]: raw.getTime() };
  if (raw instanceof Map) return { [MAP]: [...raw] };
  if (Buffer.isBuffer(raw)) return { [BUFFER]: raw.toString('base64') };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const tagged = value as Record<string, unknown>;
  if (DATE in tagged) return new Date(tagged[DATE] as number);
  if (MAP in tagged) return new Map(tagged[MAP] as [unknown, unknown][]);
  if (BUFFER in tagged) return Buffer.from(tagged[BUFFER] as string, 'base64');
  return value;
}

export const encodeState = (value: unknown): string => JSON.stringify(value, replacer);

export const decodeState = <T>(text: string): T => JSON.parse(text, reviver) as T;
