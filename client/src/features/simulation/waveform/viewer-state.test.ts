import { describe, expect, it } from 'vitest';
import type { SignalChanges } from './changes';
import { initialViewerState, keyAction, viewerReducer, type ViewerAction, type ViewerState } from './viewer-state';

const trace = (pairs: [number, string][]): SignalChanges => ({
  times: Float64Array.from(pairs.map(([t]) => t)),
  values: pairs.map(([, v]) => v),
});
const traces = new Map([
  [
    'a',
    trace([
      [0, '0'],
      [100, '1'],
      [400, '0'],
    ]),
  ],
  [
    'b',
    trace([
      [0, 'b00'],
      [250, 'b01'],
    ]),
  ],
]);
const start = () =>
  initialViewerState(
    1000,
    [
      { id: 'a', radix: 'hex' },
      { id: 'b', radix: 'hex' },
    ],
    100,
  );
const press = (state: ViewerState, key: string, shift = false) => {
  const action = keyAction(key, { shift, ctrl: false }, state, traces);
  return action ? viewerReducer(state, action) : state;
};
const run = (state: ViewerState, ...actions: ViewerAction[]) => actions.reduce(viewerReducer, state);

describe('viewer keys', () => {
  it('moves the cursor to the next and previous change of the chosen row', () => {
    let state = start();
    state = press(state, 'n');
    expect(state.cursor).toBe(100);
    state = press(state, 'n');
    expect(state.cursor).toBe(400);
    state = press(state, 'N');
    expect(state.cursor).toBe(100);
    state = press(press(state, 'ArrowDown'), 'n');
    expect(state.selected).toBe(1);
    expect(state.cursor).toBe(250);
  });

  it('zooms about the cursor and fits back', () => {
    let state = run(start(), { type: 'cursor', time: 500 });
    state = press(state, '+');
    expect(state.view).toEqual({ start: 250, end: 750, width: 100 });
    state = press(press(state, '='), '-');
    expect(state.view.end - state.view.start).toBe(500);
    expect(press(state, 'f').view).toEqual({ start: 0, end: 1000, width: 100 });
  });

  it('pans with Shift+arrows and keeps the cursor in view as it moves', () => {
    let state = press(press(start(), '+'), '+');
    expect(state.view).toEqual({ start: 0, end: 250, width: 100 });
    state = press(state, 'ArrowRight', true);
    expect(state.view.start).toBe(62.5);
    state = press(state, 'End');
    expect(state.cursor).toBe(1000);
    expect(state.view.end).toBe(1000);
  });

  it('sets the marker at the cursor and clears it with Escape', () => {
    let state = press(run(start(), { type: 'cursor', time: 300 }), 'm');
    expect(state.marker).toBe(300);
    state = press(state, 'Escape');
    expect(state.marker).toBeUndefined();
    expect(keyAction('Escape', { shift: false, ctrl: false }, state, traces)).toBeUndefined();
  });

  it('leaves Ctrl combinations to the browser', () => {
    expect(keyAction('+', { shift: false, ctrl: true }, start(), traces)).toBeUndefined();
  });
});

describe('rows', () => {
  it('adds, reorders and removes signals', () => {
    let state = run(start(), { type: 'add', id: 'c', radix: 'signed' }, { type: 'add', id: 'a', radix: 'hex' });
    expect(state.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    state = run(state, { type: 'move', id: 'c', by: -1 }, { type: 'move', id: 'a', by: -1 });
    expect(state.rows.map((r) => r.id)).toEqual(['a', 'c', 'b']);
    state = run(state, { type: 'radix', id: 'c', radix: 'unsigned' }, { type: 'remove', id: 'a' });
    expect(state.rows).toEqual([
      { id: 'c', radix: 'unsigned' },
      { id: 'b', radix: 'hex' },
    ]);
  });
});
