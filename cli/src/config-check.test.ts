import { describe, expect, it } from 'vitest';
import { applyConfigFlags } from './config-check';

const offered = {
  os_versions: ['4.1.1', '4.0.0'],
  hardware: [
    { id: 'mk-go', name: 'Moku Go', clock_mhz: 31.25, slots: [2, 3] },
    { id: 'mk-pro', name: 'Moku Pro', clock_mhz: 312.5, slots: [4] },
  ],
  targets: [
    { id: 'CustomInstrument', name: 'Custom Instrument', legacy: false, description: '' },
    { id: 'CustomWrapper', name: 'Custom Wrapper', legacy: true, description: '' },
  ],
  interpolation: { default: false, description: '' },
};
const current = { hardware: 'mk-pro', slots: 4, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false };

describe('applyConfigFlags', () => {
  it('applies the given flags over the current configuration', () => {
    expect(applyConfigFlags(current, { hardware: 'mk-go', slots: '2', interpolation: true }, offered)).toEqual({
      config: { ...current, hardware: 'mk-go', slots: 2, interpolation: true },
      problems: [],
    });
  });

  it('reports every problem at once, naming the option and the choices', () => {
    const { problems } = applyConfigFlags(
      current,
      { hardware: 'mk-x', slots: 'two', osVersion: '9', target: 'T' },
      offered,
    );
    expect(problems).toEqual([
      '--hardware mk-x: unknown hardware (one of mk-go, mk-pro)',
      '--slots two: not a whole number',
      '--os-version 9: unknown OS version (one of 4.1.1, 4.0.0)',
      '--target T: unknown target interface (one of CustomInstrument, CustomWrapper)',
    ]);
  });

  it('checks the slots against the hardware, also when only the hardware changes', () => {
    expect(applyConfigFlags(current, { hardware: 'mk-go', slots: '4' }, offered).problems).toEqual([
      '--slots 4: Moku Go has 2 or 3 slots',
    ]);
    expect(applyConfigFlags(current, { hardware: 'mk-go' }, offered).problems).toEqual([
      '--slots: Moku Go has 2 or 3 slots, the project has 4; give --slots',
    ]);
  });
});
