import type { Radix } from '../waveform/radix';
import type { WaveSignal } from '../waveform/signal-tree';

/** Height of a trace row in CSS pixels: analog traces get an oscilloscope's room. The names column matches it. */
export function rowHeight(signal: WaveSignal | undefined, radix: Radix): number {
  return radix === 'analog' && (signal?.width ?? 1) > 1 ? 96 : 36;
}
