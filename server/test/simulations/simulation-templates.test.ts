import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileTemplate } from '@cloud-compile/shared';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { simulationApi } from './simulation-http.js';

/**
 * The new-file templates hold a sample testbench (`*_tb.vhd`, `*_tb.v`): run with the real tools
 * against the new-file design template of the same language and target, it passes and says so.
 */
describe('the sample testbench templates', () => {
  let gateway: RunningGateway;
  let api: ReturnType<typeof simulationApi>;

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain' });
    api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
  }, 90_000);
  afterAll(() => gateway.close());

  for (const target of ['CustomInstrument', 'CustomWrapper']) {
    for (const [design, testbench] of [
      ['top.vhd', 'top_tb.vhd'],
      ['top.v', 'top_tb.v'],
    ] as const) {
      it(`${testbench} passes against the ${design} template (${target})`, async () => {
        const project = await api.json<{ id: string }>('/api/projects', { body: { name: `${target} ${testbench}` } });
        await api.json(`/api/projects/${project.id}/config`, {
          method: 'PUT',
          body: { hardware: 'mk-go', slots: 2, os_version: '4.1.1', target, interpolation: false },
        });
        for (const name of [design, testbench]) {
          const created = await api.call(`/api/projects/${project.id}/files/${name}`, {
            method: 'POST',
            text: newFileTemplate(name, target),
          });
          expect(created.status).toBe(201);
        }
        const run = await api.run(project.id, { kind: 'testbench', testbench });
        expect(run.status, run.log.join('\n')).toBe('passed');
        expect(run.log.some((line) => /done/.test(line))).toBe(true);
      }, 120_000);
    }
  }
});
