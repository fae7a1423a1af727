import { CHANGES_PER_CHUNK, type SimulationStore, type StoredWaveform } from './simulation-store.js';
import type { Change, SignalInfo } from './simulation-types.js';
import { VcdParser } from './vcd-parser.js';

/**
 * Reads a VCD as it is written and stores each signal's changes in chunks as they fill, so a large
 * dump never sits in the gateway's memory as parsed changes: only each signal's unfilled chunk does.
 * `describe` adds what the header cannot say (a port's sign and volts per code).
 */
export class WaveformRecorder {
  private signals: SignalInfo[] = [];
  private pending: Change[][] = [];
  private chunkStarts: number[][] = [];
  private full: { signal: number; chunk: Change[] }[] = [];
  private readonly parser: VcdParser;
  leftOut = 0;

  constructor(
    private readonly store: SimulationStore,
    private readonly simulationId: string,
    private readonly describe: (signal: SignalInfo) => SignalInfo = (signal) => signal,
  ) {
    this.parser = new VcdParser({
      header: (signals, leftOut) => {
        this.signals = signals.map(this.describe);
        this.pending = signals.map(() => []);
        this.chunkStarts = signals.map(() => []);
        this.leftOut = leftOut;
      },
      change: (signal, time, value) => {
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

  /** Reads a piece of the dump and stores the chunks it filled. */
  async write(text: string): Promise<void> {
    this.parser.write(text);
    await this.storeFull();
  }

  private async storeFull() {
    const full = this.full;
    this.full = [];
    for (const { signal, chunk } of full) {
      await this.store.appendChanges(this.simulationId, this.signals[signal]!.id, [chunk]);
    }
  }

  /** The end of the dump: the last chunks and the index are stored. */
  async finish(): Promise<StoredWaveform> {
    this.parser.end();
    await this.storeFull();
    for (const [signal, pending] of this.pending.entries()) {
      if (!pending.length) continue;
      this.chunkStarts[signal]!.push(pending[0]![0]);
      await this.store.appendChanges(this.simulationId, this.signals[signal]!.id, [pending]);
    }
    this.pending = this.pending.map(() => []);
    const waveform: StoredWaveform = {
      time_unit: 'ps',
      end_time: this.parser.endTime,
      signals: this.signals,
      chunkStarts: Object.fromEntries(this.signals.map((signal, index) => [signal.id, this.chunkStarts[index]!])),
    };
    await this.store.saveWaveform(this.simulationId, waveform);
    return waveform;
  }
}
