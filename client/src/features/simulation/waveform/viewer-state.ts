// The viewer's state and every way it changes (keys, buttons, pointer), as one pure reducer.
import { nearestChange, type SignalChanges } from './changes';
import type { Radix } from './radix';
import { clampView, fitView, panView, zoomView, type TimeView } from './time-scale';

export interface ShownRow {
  id: string;
  radix: Radix;
}

export interface ViewerState {
  endTime: number;
  view: TimeView;
  rows: ShownRow[];
  /** The row the next/previous-change search follows (index into rows); -1: all rows. */
  selected: number;
  cursor: number;
  marker: number | undefined;
}

export type ViewerAction =
  | { type: 'resize'; width: number }
  | { type: 'zoom'; factor: number; anchor?: number }
  | { type: 'pan'; pixels: number }
  /** The view the canvas drew on its own while panning and zooming (already clamped), told to the rest. */
  | { type: 'view'; view: TimeView }
  | { type: 'fit' }
  | { type: 'cursor'; time: number }
  | { type: 'cursor-by'; pixels: number }
  | { type: 'marker'; time: number | undefined }
  | { type: 'select'; row: number }
  | { type: 'add'; id: string; radix: Radix }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'radix'; id: string; radix: Radix }
  | { type: 'jump'; direction: 'next' | 'previous'; traces: ReadonlyMap<string, SignalChanges> };

export function initialViewerState(endTime: number, rows: ShownRow[], width = 800): ViewerState {
  return { endTime, view: fitView(endTime, width), rows, selected: rows.length ? 0 : -1, cursor: 0, marker: undefined };
}

const clampTime = (state: ViewerState, time: number) => Math.min(Math.max(0, time), state.endTime);

/** Keeps `time` in view, moving the view (not zooming) when it left it. */
function follow(state: ViewerState, time: number): TimeView {
  const { view } = state;
  if (time >= view.start && time <= view.end) return view;
  const span = view.end - view.start;
  const start = time < view.start ? time - span * 0.1 : time - span * 0.9;
  return clampView({ ...view, start, end: start + span }, state.endTime);
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  const { view } = state;
  switch (action.type) {
    case 'resize':
      if (action.width <= 0 || action.width === view.width) return state;
      return { ...state, view: clampView({ ...view, width: action.width }, state.endTime) };
    case 'zoom': {
      // Keyboard and buttons zoom about the cursor when it is in view, else about the middle.
      const inView = state.cursor >= view.start && state.cursor <= view.end;
      const anchor = action.anchor ?? (inView ? state.cursor : (view.start + view.end) / 2);
      return { ...state, view: zoomView(view, action.factor, anchor, state.endTime) };
    }
    case 'pan':
      return { ...state, view: panView(view, action.pixels, state.endTime) };
    case 'view':
      return action.view === view ? state : { ...state, view: action.view };
    case 'fit':
      return { ...state, view: fitView(state.endTime, view.width) };
    case 'cursor': {
      const cursor = clampTime(state, action.time);
      return { ...state, cursor, view: follow(state, cursor) };
    }
    case 'cursor-by': {
      const cursor = clampTime(state, state.cursor + (action.pixels / view.width) * (view.end - view.start));
      return { ...state, cursor, view: follow(state, cursor) };
    }
    case 'marker':
      return { ...state, marker: action.time === undefined ? undefined : clampTime(state, action.time) };
    case 'select':
      return { ...state, selected: Math.min(Math.max(-1, action.row), state.rows.length - 1) };
    case 'add':
      if (state.rows.some((row) => row.id === action.id)) return state;
      return { ...state, rows: [...state.rows, { id: action.id, radix: action.radix }], selected: state.rows.length };
    case 'remove': {
      const at = state.rows.findIndex((row) => row.id === action.id);
      if (at < 0) return state;
      const rows = state.rows.filter((row) => row.id !== action.id);
      return { ...state, rows, selected: Math.min(state.selected, rows.length - 1) };
    }
    case 'move': {
      const at = state.rows.findIndex((row) => row.id === action.id);
      const to = at + action.by;
      if (at < 0 || to < 0 || to >= state.rows.length) return state;
      const rows = [...state.rows];
      [rows[at], rows[to]] = [rows[to]!, rows[at]!];
      return { ...state, rows, selected: state.selected === at ? to : state.selected };
    }
    case 'radix':
      return {
        ...state,
        rows: state.rows.map((row) => (row.id === action.id ? { ...row, radix: action.radix } : row)),
      };
    case 'jump': {
      const followed = state.selected >= 0 ? [state.rows[state.selected]!] : state.rows;
      const traces = followed.flatMap((row) => action.traces.get(row.id) ?? []);
      const time = nearestChange(traces, state.cursor, action.direction);
      if (time === undefined) return state;
      return { ...state, cursor: time, view: follow(state, time) };
    }
  }
}

/** The viewer's keys (on the focused trace area) as actions; undefined for keys it leaves alone. */
export function keyAction(
  key: string,
  modifiers: { shift: boolean; ctrl: boolean },
  state: ViewerState,
  traces: ReadonlyMap<string, SignalChanges>,
): ViewerAction | undefined {
  if (modifiers.ctrl) return undefined;
  const step = modifiers.shift ? state.view.width / 4 : 10;
  switch (key) {
    case 'ArrowLeft':
      return modifiers.shift ? { type: 'pan', pixels: -step } : { type: 'cursor-by', pixels: -step };
    case 'ArrowRight':
      return modifiers.shift ? { type: 'pan', pixels: step } : { type: 'cursor-by', pixels: step };
    case 'ArrowUp':
      return { type: 'select', row: Math.max(0, state.selected - 1) };
    case 'ArrowDown':
      return { type: 'select', row: state.selected + 1 };
    case '+':
    case '=':
      return { type: 'zoom', factor: 2 };
    case '-':
    case '_':
      return { type: 'zoom', factor: 0.5 };
    case 'f':
    case 'F':
      return { type: 'fit' };
    case 'Home':
      return { type: 'cursor', time: 0 };
    case 'End':
      return { type: 'cursor', time: state.endTime };
    case 'n':
      return { type: 'jump', direction: 'next', traces };
    case 'N':
    case 'p':
      return { type: 'jump', direction: 'previous', traces };
    case 'm':
    case 'M':
      return { type: 'marker', time: state.cursor };
    case 'Escape':
      return state.marker === undefined ? undefined : { type: 'marker', time: undefined };
    default:
      return undefined;
  }
}
