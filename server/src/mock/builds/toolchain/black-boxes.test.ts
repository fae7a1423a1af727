import { describe, expect, it } from 'vitest';
import { blackBoxLines, ipCoresUsed } from './black-boxes.js';

describe('ipCoresUsed and blackBoxLines', () => {
  it('counts the platform’s IP cores among the cells of every module, whatever their case', () => {
    const used = ipCoresUsed({
      modules: {
        CustomInstrument: { cells: { a: { type: 'FFT_1024' }, b: { type: '$_DFF_P_' }, c: { type: 'counter_32' } } },
        Filter: { cells: { d: { type: 'FFT_1024' } } },
      },
    });
    expect([...used]).toEqual([
      ['FFT_1024', 2],
      ['Counter_32', 1],
    ]);
    expect(blackBoxLines(used)).toEqual([
      'Black box: FFT_1024 (2 instances), a pre-compiled IP core of the platform',
      'Black box: Counter_32 (1 instance), a pre-compiled IP core of the platform',
      'No IP core was synthesized: a check build checks the design around the 2 cores by their ports only, and the resource report leaves their resources out',
    ]);
  });

  it('says nothing for a design without IP cores', () => {
    expect(blackBoxLines(ipCoresUsed({ modules: { Top: { cells: { a: { type: '$add' } } } } }))).toEqual([]);
  });
});
