import { describe, expect, it } from 'vitest';
import { bitsToBigInt, smallCode, valueBits } from '@cloud-compile/shared';
import { analogValue, formatValue } from './radix';

describe('valueBits', () => {
  it('strips the b and extends to the width as VCD does', () => {
    expect(valueBits('b101', 8)).toBe('00000101');
    expect(valueBits('101', 4)).toBe('0101');
    expect(valueBits('bx1', 4)).toBe('xxx1');
    expect(valueBits('bZ', 3)).toBe('zzz');
    expect(valueBits('b111100001', 4)).toBe('0001');
  });
});

describe('formatValue', () => {
  const bus = (radix: 'hex' | 'unsigned' | 'signed' | 'analog', voltsPerLsb?: number) => ({
    width: 16,
    radix,
    voltsPerLsb,
    signed: true,
  });

  it('shows a bus in hex, unsigned and signed', () => {
    expect(formatValue('b1111111111111111', bus('hex'))).toBe('ffff');
    expect(formatValue('b1111111111111111', bus('unsigned'))).toBe('65535');
    expect(formatValue('b1111111111111111', bus('signed'))).toBe('-1');
    expect(formatValue('b1000000000000000', bus('signed'))).toBe('-32768');
    expect(formatValue('b0111111111111111', bus('signed'))).toBe('32767');
    expect(formatValue('b101', { width: 5, radix: 'hex' })).toBe('05');
  });

  it('keeps x and z visible', () => {
    expect(formatValue('b1x0000001', { width: 9, radix: 'hex' })).toBe('1x1');
    expect(formatValue('bx', bus('unsigned'))).toBe('x');
    expect(formatValue('bz', bus('signed'))).toBe('z');
    expect(formatValue('x', { width: 1, radix: 'hex' })).toBe('x');
  });

  it('shows an analog bus in volts with the slot scale, else as the signed code', () => {
    expect(formatValue('b0000000000000100', bus('analog', 0.5))).toBe('2 V');
    expect(formatValue('b1111111111111110', bus('analog', 0.25))).toBe('-0.5 V');
    expect(formatValue('b1111111111111110', bus('analog'))).toBe('-2');
  });

  it('reads wide buses exactly', () => {
    const bits = '1'.repeat(64);
    expect(formatValue(`b${bits}`, { width: 64, radix: 'unsigned' })).toBe('18446744073709551615');
    expect(bitsToBigInt(bits, true)).toBe(-1n);
  });

  it('reads real signals, written as decimals by the API and r… in a VCD file', () => {
    expect(formatValue('1.25', { width: 64, radix: 'hex', real: true })).toBe('1.25');
    expect(formatValue('r1.25', bus('hex'))).toBe('1.25');
    expect(analogValue('-0.5', { width: 64, real: true })).toBe(-0.5);
  });

  it('takes an unsigned bus as unsigned on an analog trace', () => {
    expect(analogValue('1111', { width: 4 })).toBe(15);
    expect(analogValue('1111', { width: 4, signed: true })).toBe(-1);
  });
});

describe('smallCode', () => {
  const throughBigInt = (value: string, width: number, signed: boolean) => {
    const code = bitsToBigInt(valueBits(value, width), signed);
    return code === undefined ? undefined : Number(code);
  };

  it('reads every kind of vector as the BigInt reading does, up to 52 bits', () => {
    // A fixed pseudo-random walk over widths, lengths (shorter, equal, longer than the width) and digits.
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 5000; round++) {
      const width = 1 + next(52);
      const length = Math.max(0, width + next(7) - 3);
      let digits = '';
      for (let i = 0; i < length; i++) digits += next(40) === 0 ? 'xzXZ'[next(4)] : String(next(2));
      const value = next(2) ? `b${digits}` : digits;
      for (const signed of [false, true])
        expect(smallCode(value, width, signed), value).toBe(throughBigInt(value, width, signed));
    }
  });

  it('gives the extremes of 16 and 52 bits and refuses unknown digits', () => {
    expect(smallCode('b1000000000000000', 16, true)).toBe(-32768);
    expect(smallCode('b0111111111111111', 16, true)).toBe(32767);
    expect(smallCode('1'.repeat(52), 52, false)).toBe(2 ** 52 - 1);
    expect(smallCode('1'.repeat(52), 52, true)).toBe(-1);
    expect(smallCode('b10x1', 4, false)).toBeUndefined();
    expect(smallCode('b2', 4, false)).toBeUndefined();
  });
});
