import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import type { SeedData } from '../fixtures.js';
import type { ToolSandbox } from './toolchain/bubblewrap.js';
import { selectRunner } from './select-runner.js';
import { SimulatedRunner } from './simulated-runner.js';
import { ToolchainRunner } from './toolchain/toolchain-runner.js';

const seed = { stageLogs: { IP: [], SYNTHESIS: [], ROUTE: [], BITSTREAM: [] } } as unknown as SeedData;
const mock = (builds: string, env: Record<string, string> = {}) => testConfig({ MOCK_BUILDS: builds, ...env }).mock;
const sandbox = (kind: ToolSandbox['kind']): ToolSandbox => ({
  kind,
  readOnly: [],
  fileSizeLimitBytes: 1 << 20,
  memoryLimitBytes: 1 << 30,
});
const ghdl = { path: 'ghdl', version: 'GHDL 2.0.0, mcode code generator' };

describe('selectRunner (MOCK_BUILDS)', () => {
  it('gives every tool the memory MOCK_BUILD_MEMORY_MB allows, and says so at start-up', () => {
    expect(selectRunner(mock('toolchain'), seed, ghdl).reason).toContain('each tool at most 1024 MiB of memory');
    const chosen = selectRunner(mock('toolchain', { MOCK_BUILD_MEMORY_MB: '300' }), seed, ghdl);
    expect(chosen.reason).toContain('each tool at most 300 MiB of memory');
    expect(() => mock('toolchain', { MOCK_BUILD_MEMORY_MB: '64' })).toThrow(/MOCK_BUILD_MEMORY_MB/);
  });

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
    expect(() => selectRunner(mock('toolchain'), seed, null)).toThrow(
      'MOCK_BUILDS=toolchain, but GHDL was not found on PATH: install it with `apt-get install ghdl`',
    );
  });

  it('the start-up reason says which isolation the tools run in', () => {
    expect(selectRunner(mock('auto'), seed, ghdl, sandbox('bwrap')).reason).toMatch(/file isolation by bubblewrap/);
    expect(selectRunner(mock('auto'), seed, ghdl, sandbox('network')).reason).toMatch(
      /NO file isolation \(bubblewrap unavailable\)/,
    );
  });

  it('without bubblewrap, a non-loopback HOST refuses toolchain builds unless MOCK_BUILD_UNISOLATED=allow', () => {
    const publicHost = { HOST: '0.0.0.0' };
    const refused = selectRunner(mock('auto', publicHost), seed, ghdl, sandbox('network'));
    expect(refused.kind).toBe('simulated');
    expect(refused.reason).toMatch(
      /^MOCK_BUILDS=auto: toolchain builds are refused: bubblewrap .* is not usable here.*MOCK_BUILD_UNISOLATED=allow; builds replay the fixture logs$/,
    );
    expect(() => selectRunner(mock('toolchain', publicHost), seed, ghdl, sandbox('none'))).toThrow(
      /^MOCK_BUILDS=toolchain, but toolchain builds are refused/,
    );
    expect(
      selectRunner(mock('auto', { ...publicHost, MOCK_BUILD_UNISOLATED: 'allow' }), seed, ghdl, sandbox('network'))
        .kind,
    ).toBe('toolchain');
    expect(selectRunner(mock('auto', publicHost), seed, ghdl, sandbox('bwrap')).kind).toBe('toolchain');
    expect(selectRunner(mock('auto'), seed, ghdl, sandbox('none')).kind).toBe('toolchain');
    expect(() => testConfig({ MOCK_BUILD_UNISOLATED: 'yes' })).toThrow(/MOCK_BUILD_UNISOLATED/);
  });

  it('simulated never looks for tools', () => {
    expect(selectRunner(mock('simulated'), seed, ghdl).kind).toBe('simulated');
  });

  it('rejects an unknown value with the others named', () => {
    expect(() => testConfig({ MOCK_BUILDS: 'vivado' })).toThrow(
      /MOCK_BUILDS: Invalid option: expected one of "auto"\|"toolchain"\|"simulated"/,
    );
  });
});
