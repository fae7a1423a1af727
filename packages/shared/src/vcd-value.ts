// A VCD value as a number: the one reading of a recorded value that the gateway (a waveform's summaries,
// min/max per time bucket) and the app (analog traces, bus radixes) must agree on.

/** A VCD value's bits ("b0101" or "0101" → "0101"), left-extended to `width` as VCD does (0 or the x/z digit). */
export function valueBits(value: string, width: number): string {
  const bits = (/^[bB]/.test(value) ? value.slice(1) : value).toLowerCase();
  if (bits.length >= width) return bits.slice(bits.length - width);
  const fill = bits[0] === 'x' || bits[0] === 'z' ? bits[0] : '0';
  return fill.repeat(width - bits.length) + bits;
}

/** Every digit a 0 or a 1 (no x, z or other). */
export const isKnownBits = (bits: string): boolean => /^[01]+$/.test(bits);

/** The bits as a number, two's complement when `signed`. Undefined when a bit is x or z. */
export function bitsToBigInt(bits: string, signed: boolean): bigint | undefined {
  if (!isKnownBits(bits)) return undefined;
  const unsigned = BigInt(`0b${bits}`);
  return signed && bits[0] === '1' ? unsigned - (1n << BigInt(bits.length)) : unsigned;
}

/** A real value: the API writes a real signal's value as a decimal ("1.25"), a VCD file as "r1.25". */
export const realValue = (value: string, real: boolean | undefined): number | undefined =>
  /^[rR]/.test(value) ? Number(value.slice(1)) : real ? Number(value) : undefined;

/** Widths whose codes a double holds exactly: read digit by digit, without regular expressions or BigInt. */
const MAX_EXACT_BITS = 52;

/**
 * A VCD vector's code as a number for widths up to MAX_EXACT_BITS (what an analog trace of a million changes
 * converts per change, so no strings or BigInts are made); undefined when a digit is x, z or anything else.
 * As valueBits: a leading "b" is skipped, a shorter value is 0-extended, a longer one keeps its low bits.
 */
export function smallCode(value: string, width: number, signed: boolean): number | undefined {
  const first = value.charCodeAt(0) === 98 || value.charCodeAt(0) === 66 ? 1 : 0; // b or B
  const start = Math.max(first, value.length - width);
  let code = 0;
  for (let at = start; at < value.length; at++) {
    const digit = value.charCodeAt(at) - 48; // '0'
    if (digit !== 0 && digit !== 1) return undefined;
    code = code * 2 + digit;
  }
  // Two's complement: only a value of the full width can have its sign bit set (a shorter one is 0-extended).
  const span = 2 ** width;
  return signed && code >= span / 2 ? code - span : code;
}

/** How a signal's values read as numbers: its width, two's complement or not, a real-valued signal. */
export interface NumberFormat {
  width: number;
  signed?: boolean;
  real?: boolean;
}

/**
 * The number a value stands for (a real's value, a vector's code, two's complement when signed; a bit's 0
 * or 1); undefined for x/z and anything that is not a finite number.
 */
export function vcdNumber(value: string, { width, signed, real }: NumberFormat): number | undefined {
  const number = realValue(value, real);
  if (number !== undefined) return Number.isFinite(number) ? number : undefined;
  const code =
    width <= MAX_EXACT_BITS
      ? smallCode(value, width, signed ?? false)
      : bitsToBigInt(valueBits(value, width), signed ?? false);
  return code === undefined ? undefined : Number(code);
}
