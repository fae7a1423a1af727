// A VCD value as the viewer shows it: buses in hex, unsigned, signed or as an analog level.

import { bitsToBigInt, isKnownBits, realValue, valueBits, vcdNumber } from '@cloud-compile/shared';

export type Radix = 'hex' | 'unsigned' | 'signed' | 'analog';

export const RADIXES: readonly Radix[] = ['hex', 'unsigned', 'signed', 'analog'];

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
export function analogValue(value: string, format: Omit<ValueFormat, 'radix'>): number | undefined {
  const number = vcdNumber(value, format);
  if (number === undefined) return undefined;
  return format.voltsPerLsb ? number * format.voltsPerLsb : number;
}

/** The bits as hex; a nibble with an x or z digit shows as x or z. */
function toHex(bits: string): string {
  const padded = '0'.repeat((4 - (bits.length % 4)) % 4) + bits;
  let text = '';
  for (let at = 0; at < padded.length; at += 4) {
    const nibble = padded.slice(at, at + 4);
    if (isKnownBits(nibble)) text += parseInt(nibble, 2).toString(16);
    else text += nibble.includes('x') ? 'x' : 'z';
  }
  return text;
}

/** `value` as text in `format`: "3f", "63", "-1", "0.123 V"; x/z digits stay visible. */
export function formatValue(value: string, format: ValueFormat): string {
  const { width, radix, voltsPerLsb } = format;
  const real = realValue(value, format.real);
  if (real !== undefined) return radix === 'analog' && voltsPerLsb ? `${Number(real.toPrecision(4))} V` : String(real);
  const bits = valueBits(value, width);
  if (width === 1) return bits;
  if (radix === 'hex') return toHex(bits);
  if (!isKnownBits(bits)) return bits.includes('x') ? 'x' : 'z';
  if (radix === 'analog') {
    const level = analogValue(value, format) ?? 0;
    return voltsPerLsb ? `${Number(level.toPrecision(4))} V` : String(level);
  }
  return String(bitsToBigInt(bits, radix === 'signed'));
}
