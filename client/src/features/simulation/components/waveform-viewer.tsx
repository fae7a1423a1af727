import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { nearestChange } from '../waveform/changes';
import { ChevronLeft, ChevronRight, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { ValueAt } from '../api/use-cursor-values';
import type { SummaryLayers, SummaryView } from '../api/use-waveform-summaries';
import { NumericBuffer, type HeldChanges } from '../waveform/change-buffer';
import type { NumericTrace } from '../waveform/segments';
import { defaultRadix, defaultSelection, signalFormat, type WaveSignal } from '../waveform/signal-tree';
import { formatTime } from '../waveform/time-scale';
import { initialViewerState, viewerReducer, type ViewerAction } from '../waveform/viewer-state';
import { SignalTreePanel } from './signal-tree-panel';
import { WaveCanvas } from './wave-canvas';
import { WaveNames } from './wave-names';
import './waveform.css';

export interface WaveformViewerProps {
  signals: readonly WaveSignal[];
  /** The run's last instant (time units, ps). */
  endTime: number;
  /** The changes read so far, by signal id (the page reads those of the shown signals). */
  traces: ReadonlyMap<string, HeldChanges>;
  /** Dense signals, drawn from summaries; `traces` holds their changes only around the view, if any. */
  dense?: ReadonlyMap<string, SummaryLayers>;
  /** Values the gateway gave at the cursor, for dense signals whose changes there are not held. */
  cursorValues?: ReadonlyMap<string, ValueAt>;
  /** Which signals are shown, in order: the page reads their changes. */
  onShownChange(ids: string[]): void;
  /** The nearest change of dense signals after or before an instant, found by the gateway. */
  findChange?(ids: readonly string[], time: number, direction: 'next' | 'previous'): Promise<number | undefined>;
  /** The view and cursor as they settle (at most every 200 ms while panning): the page reads summaries for it. */
  onViewChange?(view: SummaryView, cursor: number): void;
  /** Links beside the viewer's buttons (downloads). */
  actions?: ReactNode;
  onFrame?: (ms: number) => void;
  /** A stimulus run: the signals below its top scope are the probes asked for, shown when it opens. */
  showProbes?: boolean;
}

/**
 * A waveform viewer: the signal tree, the shown signals with their values at the cursor, and the traces
 * (digital, buses, analog in volts) with a time axis, a cursor and a marker. Everything is operable from
 * the keyboard (see the trace area's keys) and with buttons.
 */
export function WaveformViewer({
  signals,
  endTime,
  traces,
  dense,
  cursorValues,
  onShownChange,
  onViewChange,
  findChange,
  actions,
  onFrame,
  showProbes = false,
}: WaveformViewerProps) {
  const byId = useMemo(() => new Map(signals.map((signal) => [signal.id, signal])), [signals]);
  const [state, dispatchState] = useReducer(viewerReducer, undefined, () =>
    initialViewerState(
      endTime,
      defaultSelection(signals, undefined, { probes: showProbes }).map((id) => ({
        id,
        radix: defaultRadix(byId.get(id)),
      })),
    ),
  );

  // A jump to the next or previous change among dense signals asks the gateway: their changes are not all held.
  const current = useRef({ state, dense, findChange });
  useEffect(() => {
    current.current = { state, dense, findChange };
  });
  const dispatch = useCallback((action: ViewerAction) => {
    const { state: now, dense: denseNow, findChange: find } = current.current;
    if (action.type !== 'jump' || !find || !denseNow?.size) return dispatchState(action);
    const followed = (now.selected >= 0 ? [now.rows[now.selected]!] : now.rows).map((row) => row.id);
    const remote = followed.filter((id) => denseNow.has(id));
    if (!remote.length) return dispatchState(action);
    const held = followed.filter((id) => !denseNow.has(id)).flatMap((id) => action.traces.get(id) ?? []);
    const local = nearestChange(held, now.cursor, action.direction);
    void find(remote, now.cursor, action.direction).then((found) => {
      const times = [local, found].filter((time): time is number => time !== undefined);
      if (!times.length) return;
      const time = action.direction === 'next' ? Math.min(...times) : Math.max(...times);
      dispatchState({ type: 'cursor', time });
    });
  }, []);

  const shownIds = useMemo(() => state.rows.map((row) => row.id), [state.rows]);
  const shownKey = shownIds.join('\n');
  const onShown = useRef(onShownChange);
  useEffect(() => {
    onShown.current = onShownChange;
  });
  useEffect(() => onShown.current(shownKey ? shownKey.split('\n') : []), [shownKey]);
  const onView = useRef(onViewChange);
  useEffect(() => {
    onView.current = onViewChange;
  });
  const { start, end, width } = state.view;
  useEffect(() => onView.current?.({ start, end, width }, state.cursor), [start, end, width, state.cursor]);

  // Numbers for analog traces, one buffer per signal: each piece read converts only its own changes.
  const numericBuffers = useRef(new Map<string, NumericBuffer>());
  const numeric = useCallback(
    (id: string): NumericTrace | undefined => {
      const trace = traces.get(id);
      const signal = byId.get(id);
      if (!trace || !signal) return undefined;
      let buffer = numericBuffers.current.get(id);
      if (!buffer) {
        buffer = new NumericBuffer(signalFormat(signal, 'analog'));
        numericBuffers.current.set(id, buffer);
      }
      return buffer.update(trace);
    },
    [traces, byId],
  );

  const shown = useMemo(() => new Set(shownIds), [shownIds]);
  const between = state.marker === undefined ? undefined : Math.abs(state.marker - state.cursor);

  return (
    <section className="waveform-viewer" aria-label="Waveforms">
      <div className="wave-toolbar">
        <div className="wave-buttons" role="toolbar" aria-label="Waveform view">
          <button
            type="button"
            className="icon-button"
            aria-label="Zoom in"
            aria-keyshortcuts="+"
            onClick={() => dispatch({ type: 'zoom', factor: 2 })}
          >
            <ZoomIn size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Zoom out"
            aria-keyshortcuts="-"
            onClick={() => dispatch({ type: 'zoom', factor: 0.5 })}
          >
            <ZoomOut size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Zoom to fit"
            aria-keyshortcuts="F"
            onClick={() => dispatch({ type: 'fit' })}
          >
            <Maximize2 size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Previous change"
            aria-keyshortcuts="Shift+N"
            onClick={() => dispatch({ type: 'jump', direction: 'previous', traces })}
          >
            <ChevronLeft size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Next change"
            aria-keyshortcuts="N"
            onClick={() => dispatch({ type: 'jump', direction: 'next', traces })}
          >
            <ChevronRight size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="button"
            aria-keyshortcuts="M"
            onClick={() => dispatch({ type: 'marker', time: state.cursor })}
          >
            Marker at cursor
          </button>
          {state.marker !== undefined ? (
            <button type="button" className="button" onClick={() => dispatch({ type: 'marker', time: undefined })}>
              Clear marker
            </button>
          ) : null}
        </div>
        <CursorTime
          label="Cursor"
          time={state.cursor}
          endTime={endTime}
          onChange={(time) => dispatch({ type: 'cursor', time })}
        />
        <p id="wave-readout" className="wave-readout" aria-live="polite">
          View {formatTime(state.view.start)} – {formatTime(state.view.end)} · Cursor {formatTime(state.cursor)}
          {state.marker !== undefined && between !== undefined
            ? ` · Marker ${formatTime(state.marker)} · Δ ${formatTime(between)}${between > 0 ? ` (${formatFrequency(between)})` : ''}`
            : ''}
        </p>
        {actions ? <div className="wave-actions">{actions}</div> : null}
      </div>
      <div className="wave-main">
        <SignalTreePanel signals={signals} shown={shown} dispatch={dispatch} />
        <div className="wave-rows">
          <WaveNames
            state={state}
            dispatch={dispatch}
            signals={byId}
            traces={traces}
            dense={dense}
            cursorValues={cursorValues}
          />
          <WaveCanvas
            state={state}
            dispatch={dispatch}
            signals={byId}
            traces={traces}
            dense={dense}
            numeric={numeric}
            onFrame={onFrame}
          />
        </div>
      </div>
    </section>
  );
}

/** 1/Δt, as a period's frequency: what an oscilloscope's cursors show beside the time between them. */
function formatFrequency(ps: number): string {
  const hz = 1e12 / ps;
  const [scale, unit] = hz >= 1e9 ? [1e9, 'GHz'] : hz >= 1e6 ? [1e6, 'MHz'] : hz >= 1e3 ? [1e3, 'kHz'] : [1, 'Hz'];
  return `${Number((hz / scale).toPrecision(4))} ${unit}`;
}

/** The cursor's time as a field: type an instant (in ns) to put the cursor there. */
function CursorTime({
  label,
  time,
  endTime,
  onChange,
}: {
  label: string;
  time: number;
  endTime: number;
  onChange(time: number): void;
}) {
  return (
    <label className="wave-cursor-field">
      {label} (ns)
      <input
        type="number"
        min={0}
        max={endTime / 1000}
        step="any"
        value={Number((time / 1000).toFixed(3))}
        onChange={(event) => {
          const ns = event.target.valueAsNumber;
          if (Number.isFinite(ns)) onChange(ns * 1000);
        }}
      />
    </label>
  );
}
