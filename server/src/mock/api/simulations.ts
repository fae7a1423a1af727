import { ApiError } from '../../errors.js';
import type { SourceFile } from '../domain.js';
import type { Sandbox } from '../store/sandbox.js';
import type { ProjectSnapshot } from '../simulations/simulation-service.js';
import { simulationPlan } from '../simulations/simulation-request.js';
import { waveformRange } from '../simulations/waveform-query.js';
import { waveformSummary } from '../simulations/waveform-summary-query.js';
import { created, ok, str, type HandlerContext, type Handlers } from './types.js';

/** The project as a run needs it (read in the request's unit of work): its configuration, files and clock. */
function snapshotOf(sandbox: Sandbox, projectId: string): ProjectSnapshot {
  const project = sandbox.getProject(projectId);
  const files: SourceFile[] = sandbox
    .listFiles(projectId)
    .map((file) => ({ name: file.name, content: sandbox.getFile(projectId, file.name).content }));
  const hardware = sandbox.buildConfigs().hardware.find((model) => model.id === project.config.hardware);
  if (!hardware) throw new ApiError(422, `The project's hardware ${project.config.hardware} is not offered any more`);
  return { projectId, config: project.config, files, clockHz: hardware.clock_mhz * 1e6 };
}

const simulationsOf = (context: HandlerContext) => context.simulations;

const download = (text: string, contentType: string, filename: string) => ({
  status: 200,
  body: text,
  contentType: `${contentType}; charset=utf-8`,
  headers: { 'content-disposition': `attachment; filename="${filename}"` },
});

/** Simulations: starting, following, cancelling, logs, waveforms and their files. */
export const simulationHandlers: Handlers = {
  startSimulation: ({ sandbox, params, body, sandboxKey, simulations }) => {
    const plan = simulationPlan(body as Record<string, unknown>);
    const snapshot = snapshotOf(sandbox, str(params.project_id));
    if (plan.kind === 'testbench' && !snapshot.files.some((file) => file.name === plan.testbench)) {
      throw new ApiError(404, `No file ${plan.testbench} in this project`);
    }
    // Started once the request's unit of work is stored (it may run again on a newer copy of the sandbox).
    return { status: 201, afterUnit: async () => created(await simulations.service.start(sandboxKey, snapshot, plan)) };
  },
  projectSimulations: async ({ sandbox, params, sandboxKey, simulations }) => {
    sandbox.getProject(str(params.project_id));
    return ok(await simulations.service.store.list(sandboxKey, str(params.project_id)));
  },
  simulationDetails: async (context) =>
    ok(await simulationsOf(context).service.store.owned(context.sandboxKey, str(context.params.simulation_id))),
  cancelSimulation: ({ params, sandboxKey, simulations }) => ({
    status: 200,
    afterUnit: async () => ok(await simulations.service.cancel(sandboxKey, str(params.simulation_id))),
  }),
  getSimulationLog: async ({ params, query, sandboxKey, simulations }) => {
    const id = str(params.simulation_id);
    const view = await simulations.service.store.owned(sandboxKey, id);
    const complete = view.status !== 'queued' && view.status !== 'running';
    return ok(
      await simulations.service.store.logPage(id, Number(query.offset ?? 0), Number(query.limit ?? 5000), complete),
    );
  },
  simulationSignals: async ({ params, sandboxKey, simulations }) => {
    const waveform = await simulations.service.waveformOf(sandboxKey, str(params.simulation_id));
    return ok({ time_unit: waveform.time_unit, end_time: waveform.end_time, signals: waveform.signals });
  },
  getWaveform: async ({ params, query, sandboxKey, simulations }) => {
    const id = str(params.simulation_id);
    const waveform = await simulations.service.waveformOf(sandboxKey, id);
    const range = {
      signals: str(query.signals),
      from: Number(query.from ?? 0),
      to: query.to === undefined ? undefined : Number(query.to),
    };
    if (query.columns !== undefined) {
      return ok(
        await waveformSummary(simulations.service.store, id, waveform, { ...range, columns: Number(query.columns) }),
      );
    }
    return ok(
      await waveformRange(simulations.service.store, id, waveform, { ...range, limit: Number(query.limit ?? 20000) }),
    );
  },
  downloadWaveform: async ({ params, sandboxKey, simulations }) => {
    const id = str(params.simulation_id);
    await simulations.service.waveformOf(sandboxKey, id);
    const text = await simulations.service.store.file(id, 'vcd');
    if (text === null) throw new ApiError(409, `Simulation ${id.slice(-7)} recorded no waveform`);
    return download(text, 'text/plain', `simulation-${id.slice(-7)}.vcd`);
  },
  downloadStimulus: async ({ params, sandboxKey, simulations }) => {
    const id = str(params.simulation_id);
    await simulations.service.store.owned(sandboxKey, id);
    const text = await simulations.service.store.file(id, 'csv');
    if (text === null)
      throw new ApiError(409, `Simulation ${id.slice(-7)} has no stimulus (a testbench run, or not started)`);
    return download(text, 'text/csv', `stimulus-${id.slice(-7)}.csv`);
  },
};
