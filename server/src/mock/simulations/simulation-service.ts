import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../errors.js';
import { LogBatches } from '../builds/index.js';
import type { ProjectConfig, SourceFile } from '../domain.js';
import type { SimulationJob, SimulationOutput, SimulationRunner } from './simulation-runner.js';
import type { SimulationStore } from './simulation-store.js';
import { isFinishedSimulation, type SimulationPlan, type SimulationView } from './simulation-types.js';
import { WaveformRecorder } from './waveform-recorder.js';

export interface SimulationLimits {
  /** Bytes of VCD one run may write (MOCK_SIMULATION_VCD_MB). */
  vcdBytes: number;
  /** Bytes of VCD and stimulus CSV one user's kept runs may hold together (MOCK_SIMULATION_STORAGE_MB). */
  storageBytes: number;
}

/** What a run is started from: a snapshot of the project taken in the request's unit of work. */
export interface ProjectSnapshot {
  projectId: string;
  config: ProjectConfig;
  files: SourceFile[];
  clockHz: number;
}

export const storageQuotaMessage = (bytes: number) =>
  `Your simulations reached their storage quota (${Math.round(bytes / 1024 / 1024)} MiB of waveforms and stimulus kept per user): the simulation was stopped there. ` +
  'Starting another forgets your oldest simulations to make room; simulate fewer cycles, or record fewer signals';

export const vcdLimitMessage = (bytes: number) =>
  `The waveform reached its size limit (${Math.round(bytes / 1024 / 1024)} MiB of VCD): the simulation was stopped there. ` +
  'Simulate fewer cycles, or record fewer signals';

/**
 * Starts simulations on this gateway and keeps their state in the simulation store: the run's log
 * in batches, its dump parsed into the waveform as it is written (the VCD kept for download, up to
 * the size limit), a lease renewed while it runs (a cancel from any gateway is seen at the next
 * renewal) and its outcome.
 */
export class SimulationService {
  private readonly running = new Map<string, AbortController>();

  constructor(
    readonly store: SimulationStore,
    private readonly runner: SimulationRunner,
    private readonly options: { limits: SimulationLimits; leaseMs: number; log: FastifyBaseLogger },
  ) {}

  async start(owner: string, snapshot: ProjectSnapshot, plan: SimulationPlan): Promise<SimulationView> {
    const { view, roomBytes } = await this.store.create(owner, {
      project_id: snapshot.projectId,
      kind: plan.kind,
      created_at: new Date().toISOString(),
      clock_hz: snapshot.clockHz,
      ...(plan.kind === 'testbench'
        ? { testbench: plan.testbench, stop_time_ns: plan.stopTimeNs }
        : { duration_cycles: plan.durationCycles }),
    });
    const job: SimulationJob = {
      id: view.id,
      plan,
      files: snapshot.files,
      config: snapshot.config,
      clockHz: snapshot.clockHz,
    };
    void this.execute(job, roomBytes).catch((error: unknown) => {
      this.options.log.error({ err: error, simulation: view.id }, 'mock: a simulation failed unexpectedly');
      void this.store
        .finish(view.id, 'failed', { message: 'The simulation failed unexpectedly: try again' })
        .catch(() => {});
    });
    return view;
  }

  async cancel(owner: string, id: string): Promise<SimulationView> {
    const view = await this.store.requestCancel(owner, id);
    this.running.get(id)?.abort();
    return view;
  }

  /** A deleted project's simulations go with everything they stored (one running here is stopped). */
  async forgetProject(owner: string, projectId: string): Promise<void> {
    const gone = await this.store.forgetWhere(owner, (view) => view?.project_id === projectId);
    for (const id of gone) this.running.get(id)?.abort();
  }

  /**
   * A dropped sandbox's simulations go with everything they stored. One running here is stopped now,
   * one on another gateway at its next lease renewal (it finds its record gone).
   */
  async forgetOwner(owner: string): Promise<void> {
    for (const id of await this.store.forgetOwner(owner)) this.running.get(id)?.abort();
  }

  /** The owner's finished simulation with its waveform; 409 while it runs or when it recorded none. */
  async waveformOf(owner: string, id: string) {
    const view = await this.store.owned(owner, id);
    const waveform = isFinishedSimulation(view.status) ? await this.store.waveform(id) : null;
    if (!waveform) {
      throw new ApiError(
        409,
        isFinishedSimulation(view.status)
          ? `Simulation ${id.slice(-7)} recorded no waveform (it ${view.status} before running)`
          : `Simulation ${id.slice(-7)} has not finished: its waveform comes when it does`,
      );
    }
    return waveform;
  }

  /** Runs it; `roomBytes`: what it may store (VCD and stimulus) before its sandbox's quota is reached. */
  private async execute(job: SimulationJob, roomBytes: number) {
    const { store } = this;
    const abort = new AbortController();
    this.running.set(job.id, abort);
    // Log lines in batches, in order; the outcome is stored after the last of them.
    let chain = Promise.resolve();
    const batches = new LogBatches(
      (flush) => {
        chain = chain.then(flush).catch(() => {});
      },
      (lines) => store.appendLog(job.id, lines),
    );
    let recorder = new WaveformRecorder(store, job.id);
    let vcdBytes = 0;
    let csvBytes = 0;
    let overLimit = false;
    let endHint = 0;
    const { vcdBytes: vcdLimit } = this.options.limits;
    // The run's own limit, or what its sandbox's quota leaves once the stimulus is stored, if that is less.
    const limitOf = () => Math.max(0, Math.min(vcdLimit, roomBytes - csvBytes));
    const output: SimulationOutput = {
      log: (lines) => batches.add(lines),
      vcd: async (text) => {
        if (overLimit) return false;
        const limit = limitOf();
        const bytes = Buffer.byteLength(text);
        const fits = vcdBytes + bytes <= limit;
        const taken = fits ? text : text.slice(0, text.lastIndexOf('\n', limit - vcdBytes) + 1);
        vcdBytes += Buffer.byteLength(taken);
        await store.appendFile(job.id, 'vcd', taken);
        await recorder.write(taken);
        if (!fits) overLimit = true;
        return fits;
      },
      vcdLimitMessage: () =>
        limitOf() < vcdLimit ? storageQuotaMessage(this.options.limits.storageBytes) : vcdLimitMessage(vcdLimit),
      endsAt: (ps) => {
        endHint = ps;
      },
      stimulusCsv: (text) => {
        csvBytes = Buffer.byteLength(text);
        return store.saveFile(job.id, 'csv', text);
      },
      describeSignals: (describe) => {
        recorder = new WaveformRecorder(store, job.id, describe);
      },
    };
    const lease = setInterval(
      () => {
        void store.renew(job.id).then(
          (cancelled) => cancelled && abort.abort(),
          () => {},
        );
      },
      Math.max(100, this.options.leaseMs / 3),
    );
    try {
      await store.started(job.id);
      const outcome = await this.runner.run(job, output, abort.signal);
      if (abort.signal.aborted) return;
      // A run stopped by a limit keeps the waveform it recorded up to there.
      if (vcdBytes > 0) await recorder.finish(overLimit ? 0 : endHint);
      if (outcome.status === 'failed') output.log([`Simulation failed: ${outcome.failure.message}`]);
      else output.log(['Simulation passed']);
      await chain;
      // Counted before it shows as finished, so a start that follows at once sees what it holds.
      await store.recordBytes(job.id, vcdBytes + csvBytes);
      await store.finish(job.id, outcome.status, outcome.status === 'failed' ? outcome.failure : null);
    } finally {
      clearInterval(lease);
      this.running.delete(job.id);
      // Counted in the sandbox's quota however the run ended (a cancelled one keeps what it wrote, counted
      // once it has stopped: a start right after the cancel may find it counted short).
      await store.recordBytes(job.id, vcdBytes + csvBytes).catch(() => {});
      // Forgotten while it ran (its project or sandbox went): what it wrote since goes too, log lines
      // still on their way included.
      await chain;
      if (!(await store.exists(job.id))) await store.forget(job.id, recorder.signalCount);
    }
  }

  /** Stops every run of this gateway (it is closing): their leases lapse and readers fail them. */
  close(): void {
    for (const abort of this.running.values()) abort.abort();
  }
}
