import { describe, expect, it } from 'vitest';
import {
  cyclesAsTime,
  defaultStimulus,
  fieldId,
  parseInteger,
  parseNumber,
  parseSamples,
  stimulusRequest,
  type StimulusFields,
} from './stimulus-form';

const withInputA = (changes: Partial<StimulusFields['inputs']['A']>): StimulusFields => {
  const fields = defaultStimulus();
  fields.inputs.A = { ...fields.inputs.A, ...changes };
  return fields;
};

describe('numbers as typed', () => {
  it('reads engineering suffixes and hex', () => {
    expect(parseNumber('1M')).toBe(1e6);
    expect(parseNumber('2.5k')).toBe(2500);
    expect(parseNumber(' -0.3 V')).toBe(-0.3);
    expect(parseNumber('1MHz')).toBe(1e6);
    expect(parseNumber('abc')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
    expect(parseInteger('0x10')).toBe(16);
    expect(parseInteger('-5')).toBe(-5);
    expect(parseInteger('1.5')).toBeNaN();
  });

  it('reads CSV samples, skipping a header, and says which line is wrong', () => {
    expect(parseSamples('value\n0.1\n0.2, 0.3\n')).toEqual({ samples: [0.1, 0.2, 0.3] });
    expect(parseSamples('0.1\nfoo\n').error).toBe('Line 2: "foo" is not a number.');
    expect(parseSamples('  \n').error).toBe('Paste or upload at least one sample.');
  });
});

describe('stimulusRequest', () => {
  it('turns the fields into a startSimulation body', () => {
    const fields = withInputA({ shape: 'sine', amplitude: '0.4', frequency: '1M', phase: '90', offset: '0.1' });
    fields.controls = [
      { register: '0', value: '5', atCycle: '0' },
      { register: '1', value: '0xFFFFFFFF', atCycle: '500' },
    ];
    fields.extTrig = '300, 100';
    fields.probes = 'counter, filter.acc\nCounter';
    const { request, errors } = stimulusRequest(fields);
    expect(errors).toEqual({});
    expect(request).toEqual({
      kind: 'stimulus',
      duration_cycles: 1000,
      inputs: { A: { shape: 'sine', unit: 'volts', amplitude: 0.4, offset: 0.1, frequency_hz: 1e6, phase_deg: 90 } },
      controls: [
        { register: 0, value: 5, at_cycle: 0 },
        { register: 1, value: -1, at_cycle: 500 },
      ],
      reset: [
        { at_cycle: 0, value: true },
        { at_cycle: 4, value: false },
      ],
      ext_trig: [
        { at_cycle: 100, value: true },
        { at_cycle: 101, value: false },
        { at_cycle: 300, value: true },
        { at_cycle: 301, value: false },
      ],
      probes: ['counter', 'filter.acc'],
    });
  });

  it('checks the internal signals to record: names or dotted paths, at most 64', () => {
    const fields = defaultStimulus();
    expect(stimulusRequest(fields).request?.probes).toEqual([]);
    fields.probes = 'counter, ../etc/passwd';
    expect(stimulusRequest(fields).errors).toEqual({
      [fieldId.probes]: '"../etc/passwd" is not a signal name (letters, digits, _ and dots).',
    });
    fields.probes = Array.from({ length: 65 }, (_, i) => `s${i}`).join(' ');
    expect(stimulusRequest(fields).errors[fieldId.probes]).toBe('At most 64 signals.');
  });

  it('reports every bad field at once, by field id', () => {
    const fields = withInputA({ shape: 'square', amplitude: 'loud', frequency: '0' });
    fields.inputs.B = { ...fields.inputs.B, shape: 'samples', samples: '' };
    fields.controls = [{ register: '16', value: 'x', atCycle: '2000' }];
    fields.durationCycles = '1000';
    fields.extTrig = '-1';
    const { request, errors } = stimulusRequest(fields);
    expect(request).toBeUndefined();
    expect(errors).toEqual({
      [fieldId.input('A', 'amplitude')]: 'Amplitude must be a number, e.g. 0.5 or 1M.',
      [fieldId.input('A', 'frequency')]: 'Frequency must be above 0 Hz and at most 10 GHz.',
      [fieldId.input('B', 'samples')]: 'Paste or upload at least one sample.',
      [fieldId.control(0, 'register')]: 'Register must be 0 to 15.',
      [fieldId.control(0, 'value')]: 'Value must be a 32-bit integer (decimal or 0x hex).',
      [fieldId.control(0, 'atCycle')]: 'Change time must be before the end of the run (cycle 1000).',
      [fieldId.extTrig]: 'Each trigger cycle must be a whole number of cycles (0 or more).',
    });
  });

  it('bounds the duration', () => {
    const fields = defaultStimulus();
    fields.durationCycles = '1000001';
    expect(stimulusRequest(fields).errors[fieldId.durationCycles]).toBe(
      'Duration must be a whole number of clock cycles from 1 to 1,000,000.',
    );
  });
});

describe('cyclesAsTime', () => {
  it('shows cycles at the hardware clock as time', () => {
    expect(cyclesAsTime(1000, 125e6)).toBe('8 µs');
    expect(cyclesAsTime(10, 312.5e6)).toBe('32 ns');
    expect(cyclesAsTime(10_000_000, 31.25e6)).toBe('320 ms');
  });
});
