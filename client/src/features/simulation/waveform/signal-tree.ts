// The run's signals grouped by their design hierarchy, for the viewer's signal tree, and how each is shown.
import type { Radix, ValueFormat } from './radix';

/** One signal of a run, as GET /api/simulations/{id}/signals lists it. */
export interface WaveSignal {
  id: string;
  /** Full hierarchical name, e.g. "tb.dut.OutputA". */
  path: string;
  /** The scope it sits in, dot-separated ("tb.dut"). */
  scope: string;
  name: string;
  width: number;
  type: string;
  signed?: boolean;
  /** Volts per code on the slot's analog ports; such signals are shown as analog traces. */
  volts_per_lsb?: number;
}

export interface ScopeNode {
  /** This scope's own name ("dut"); "" for the root. */
  name: string;
  /** Its full dotted path ("tb.dut"), unique: the tree item's key. */
  path: string;
  scopes: ScopeNode[];
  signals: WaveSignal[];
}

/** Scopes nested as the dotted names say, each scope's children and signals in name order. */
export function signalTree(signals: readonly WaveSignal[]): ScopeNode {
  const root: ScopeNode = { name: '', path: '', scopes: [], signals: [] };
  const byPath = new Map<string, ScopeNode>([['', root]]);
  const scopeNode = (path: string): ScopeNode => {
    const known = byPath.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('.');
    const parent = scopeNode(cut < 0 ? '' : path.slice(0, cut));
    const node: ScopeNode = { name: path.slice(cut + 1), path, scopes: [], signals: [] };
    parent.scopes.push(node);
    byPath.set(path, node);
    return node;
  };
  for (const signal of signals) scopeNode(signal.scope).signals.push(signal);
  const order = (node: ScopeNode) => {
    node.scopes.sort((a, b) => a.name.localeCompare(b.name));
    node.signals.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    node.scopes.forEach(order);
  };
  order(root);
  return root;
}

/** Whether a signal is drawn as an analog trace by default: the slot's scaled analog ports. */
export const isAnalogPort = (signal: WaveSignal) => signal.volts_per_lsb !== undefined && signal.width > 1;

/** How a signal is shown when it is added: analog ports as traces, real signals analog, signed buses signed. */
export function defaultRadix(signal: WaveSignal | undefined): Radix {
  if (!signal) return 'hex';
  if (isAnalogPort(signal) || signal.type === 'real') return 'analog';
  return signal.signed ? 'signed' : 'hex';
}

/** How the values of `signal` read in `radix`. */
export function signalFormat(signal: WaveSignal | undefined, radix: Radix): ValueFormat {
  return {
    width: signal?.width ?? 1,
    radix,
    signed: signal?.signed,
    real: signal?.type === 'real',
    voltsPerLsb: signal?.volts_per_lsb,
  };
}

/**
 * The signals shown when a run opens: the slot's analog ports (inputs, then outputs), then the other ports
 * of the top scope below the test bench, at most `limit`. With `probes` (a stimulus run: below its top
 * scope it records only the internal signals the user asked for), every one of those comes right after
 * the analog ports, beyond the limit if need be: they were chosen to be seen.
 */
export function defaultSelection(signals: readonly WaveSignal[], limit = 12, { probes = false } = {}): string[] {
  const analog = signals.filter(isAnalogPort).sort((a, b) => a.name.localeCompare(b.name));
  const depth = (s: WaveSignal) => (s.scope ? s.scope.split('.').length : 0);
  const shallowest = Math.min(...signals.map(depth));
  const top = signals.filter((s) => depth(s) === shallowest && !isAnalogPort(s));
  const chosen = probes
    ? signals.filter((s) => depth(s) > shallowest).sort((a, b) => a.path.localeCompare(b.path))
    : [];
  const first = [...analog, ...chosen];
  return [...first, ...top.slice(0, Math.max(0, limit - first.length))]
    .slice(0, Math.max(limit, first.length))
    .map((s) => s.id);
}
