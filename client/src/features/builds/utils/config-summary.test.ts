import { describe, expect, it } from 'vitest';
import type { BuildConfigOptions, ProjectConfig } from '@/lib/api/schemas';
import { changeConfig, configSummary, sameConfig, targetName } from './config-summary';

const options: BuildConfigOptions = {
  os_versions: ['4.1.1', '4.0.0'],
  hardware: [
    { id: 'mk-go', name: 'Moku:Go', clock_mhz: 31.25, slots: [2, 3] },
    { id: 'mk-pro', name: 'Moku:Pro', clock_mhz: 312.5, slots: [4] },
  ],
  targets: [
    { id: 'CustomInstrument', name: 'CustomInstrument', legacy: false, description: 'Current interface' },
    { id: 'CustomWrapper', name: 'CustomWrapper', legacy: true, description: 'Legacy interface' },
  ],
  interpolation: { default: false, description: 'Interpolate outputs' },
};
const config: ProjectConfig = {
  hardware: 'mk-go',
  slots: 3,
  os_version: '4.1.1',
  target: 'CustomInstrument',
  interpolation: false,
};

describe('config summary', () => {
  it('names hardware and target from the options, and falls back to the ids', () => {
    expect(configSummary(config, options)).toBe('Moku:Go · 3 slots · OS 4.1.1 · CustomInstrument');
    expect(configSummary({ ...config, slots: 1, interpolation: true }, undefined)).toBe(
      'mk-go · 1 slot · OS 4.1.1 · CustomInstrument · interpolation',
    );
    expect(targetName('CustomWrapper', options)).toBe('CustomWrapper (legacy)');
  });

  it('says "(legacy)" once when a backend already names the target so', () => {
    const named = { ...options, targets: [{ ...options.targets[1]!, name: 'Custom Wrapper (legacy)' }] };
    expect(targetName('CustomWrapper', named)).toBe('Custom Wrapper (legacy)');
  });

  it('keeps the slot count valid for the chosen model', () => {
    expect(changeConfig(config, { hardware: 'mk-pro' }, options).slots).toBe(4);
    expect(changeConfig({ ...config, slots: 2 }, { hardware: 'mk-go' }, options).slots).toBe(2);
    expect(changeConfig(config, { os_version: '4.0.0' }, options)).toEqual({ ...config, os_version: '4.0.0' });
    expect(sameConfig(config, { ...config })).toBe(true);
    expect(sameConfig(config, { ...config, interpolation: true })).toBe(false);
  });
});
