import { CHANGES_PER_CHUNK, type SimulationStore, type StoredWaveform } from './simulation-store.js';
import type { Change, SignalInfo } from './simulation-types.js';
import { VcdParser } from './vcd-parser.js';
import { SummaryBuilder, type SummaryPage } from './waveform-summary.js';

/**
 * Reads a VCD as it is written and stores each signal's changes in chunks as they fill, so a large
 * dump never sits in the gateway's memory as parsed changes: only each signal's unfilled chunk does.
 * Each signal's summary pyramid (waveform-summary.ts) is built from its chunks as they are stored.
 * `describe` adds what the header cannot say (a port's sign and volts per code).
 */
export class WaveformRecorder {
  private signals: SignalInfo[] = [];
  private pending: Change[][] = [];
  private chunkStarts: number[][] = [];
  private full: { signal: number; chunk: Change[] }[] = [];
  private summaries: SummaryBuilder[] = [];
  /** The dump's signal index → the kept signal's index, or -1. */
  private kept: number[] = [];
  private readonly parser: VcdParser;
  /** The header was read but its signals not yet declared to the store. */
  private undeclared = false;
  leftOut = 0;

  constructor(
    private readonly store: SimulationStore,
    private readonly simulationId: string,
    /** What the header cannot say; null leaves the signal out of the waveform. */
    private readonly describe: (signal: SignalInfo) => SignalInfo | null = (signal) => signal,
  ) {
    this.parser = new VcdParser({
      header: (declared, leftOut) => {
        // Kept signals are numbered again (s0, s1 …) in the order of the dump.
        this.kept = declared.map(() => -1);
        for (const [index, signal] of declared.entries()) {
          const described = this.describe(signal);
          if (!described) continue;
          this.kept[index] = this.signals.length;
          this.signals.push({ ...described, id: `s${this.signals.length}` });
        }
        this.pending = this.signals.map(() => []);
        this.summaries = this.signals.map(
          (signal) => new SummaryBuilder({ width: signal.width, signed: signal.signed, real: signal.type === 'real' }),
        );
        this.chunkStarts = this.signals.map(() => []);
        this.leftOut = leftOut;
        this.undeclared = true;
      },
      change: (declared, time, value) => {
        const signal = this.kept[declared]!;
        if (signal < 0) return;
        const pending = this.pending[signal]!;
        const last = pending[pending.length - 1];
        // A value set twice at one time (a $dumpvars then a change at #0) keeps the later one.
        if (last && last[0] === time) last[1] = value;
        else pending.push([time, value]);
        if (pending.length >= CHANGES_PER_CHUNK) {
          this.full.push({ signal, chunk: pending });
          this.chunkStarts[signal]!.push(pending[0]![0]);
          this.pending[signal] = [];
        }
      },
    });
  }

  /** Signals the waveform records (s0 … s{n-1}), once the dump's header was read. */
  get signalCount(): number {
    return this.signals.length;
  }

  /** Reads a piece of the dump and stores the chunks it filled. */
  async write(text: string): Promise<void> {
    this.parser.write(text);
    await this.storeFull();
  }

  private async storeFull() {
    if (this.undeclared) {
      this.undeclared = false;
      await this.store.declareSignals(this.simulationId, this.signals.length);
    }
    const full = this.full;
    this.full = [];
    for (const { signal, chunk } of full) {
      await this.store.appendChanges(this.simulationId, this.signals[signal]!.id, [chunk]);
      const summary = this.summaries[signal]!;
      summary.add(chunk);
      await this.storeSummary(signal, summary.takeFullPages());
    }
  }

  private async storeSummary(signal: number, pages: SummaryPage[]) {
    for (const { level, blocks } of pages)
      await this.store.appendSummaryPages(this.simulationId, this.signals[signal]!.id, level, [blocks]);
  }

  /** The end of the dump: the last chunks and the index are stored. */
  async finish(endHint = 0): Promise<StoredWaveform> {
    this.parser.end();
    await this.storeFull();
    for (const [signal, pending] of this.pending.entries()) {
      if (!pending.length) continue;
      this.chunkStarts[signal]!.push(pending[0]![0]);
      await this.store.appendChanges(this.simulationId, this.signals[signal]!.id, [pending]);
      this.summaries[signal]!.add(pending);
    }
    for (const [signal, summary] of this.summaries.entries()) await this.storeSummary(signal, summary.finish());
    this.pending = this.pending.map(() => []);
    const waveform: StoredWaveform = {
      time_unit: 'ps',
      end_time: Math.max(this.parser.endTime, endHint),
      signals: this.signals,
      chunkStarts: Object.fromEntries(this.signals.map((signal, index) => [signal.id, this.chunkStarts[index]!])),
      summaryLevels: Object.fromEntries(
        this.signals.map((signal, index) => [signal.id, this.summaries[index]!.levelCount]),
      ),
    };
    await this.store.saveWaveform(this.simulationId, waveform);
    return waveform;
  }
}
