import { describe, expect, it } from 'vitest';
import { defaultSelection, signalTree, type WaveSignal } from './signal-tree';

const signal = (path: string, width = 1, extra: Partial<WaveSignal> = {}): WaveSignal => {
  const cut = path.lastIndexOf('.');
  return { id: path, path, scope: path.slice(0, cut), name: path.slice(cut + 1), width, type: 'wire', ...extra };
};

describe('signalTree', () => {
  it('nests scopes by their dotted names and sorts each level', () => {
    const tree = signalTree([
      signal('tb.dut.sum', 16),
      signal('tb.clk'),
      signal('tb.dut.add.carry'),
      signal('tb.dut.a10'),
      signal('tb.dut.a2'),
    ]);
    expect(tree.scopes.map((s) => s.path)).toEqual(['tb']);
    const tb = tree.scopes[0]!;
    expect(tb.signals.map((s) => s.name)).toEqual(['clk']);
    const dut = tb.scopes[0]!;
    expect(dut.path).toBe('tb.dut');
    expect(dut.signals.map((s) => s.name)).toEqual(['a2', 'a10', 'sum']);
    expect(dut.scopes.map((s) => [s.name, s.path])).toEqual([['add', 'tb.dut.add']]);
  });
});

describe('defaultSelection', () => {
  it('opens with the analog ports first, then the top scope', () => {
    const signals = [
      signal('tb.clk'),
      signal('tb.dut.internal', 8),
      signal('tb.OutputA', 16, { volts_per_lsb: 1 / 30000 }),
      signal('tb.InputA', 16, { volts_per_lsb: 1 / 30000 }),
      signal('tb.Reset'),
    ];
    expect(defaultSelection(signals)).toEqual(['tb.InputA', 'tb.OutputA', 'tb.clk', 'tb.Reset']);
    expect(defaultSelection(signals, 2)).toEqual(['tb.InputA', 'tb.OutputA']);
  });

  it('in a stimulus run, opens with the probes asked for right after the analog ports, all of them', () => {
    const signals = [
      signal('tb.clk'),
      signal('tb.dut.filter.acc', 24),
      signal('tb.dut.counter', 8),
      signal('tb.OutputA', 16, { volts_per_lsb: 1 / 30000 }),
      signal('tb.Reset'),
    ];
    expect(defaultSelection(signals, 12, { probes: true })).toEqual([
      'tb.OutputA',
      'tb.dut.counter',
      'tb.dut.filter.acc',
      'tb.clk',
      'tb.Reset',
    ]);
    expect(defaultSelection(signals, 2, { probes: true })).toEqual([
      'tb.OutputA',
      'tb.dut.counter',
      'tb.dut.filter.acc',
    ]);
  });
});
