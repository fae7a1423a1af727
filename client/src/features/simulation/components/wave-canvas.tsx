import { useEffect, useLayoutEffect, useRef, type Dispatch } from 'react';
import type { SignalChanges } from '../waveform/changes';
import { AXIS_HEIGHT, drawAxis, drawRow, drawTimeLine, type TraceRow, type WavePalette } from '../waveform/draw';
import type { NumericTrace } from '../waveform/segments';
import { formatTime, xToTime } from '../waveform/time-scale';
import { keyAction, type ViewerAction, type ViewerState } from '../waveform/viewer-state';
import { signalFormat, type WaveSignal } from '../waveform/signal-tree';
import { rowHeight } from './row-layout';

export interface WaveCanvasProps {
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  signals: ReadonlyMap<string, WaveSignal>;
  traces: ReadonlyMap<string, SignalChanges>;
  numeric(id: string): NumericTrace | undefined;
  /** Called with every frame's drawing time in ms (the bench reads it). */
  onFrame?: (ms: number) => void;
}

const PALETTE_VARIABLES: Record<keyof WavePalette, string> = {
  background: '--wave-background',
  grid: '--wave-grid',
  text: '--wave-text',
  muted: '--wave-muted',
  trace: '--wave-trace',
  analog: '--wave-analog',
  unknown: '--wave-unknown',
  cursor: '--wave-cursor',
  marker: '--wave-marker',
  selected: '--wave-selected',
};

/** The colours from the style sheet, read at each frame so a change of scheme shows at once. */
function readPalette(element: Element): WavePalette {
  const style = getComputedStyle(element);
  const palette = {} as WavePalette;
  for (const [key, variable] of Object.entries(PALETTE_VARIABLES))
    palette[key as keyof WavePalette] = style.getPropertyValue(variable).trim() || '#888';
  return palette;
}

/** Pixels of pointer travel before a press becomes a drag (pan) rather than a click (cursor). */
const DRAG_THRESHOLD = 4;

/**
 * The traces: a canvas redrawn once per animation frame when anything shown changed. Focusable, with the
 * viewer's keys; a click places the cursor (Shift+click the marker), a drag pans, the wheel pans
 * (Ctrl/⌘+wheel zooms about the pointer).
 */
export function WaveCanvas({ state, dispatch, signals, traces, numeric, onFrame }: WaveCanvasProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const latest = useRef({ state, traces });
  useEffect(() => {
    latest.current = { state, traces };
  });
  const height = AXIS_HEIGHT + state.rows.reduce((sum, row) => sum + rowHeight(signals.get(row.id), row.radix), 0);

  // The canvas follows its box's width.
  useLayoutEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const measure = () => dispatch({ type: 'resize', width: Math.floor(element.clientWidth) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [dispatch]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const frame = requestAnimationFrame(() => {
      const started = performance.now();
      const { view } = state;
      const ratio = window.devicePixelRatio || 1;
      // Setting a canvas's size reallocates it even when unchanged: only when it did change.
      const [width, tall] = [Math.round(view.width * ratio), Math.round(height * ratio)];
      if (element.width !== width) element.width = width;
      if (element.height !== tall) element.height = tall;
      const ctx = element.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const palette = readPalette(element);
      ctx.fillStyle = palette.background;
      ctx.fillRect(0, 0, view.width, height);
      drawAxis(ctx, view, palette, height);
      let y = AXIS_HEIGHT;
      state.rows.forEach((shown, index) => {
        const signal = signals.get(shown.id);
        const rowH = rowHeight(signal, shown.radix);
        const row: TraceRow = {
          signal: traces.get(shown.id),
          numeric: shown.radix === 'analog' ? numeric(shown.id) : undefined,
          format: signalFormat(signal, shown.radix),
          y,
          height: rowH,
          selected: index === state.selected,
        };
        drawRow(ctx, row, view, palette);
        y += rowH;
      });
      drawTimeLine(ctx, view, state.marker, palette.marker, height, true);
      drawTimeLine(ctx, view, state.cursor, palette.cursor, height, false);
      onFrame?.(performance.now() - started);
    });
    return () => cancelAnimationFrame(frame);
  }, [state, signals, traces, numeric, height, onFrame]);

  // Wheel: a native listener, as React's is passive and could not keep the page from scrolling.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { view } = latest.current.state;
      if (event.ctrlKey || event.metaKey) {
        const anchor = xToTime(view, event.offsetX);
        dispatch({ type: 'zoom', factor: Math.exp(-event.deltaY * 0.002), anchor });
      } else {
        dispatch({
          type: 'pan',
          pixels: Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY,
        });
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [dispatch]);

  const drag = useRef<{ x: number; moved: boolean } | null>(null);

  return (
    <div
      ref={wrapper}
      className="wave-canvas"
      tabIndex={0}
      // A slider of the cursor's time (arrows move it), with the viewer's other keys besides.
      role="slider"
      aria-valuemin={0}
      aria-valuemax={state.endTime}
      aria-valuenow={Math.round(state.cursor)}
      aria-valuetext={`Cursor at ${formatTime(state.cursor)}`}
      aria-label="Traces. Arrow keys move the cursor, Shift+arrows pan, + and - zoom, F fits, N and Shift+N go to the next and previous change, M sets the marker"
      aria-describedby="wave-readout"
      onKeyDown={(event) => {
        const action = keyAction(
          event.key,
          { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey || event.altKey },
          latest.current.state,
          latest.current.traces,
        );
        if (!action) return;
        event.preventDefault();
        dispatch(action);
      }}
    >
      <canvas
        ref={canvas}
        style={{ width: `${state.view.width}px`, height: `${height}px` }}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { x: event.clientX, moved: false };
        }}
        onPointerMove={(event) => {
          const pressed = drag.current;
          if (!pressed) return;
          const dx = event.clientX - pressed.x;
          if (!pressed.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
          pressed.moved = true;
          pressed.x = event.clientX;
          dispatch({ type: 'pan', pixels: -dx });
        }}
        onPointerUp={(event) => {
          const pressed = drag.current;
          drag.current = null;
          if (!pressed || pressed.moved) return;
          const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
          const time = xToTime(latest.current.state.view, x);
          dispatch(event.shiftKey ? { type: 'marker', time } : { type: 'cursor', time });
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      />
    </div>
  );
}
