import { describe, expect, it } from 'vitest';
import { analogValue, bitsToBigInt, formatValue, valueBits } from './radix';

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
