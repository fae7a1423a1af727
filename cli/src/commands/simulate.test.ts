import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simulationRequest } from './simulate';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'simulate-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const base = { project: 'P', pollInterval: '1000' };

describe('simulationRequest', () => {
  it('a testbench run takes the file and the stop time', async () => {
    expect(await simulationRequest({ ...base, testbench: 'a_tb.vhd', stopTimeNs: '500' })).toEqual({
      kind: 'testbench',
      testbench: 'a_tb.vhd',
      stop_time_ns: 500,
    });
  });

  it('a stimulus file is the body; --cycles sets its duration', async () => {
    const file = path.join(dir, 'run.json');
    await writeFile(file, JSON.stringify({ duration_cycles: 10, inputs: { A: { shape: 'dc', offset: 0.5 } } }));
    expect(await simulationRequest({ ...base, stimulus: file, cycles: '2000' })).toEqual({
      kind: 'stimulus',
      duration_cycles: 2000,
      inputs: { A: { shape: 'dc', offset: 0.5 } },
    });
  });

  it('refuses what cannot be a run, with a clear usage error', async () => {
    const file = (name: string, text: string) => writeFile(path.join(dir, name), text).then(() => path.join(dir, name));
    const cases: [Parameters<typeof simulationRequest>[0], RegExp][] = [
      [base, /give either --testbench FILE or --stimulus FILE\.json/],
      [{ ...base, testbench: 'a_tb.vhd', cycles: '5' }, /--cycles is for --stimulus runs/],
      [{ ...base, testbench: 'a_tb.vhd', stopTimeNs: '0' }, /--stop-time-ns must be a whole number/],
      [{ ...base, stimulus: await file('bad.json', '{') }, /not a readable JSON file/],
      [{ ...base, stimulus: await file('list.json', '[]') }, /must hold a JSON object/],
      [{ ...base, stimulus: await file('tb.json', '{"kind":"testbench"}') }, /"kind" must be "stimulus"/],
      [{ ...base, stimulus: await file('none.json', '{}') }, /no "duration_cycles": give --cycles N/],
      [{ ...base, stimulus: path.join(dir, 'missing.json') }, /not a readable JSON file/],
    ];
    for (const [options, message] of cases) {
      await expect(simulationRequest(options), message.source).rejects.toMatchObject({ exitCode: 2 });
      await expect(simulationRequest(options)).rejects.toThrow(message);
    }
  });
});
