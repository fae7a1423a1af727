import type { MockIdentity } from '../session.js';
import type { Sandbox } from '../store/sandbox.js';

/** What an operation handler gets: the caller's sandbox and the validated request. */
export interface HandlerContext {
  sandbox: Sandbox;
  userId: string;
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
}

export type Handler = (context: HandlerContext) => HandlerResult | Promise<HandlerResult>;

/** Handlers by operationId, one module per resource. */
export type Handlers = Record<string, Handler>;

export const ok = (body: unknown): HandlerResult => ({ status: 200, body });
export const created = (body: unknown): HandlerResult => ({ status: 201, body });
export const noContent = (): HandlerResult => ({ status: 204 });

export const str = (value: unknown) => value as string;
