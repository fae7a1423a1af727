import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import type { SeedData } from '../store/fixtures.js';
import { selectRunner } from './select-runner.js';
import { SimulatedRunner } from './simulated-runner.js';
import { ToolchainRunner } from './toolchain-runner.js';

const seed = { stageLogs: { IP: [], SYNTHESIS: [], ROUTE: [], BITSTREAM: [] } } as unknown as SeedData;
const mock = (builds: string) => testConfig({ MOCK_BUILDS: builds }).mock;
const ghdl = { path: 'ghdl', version: 'GHDL 2.0.0, mcode code generator' };

describe('selectRunner (MOCK_BUILDS)', () => {
  it('auto: the toolchain when GHDL is found, else the simulated runner, saying why', () => {
    const found = selectRunner(mock('auto'), seed, ghdl);
    expect(found.runner).toBeInstanceOf(ToolchainRunner);
    expect(found.reason).toMatch(/^MOCK_BUILDS=auto: builds run GHDL 2\.0\.0, mcode code generator and Yosys /);
    const missing = selectRunner(mock('auto'), seed, null);
    expect(missing.runner).toBeInstanceOf(SimulatedRunner);
    expect(missing.reason).toBe(
      'MOCK_BUILDS=auto: GHDL was not found on PATH: install it with `apt-get install ghdl` (`npm start` and `npm test` do); builds replay the fixture logs',
    );
  });

  it('toolchain without GHDL stops the start, naming the tool and how to install it', () => {
    expect(() => selectRunner(mock('toolchain'), seed, null)).toThrow('MOCK_BUILDS=toolchain, but GHDL was not found on PATH: install it with `apt-get install ghdl`');
  });

  it('simulated never looks for tools', () => {
    expect(selectRunner(mock('simulated'), seed, ghdl).kind).toBe('simulated');
  });

  it('rejects an unknown value with the others named', () => {
    expect(() => testConfig({ MOCK_BUILDS: 'vivado' })).toThrow(/MOCK_BUILDS: Invalid option: expected one of "auto"\|"toolchain"\|"simulated"/);
  });
});
