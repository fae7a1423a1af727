import type { MockIdentity } from '../session.js';
import type { SimulationService } from '../simulations/simulation-service.js';
import type { Sandbox } from '../store/sandbox.js';

/** What an operation handler gets: the caller's sandbox and the validated request. */
export interface HandlerContext {
  sandbox: Sandbox;
  /** The caller's sandbox key (what owns their simulations). */
  sandboxKey: string;
  userId: string;
  /** Simulations live beside the sandbox document (simulations/), not in it. */
  simulations: { service: SimulationService };
  identity: MockIdentity;
  /** Path parameters, coerced to the contract's types. */
  params: Record<string, unknown>;
  /** Query parameters, coerced, with the contract's defaults filled in. */
  query: Record<string, unknown>;
  /** JSON bodies parsed; text bodies as strings; undefined when none was sent. */
  body: unknown;
}

export interface HandlerResult {
  status: number;
  /** JSON unless `contentType` says otherwise; omitted for 204. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Work done once after the request's unit of work is stored, whose result is the answer: a write's
   * handler may run again on a newer copy of the sandbox, so what must happen once (starting a
   * simulation) goes here.
   */
  afterUnit?: () => Promise<HandlerResult>;
}

export type Handler = (context: HandlerContext) => HandlerResult | Promise<HandlerResult>;

/** Handlers by operationId, one module per resource. */
export type Handlers = Record<string, Handler>;

export const ok = (body: unknown): HandlerResult => ({ status: 200, body });

/** JSON answers made once per object they were made from (the object must not change: see okShared). */
const serialized = new WeakMap<object, HandlerResult>();

/** A 200 whose body is `render()` as JSON, made once for `key` (an object that never changes). */
export function okOnce(key: object, render: () => unknown): HandlerResult {
  let result = serialized.get(key);
  if (!result) {
    // Bytes, not text: a string would be encoded again for every request.
    result = {
      status: 200,
      body: Buffer.from(JSON.stringify(render())),
      contentType: 'application/json; charset=utf-8',
    };
    serialized.set(key, result);
  }
  return result;
}

/**
 * A 200 with `body`: a frozen view (a sandbox's read copy shares its lists, see read-views.ts) is
 * serialized once for every request that gets it, anything else as usual.
 */
export const okShared = (body: object): HandlerResult => (Object.isFrozen(body) ? okOnce(body, () => body) : ok(body));
export const created = (body: unknown): HandlerResult => ({ status: 201, body });
export const noContent = (): HandlerResult => ({ status: 204 });

export const str = (value: unknown) => value as string;
