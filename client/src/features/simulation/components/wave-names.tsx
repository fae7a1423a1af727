import type { Dispatch } from 'react';
import { ActionMenu } from '@/components/action-menu';
import type { ValueAt } from '../api/use-cursor-values';
import type { SummaryLayers } from '../api/use-waveform-summaries';
import { valueAt, type SignalChanges } from '../waveform/changes';
import { AXIS_HEIGHT } from '../waveform/draw';
import { formatValue, RADIXES, type Radix } from '../waveform/radix';
import { signalFormat, type WaveSignal } from '../waveform/signal-tree';
import type { ViewerAction, ViewerState } from '../waveform/viewer-state';
import { rowHeight } from './row-layout';

const RADIX_LABELS: Record<Radix, string> = { hex: 'hex', unsigned: 'unsigned', signed: 'signed', analog: 'analog' };

export interface WaveNamesProps {
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  signals: ReadonlyMap<string, WaveSignal>;
  traces: ReadonlyMap<string, SignalChanges>;
  dense?: ReadonlyMap<string, SummaryLayers>;
  cursorValues?: ReadonlyMap<string, ValueAt>;
}

/** The value at `time`: from the held changes when they cover it, else the one the gateway gave for it. */
function valueAtTime(
  id: string,
  time: number,
  traces: ReadonlyMap<string, SignalChanges>,
  dense: ReadonlyMap<string, SummaryLayers> | undefined,
  cursorValues: ReadonlyMap<string, ValueAt> | undefined,
): { value: string | undefined; known: boolean } {
  const trace = traces.get(id);
  const window = dense?.get(id)?.window;
  if (dense?.has(id) && !(window && window.from <= time && time <= window.to)) {
    // A summary's first value is the value at its start (the run's at 0).
    const overview = dense.get(id)?.overview;
    if (overview && overview.from === time) return { value: overview.initial, known: true };
    const given = cursorValues?.get(id);
    return given && given.time === time ? { value: given.value, known: true } : { value: undefined, known: false };
  }
  return { value: trace ? valueAt(trace, time) : undefined, known: trace !== undefined };
}

/**
 * The shown signals beside the traces, row for row: name, value at the cursor, and a menu to show a bus
 * as hex, unsigned, signed or analog, move the row or remove it. Everything the canvas shows at the cursor is here as text.
 */
export function WaveNames({ state, dispatch, signals, traces, dense, cursorValues }: WaveNamesProps) {
  return (
    <ol className="wave-names" aria-label="Shown signals" style={{ paddingTop: AXIS_HEIGHT }}>
      {state.rows.map((row, index) => {
        const signal = signals.get(row.id);
        const name = signal?.name ?? row.id;
        const { value, known } = valueAtTime(row.id, state.cursor, traces, dense, cursorValues);
        const width = signal?.width ?? 1;
        const shown =
          value === undefined ? (known ? '—' : 'loading…') : formatValue(value, signalFormat(signal, row.radix));
        return (
          <li
            key={row.id}
            className={index === state.selected ? 'wave-name wave-name-selected' : 'wave-name'}
            style={{ height: rowHeight(signal, row.radix) }}
            data-signal={row.id}
          >
            <div className="wave-name-text">
              <button
                type="button"
                className="wave-name-button"
                title={signal?.path ?? row.id}
                aria-pressed={index === state.selected}
                onClick={() => dispatch({ type: 'select', row: index })}
              >
                {name}
                {width > 1 ? <span className="wave-width">[{width - 1}:0]</span> : null}
              </button>
              <output className="wave-value" aria-label={`${name} at the cursor`}>
                {shown}
              </output>
            </div>
            <ActionMenu
              label={`Options for ${name}`}
              items={[
                ...(width > 1
                  ? RADIXES.map((radix) => ({
                      label: `Show as ${RADIX_LABELS[radix]}`,
                      disabled: radix === row.radix,
                      onSelect: () => dispatch({ type: 'radix', id: row.id, radix }),
                    }))
                  : []),
                {
                  label: 'Move up',
                  disabled: index === 0,
                  onSelect: () => dispatch({ type: 'move', id: row.id, by: -1 }),
                },
                {
                  label: 'Move down',
                  disabled: index === state.rows.length - 1,
                  onSelect: () => dispatch({ type: 'move', id: row.id, by: 1 }),
                },
                { label: 'Remove', destructive: true, onSelect: () => dispatch({ type: 'remove', id: row.id }) },
              ]}
            />
          </li>
        );
      })}
    </ol>
  );
}
