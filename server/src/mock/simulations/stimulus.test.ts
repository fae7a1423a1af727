import { describe, expect, it } from 'vitest';
import { inputCodes, voltsPerLsb } from './stimulus.js';
import type { Stimulus } from './simulation-types.js';

describe('the slot scaling of a stimulus in volts', () => {
  // The vendor's "Analog I/O Scaling" table (LSBs per volt, ADC and between instruments): see stimulus.ts.
  it.each([
    ['mk-go', 6550.4],
    ['mk-lab', 30000],
    ['mk-pro', 29925],
    ['mk-delta', 36440],
  ])('%s has %d codes per volt', (hardware, codesPerVolt) => {
    expect(1 / voltsPerLsb(hardware)).toBeCloseTo(codesPerVolt, 6);
  });

  it('1 V DC is the code the hardware ADC delivers; a hardware id it does not know gets Lab scaling', () => {
    const dc: Stimulus = {
      shape: 'dc',
      unit: 'volts',
      amplitude: 0,
      offset: 1,
      frequency_hz: 0,
      phase_deg: 0,
      samples: [],
    };
    expect(inputCodes(dc, 1, 312.5e6, 'mk-delta')[0]).toBe(32767); // 36440 saturates at the 16-bit top
    expect(inputCodes({ ...dc, offset: 0.5 }, 1, 312.5e6, 'mk-delta')[0]).toBe(18220);
    expect(inputCodes(dc, 1, 31.25e6, 'mk-go')[0]).toBe(6550);
    expect(inputCodes({ ...dc, offset: 4 }, 1, 31.25e6, 'mk-go')[0]).toBe(26202); // 4 × 6550.4 = 26201.6
    expect(voltsPerLsb('mk-unknown')).toBe(voltsPerLsb('mk-lab'));
  });
});
