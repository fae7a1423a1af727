import { memo, useMemo, type Dispatch } from 'react';
import { defaultRadix, signalTree, type ScopeNode, type WaveSignal } from '../waveform/signal-tree';
import type { ViewerAction } from '../waveform/viewer-state';

export interface SignalTreePanelProps {
  signals: readonly WaveSignal[];
  shown: ReadonlySet<string>;
  dispatch: Dispatch<ViewerAction>;
}

/** The run's signals by design hierarchy; a checkbox per signal shows or hides it. */
/** Memoised: zooming and panning re-render the viewer every frame, and the tree does not change with them. */
export const SignalTreePanel = memo(function SignalTreePanel({ signals, shown, dispatch }: SignalTreePanelProps) {
  const tree = useMemo(() => signalTree(signals), [signals]);
  return (
    <details className="wave-tree" open>
      <summary>Signals ({signals.length})</summary>
      <ScopeList node={tree} shown={shown} dispatch={dispatch} />
    </details>
  );
});

function ScopeList({
  node,
  shown,
  dispatch,
}: {
  node: ScopeNode;
  shown: ReadonlySet<string>;
  dispatch: Dispatch<ViewerAction>;
}) {
  return (
    <ul className="wave-tree-list">
      {node.scopes.map((scope) => (
        <li key={scope.path}>
          <details open={scope.path.split('.').length <= 2}>
            <summary>{scope.name}</summary>
            <ScopeList node={scope} shown={shown} dispatch={dispatch} />
          </details>
        </li>
      ))}
      {node.signals.map((signal) => (
        <li key={signal.id}>
          <label className="wave-tree-signal" title={signal.path}>
            <input
              type="checkbox"
              checked={shown.has(signal.id)}
              onChange={(event) =>
                dispatch(
                  event.target.checked
                    ? {
                        type: 'add',
                        id: signal.id,
                        radix: defaultRadix(signal),
                      }
                    : { type: 'remove', id: signal.id },
                )
              }
            />
            {signal.name}
            {signal.width > 1 ? <span className="wave-width">[{signal.width - 1}:0]</span> : null}
          </label>
        </li>
      ))}
    </ul>
  );
}
