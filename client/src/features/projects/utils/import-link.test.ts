import { describe, expect, it } from 'vitest';
import type { BuildConfigOptions, Example } from '@/lib/api/schemas';
import { configForHardware, findExample, findHardware, parseImportLink } from './import-link';

const examples: Example[] = [
  { id: 'moving-average', name: 'Moving Average', description: '', language: 'vhdl', files: [] },
  { id: 'adder-subtractor', name: 'Adder and Subtractor', description: '', language: 'vhdl', files: [] },
];

const options: BuildConfigOptions = {
  os_versions: ['4.1.1', '4.0.3'],
  hardware: [
    { id: 'mk-go', name: 'MK Go', clock_mhz: 31.25, slots: [2, 3] },
    { id: 'mk-delta', name: 'MK Delta', clock_mhz: 312.5, slots: [3, 8] },
  ],
  targets: [{ id: 'CustomInstrument', name: 'Custom Instrument', legacy: false, description: '' }],
  interpolation: { default: false, description: '' },
};

describe('parseImportLink', () => {
  it('reads the example (plus signs as spaces) and the hardware', () => {
    expect(parseImportLink(new URLSearchParams('action=import&hardware=mk-go&example=Moving+Average'))).toEqual({
      exampleName: 'Moving Average',
      hardware: 'mk-go',
    });
  });

  it('is null unless the action is import, and leaves out empty values', () => {
    expect(parseImportLink(new URLSearchParams('example=Moving+Average'))).toBeNull();
    expect(parseImportLink(new URLSearchParams('action=open&example=Moving+Average'))).toBeNull();
    expect(parseImportLink(new URLSearchParams('action=import&example=+&hardware='))).toEqual({
      exampleName: null,
      hardware: null,
    });
  });
});

describe("the real product's import links", () => {
  it('name examples the way the real product does: Adder, Moving Average and Median', () => {
    const link = (query: string) => parseImportLink(new URLSearchParams(query))!.exampleName;
    expect(findExample(examples, link('action=import&example=Adder&hardware=mokugo'))?.id).toBe('adder-subtractor');
    expect(findExample(examples, link('action=import&example=Moving+Average+and+Median'))?.id).toBe('moving-average');
  });

  it('name hardware by its product id (mokugo, mokudelta) or name (Moku:Go)', () => {
    expect(findHardware(options.hardware, 'mokugo')?.id).toBe('mk-go');
    expect(findHardware(options.hardware, 'mokudelta')?.id).toBe('mk-delta');
    expect(findHardware(options.hardware, 'Moku:Go')?.id).toBe('mk-go');
    expect(findHardware(options.hardware, 'mokupro')).toBeUndefined();
  });
});

describe('findExample and findHardware', () => {
  it('find by name or id, ignoring case', () => {
    expect(findExample(examples, 'moving average')?.id).toBe('moving-average');
    expect(findExample(examples, 'adder-subtractor')?.name).toBe('Adder and Subtractor');
    expect(findExample(examples, 'Nothing')).toBeUndefined();
    expect(findExample(examples, null)).toBeUndefined();
    expect(findHardware(options.hardware, 'MK-DELTA')?.id).toBe('mk-delta');
    expect(findHardware(options.hardware, 'MK Go')?.id).toBe('mk-go');
    expect(findHardware(options.hardware, 'mk-zeta')).toBeUndefined();
  });
});

describe('configForHardware', () => {
  it('uses the model with its first slot count, and the defaults for the rest', () => {
    expect(configForHardware(options, options.hardware[1]!)).toEqual({
      hardware: 'mk-delta',
      slots: 3,
      os_version: '4.1.1',
      target: 'CustomInstrument',
      interpolation: false,
    });
  });
});
