// A VCD value as the viewer shows it: buses in hex, unsigned, signed or as an analog level.

export type Radix = 'hex' | 'unsigned' | 'signed' | 'analog';

export const RADIXES: readonly Radix[] = ['hex', 'unsigned', 'signed', 'analog'];

/** A VCD value's bits ("b0101" or "0101" → "0101"), left-extended to `width` as VCD does (0 or the x/z digit). */
export function valueBits(value: string, width: number): string {
  const bits = (/^[bB]/.test(value) ? value.slice(1) : value).toLowerCase();
  if (bits.length >= width) return bits.slice(bits.length - width);
  const fill = bits[0] === 'x' || bits[0] === 'z' ? bits[0] : '0';
  return fill.repeat(width - bits.length) + bits;
}

const isKnown = (bits: string) => /^[01]+$/.test(bits);

/** The bits as hex; a nibble with an x or z digit shows as x or z. */
function toHex(bits: string): string {
  const padded = '0'.repeat((4 - (bits.length % 4)) % 4) + bits;
  let text = '';
  for (let at = 0; at < padded.length; at += 4) {
    const nibble = padded.slice(at, at + 4);
    if (isKnown(nibble)) text += parseInt(nibble, 2).toString(16);
    else text += nibble.includes('x') ? 'x' : 'z';
  }
  return text;
}

/** The bits as a number, two's complement when `signed`. Undefined when a bit is x or z. */
export function bitsToBigInt(bits: string, signed: boolean): bigint | undefined {
  if (!isKnown(bits)) return undefined;
  const unsigned = BigInt(`0b${bits}`);
  return signed && bits[0] === '1' ? unsigned - (1n << BigInt(bits.length)) : unsigned;
}

/** A real value: the API writes a real signal's value as a decimal ("1.25"), a VCD file as "r1.25". */
const realValue = (value: string, real: boolean | undefined) =>
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

export interface ValueFormat {
  width: number;
  radix: Radix;
  /** The signal's bits are two's complement (the slot's analog ports): its analog level is signed. */
  signed?: boolean;
  /** A real-valued signal (VCD `real`): values are decimals. */
  real?: boolean;
  /** Volts per code for the analog radix (the slot's ADC/DAC scale); without it analog shows the code. */
  voltsPerLsb?: number;
}

/** The number a value stands for on an analog trace (volts when the signal has a scale); undefined for x/z. */
export function analogValue(
  value: string,
  { width, voltsPerLsb, signed, real }: Omit<ValueFormat, 'radix'>,
): number | undefined {
  const number = realValue(value, real);
  if (number !== undefined) return Number.isFinite(number) ? number : undefined;
  const code =
    width <= MAX_EXACT_BITS
      ? smallCode(value, width, signed ?? false)
      : bitsToBigInt(valueBits(value, width), signed ?? false);
  if (code === undefined) return undefined;
  return voltsPerLsb ? Number(code) * voltsPerLsb : Number(code);
}

/** `value` as text in `format`: "3f", "63", "-1", "0.123 V"; x/z digits stay visible. */
export function formatValue(value: string, format: ValueFormat): string {
  const { width, radix, voltsPerLsb } = format;
  const real = realValue(value, format.real);
  if (real !== undefined) return radix === 'analog' && voltsPerLsb ? `${Number(real.toPrecision(4))} V` : String(real);
  const bits = valueBits(value, width);
  if (width === 1) return bits;
  if (radix === 'hex') return toHex(bits);
  if (!isKnown(bits)) return bits.includes('x') ? 'x' : 'z';
  if (radix === 'analog') {
    const level = analogValue(value, format) ?? 0;
    return voltsPerLsb ? `${Number(level.toPrecision(4))} V` : String(level);
  }
  return String(bitsToBigInt(bits, radix === 'signed'));
}
