import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { simulationApi } from './simulation-http.js';
import { PASSING_TB } from './testbench-designs.js';

/**
 * A gateway on a fixture folder of its own (FIXTURES_DIR without platform/, as the API tests' small
 * fixtures and the CLI tests' gateways) with the real tools: the platform's files are the
 * platform's, not seed data, so its simulations still run. They once all ended "The simulation
 * failed unexpectedly: try again" (the platform files were read from FIXTURES_DIR/platform).
 */
describe('simulations on a fixture folder without platform files', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startApiGateway({ MOCK_BUILDS: 'toolchain' });
  }, 60_000);
  afterAll(() => gateway?.stop());

  it('a testbench runs with GHDL and passes', async () => {
    const api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    const project = await api.newProject('Bench', { 'pass_tb.vhd': PASSING_TB });
    const run = await api.run(project, { kind: 'testbench', testbench: 'pass_tb.vhd', stop_time_ns: 1000 });
    expect(run.failure).toBeNull();
    expect(run.status, run.log.join('\n')).toBe('passed');
    expect(run.log).toContain('Simulation passed');
  }, 60_000);
});
