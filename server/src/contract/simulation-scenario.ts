import type { Call, CallResult, Skip } from './scenario-call.js';

/** The simulation operations, in the order the scenario calls them. */
export const SIMULATION_OPERATIONS = [
  'startSimulation',
  'cancelSimulation',
  'projectSimulations',
  'simulationDetails',
  'getSimulationLog',
  'simulationSignals',
  'getWaveform',
  'downloadWaveform',
  'downloadStimulus',
];

/** How long the scenario follows a short run before it gives up on its waveform. */
const FINISH_WAIT_MS = 60_000;

const idOf = (result: CallResult | undefined) =>
  result?.status === 201 ? (result.body as { id?: string }).id : undefined;

/**
 * The simulation steps on the scratch project (its top-level design is the scenario's empty
 * CustomInstrument): a run cancelled at once, then a short stimulus run followed to its end, its
 * log, signals, a waveform range and both downloads.
 */
export async function simulationSteps(call: Call, skip: Skip, project: { project_id: string }): Promise<void> {
  const stimulus = {
    kind: 'stimulus',
    duration_cycles: 64,
    inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 1000, frequency_hz: 1e6 } },
  };
  const first = await call('start a simulation to cancel', 'startSimulation', {
    params: project,
    json: stimulus,
    expect: [201],
  });
  const firstId = idOf(first);
  // 409: it finished before the cancel arrived.
  if (firstId)
    await call('cancel the simulation', 'cancelSimulation', { params: { simulation_id: firstId }, expect: [200, 409] });
  const started = await call('start a stimulus simulation', 'startSimulation', {
    params: project,
    json: stimulus,
    expect: [201],
  });
  await call('list simulations', 'projectSimulations', { params: project, expect: [200] });
  const id = idOf(started);
  if (!id) {
    for (const op of SIMULATION_OPERATIONS.slice(3)) skip('(needs the simulation)', op, 'it could not be started');
    if (!firstId) skip('(needs the simulation)', 'cancelSimulation', 'it could not be started');
    return;
  }
  const simulation = { simulation_id: id };
  const deadline = Date.now() + FINISH_WAIT_MS;
  let status = 'queued';
  while (['queued', 'running'].includes(status) && Date.now() < deadline) {
    const details = await call('simulation details', 'simulationDetails', { params: simulation, expect: [200] });
    status = (details?.body as { status?: string } | undefined)?.status ?? 'failed';
    if (['queued', 'running'].includes(status)) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await call('simulation log', 'getSimulationLog', { params: simulation, expect: [200] });
  const signals = await call('simulation signals', 'simulationSignals', { params: simulation, expect: [200] });
  const first16 = (signals?.body as { signals?: { id: string }[] } | undefined)?.signals?.[0]?.id;
  if (first16) {
    await call('a waveform range', 'getWaveform', {
      params: simulation,
      query: { signals: first16, from: '0' },
      expect: [200],
    });
  } else skip('a waveform range', 'getWaveform', 'the simulation recorded no signals');
  await call('download the VCD', 'downloadWaveform', { params: simulation, expect: [200] });
  await call('download the stimulus', 'downloadStimulus', { params: simulation, expect: [200] });
}
