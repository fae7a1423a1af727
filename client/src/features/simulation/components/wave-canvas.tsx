import { useCallback, useEffect, useLayoutEffect, useRef, type Dispatch } from 'react';
import type { SummaryLayers } from '../api/use-waveform-summaries';
import type { SignalChanges } from '../waveform/changes';
import { AXIS_HEIGHT, drawAxis, drawRow, drawTimeLine, type TraceRow } from '../waveform/draw';
import type { NumericTrace } from '../waveform/segments';
import { summaryExtent, type BucketSummary } from '../waveform/summary';
import { formatTime, xToTime, type TimeView } from '../waveform/time-scale';
import { keyAction, viewerReducer, type ViewerAction, type ViewerState } from '../waveform/viewer-state';
import { signalFormat, type WaveSignal } from '../waveform/signal-tree';
import { rowHeight } from './row-layout';
import { cachedPalette } from './wave-palette';

export interface WaveCanvasProps {
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  signals: ReadonlyMap<string, WaveSignal>;
  traces: ReadonlyMap<string, SignalChanges>;
  /** Dense signals: summaries drawn where `traces` does not hold their changes for the whole view. */
  dense?: ReadonlyMap<string, SummaryLayers>;
  numeric(id: string): NumericTrace | undefined;
  /** Called with every frame's drawing time in ms (the bench reads it). */
  onFrame?: (ms: number) => void;
}

/** Pixels of pointer travel before a press becomes a drag (pan) rather than a click (cursor). */
const DRAG_THRESHOLD = 4;
/** While panning and zooming, the rest of the viewer (readout, names) hears of the view at most this often. */
const VIEW_SYNC_MS = 200;

/**
 * The traces: a canvas redrawn once per animation frame when anything shown changed. Focusable, with the
 * viewer's keys; a click places the cursor (Shift+click the marker), a drag pans, the wheel pans
 * (Ctrl/⌘+wheel zooms about the pointer).
 */
export function WaveCanvas({ state, dispatch, signals, traces, dense, numeric, onFrame }: WaveCanvasProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const height = AXIS_HEIGHT + state.rows.reduce((sum, row) => sum + rowHeight(signals.get(row.id), row.radix), 0);
  const shown = useRef({ signals, traces, dense, numeric, height, onFrame });
  // The view drawn: the state's, or ahead of it while the wheel or a drag moves it (told back throttled).
  const live = useRef<{ state: ViewerState; sent: TimeView | undefined }>({ state, sent: undefined });
  const frame = useRef(0);
  const palette = useRef<ReturnType<typeof cachedPalette>>(undefined);

  // Drawing reads only refs, so a pan or zoom redraws the canvas without rendering the viewer in React.
  const draw = useCallback(() => {
    frame.current = 0;
    const element = canvas.current;
    if (!element || !palette.current) return;
    const started = performance.now();
    const { state: current } = live.current;
    const { signals, traces, dense, numeric, height, onFrame } = shown.current;
    const { view } = current;
    const ratio = window.devicePixelRatio || 1;
    // Setting a canvas's size reallocates it even when unchanged: only when it did change.
    const [width, tall] = [Math.round(view.width * ratio), Math.round(height * ratio)];
    if (element.width !== width) element.width = width;
    if (element.height !== tall) element.height = tall;
    const ctx = element.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const colours = palette.current.get();
    ctx.fillStyle = colours.background;
    ctx.fillRect(0, 0, view.width, height);
    drawAxis(ctx, view, colours, height);
    let y = AXIS_HEIGHT;
    current.rows.forEach((row, index) => {
      const signal = signals.get(row.id);
      const rowH = rowHeight(signal, row.radix);
      const format = signalFormat(signal, row.radix);
      const layers = dense?.get(row.id);
      const summaries = [layers?.detail, layers?.overview].filter((layer): layer is BucketSummary => !!layer);
      const trace: TraceRow = {
        signal: traces.get(row.id),
        exact: layers ? (layers.window ? [layers.window.from, layers.window.to] : [0, -1]) : undefined,
        summaries,
        extent: layers?.overview && row.radix === 'analog' ? summaryExtent(layers.overview, format) : undefined,
        numeric: row.radix === 'analog' ? numeric(row.id) : undefined,
        format,
        y,
        height: rowH,
        selected: index === current.selected,
      };
      drawRow(ctx, trace, view, colours);
      y += rowH;
    });
    drawTimeLine(ctx, view, current.marker, colours.marker, height, true);
    drawTimeLine(ctx, view, current.cursor, colours.cursor, height, false);
    onFrame?.(performance.now() - started);
  }, []);
  const requestDraw = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    palette.current = cachedPalette(element, requestDraw);
    return () => {
      palette.current?.dispose();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [requestDraw]);

  useEffect(() => {
    shown.current = { signals, traces, dense, numeric, height, onFrame };
    // The state's view, unless it is only the echo of one this canvas sent (the canvas may be further on).
    const ahead = live.current.sent !== undefined && state.view === live.current.sent;
    live.current.state = ahead ? { ...state, view: live.current.state.view } : state;
    if (!ahead) live.current.sent = undefined;
    requestDraw();
  }, [state, signals, traces, dense, numeric, height, onFrame, requestDraw]);

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

  // Pans and zooms: applied here and drawn at the next frame; the viewer's state follows at most every VIEW_SYNC_MS.
  const sync = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sendView = useCallback(() => {
    clearTimeout(sync.current);
    sync.current = undefined;
    if (live.current.state.view === live.current.sent) return;
    live.current.sent = live.current.state.view;
    dispatch({ type: 'view', view: live.current.sent });
  }, [dispatch]);
  const moveView = useCallback(
    (action: ViewerAction) => {
      live.current.state = viewerReducer(live.current.state, action);
      requestDraw();
      sync.current ??= setTimeout(sendView, VIEW_SYNC_MS);
    },
    [requestDraw, sendView],
  );
  useEffect(() => () => clearTimeout(sync.current), []);

  // Wheel: a native listener, as React's is passive and could not keep the page from scrolling.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { view } = live.current.state;
      if (event.ctrlKey || event.metaKey) {
        const anchor = xToTime(view, event.offsetX);
        moveView({ type: 'zoom', factor: Math.exp(-event.deltaY * 0.002), anchor });
      } else {
        moveView({
          type: 'pan',
          pixels: Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY,
        });
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [moveView]);

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
          live.current.state,
          shown.current.traces,
        );
        if (!action) return;
        event.preventDefault();
        // The view the key acts on is the one drawn: the state hears of it first.
        sendView();
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
          moveView({ type: 'pan', pixels: -dx });
        }}
        onPointerUp={(event) => {
          const pressed = drag.current;
          drag.current = null;
          if (!pressed || pressed.moved) return;
          const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
          const time = xToTime(live.current.state.view, x);
          sendView();
          dispatch(event.shiftKey ? { type: 'marker', time } : { type: 'cursor', time });
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      />
    </div>
  );
}
