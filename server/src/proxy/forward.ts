import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher, Pool } from 'undici';
import { clientChain } from './hygiene.js';

export type Headers = Record<string, string | string[] | undefined>;

/**
 * What the upstream answered, as the validating proxy's onResponse takes it: a small body (see
 * {@link isSmall}) once it has arrived whole, any other as a stream.
 */
export type UpstreamResponse = { statusCode: number; headers: Headers } & (
  { whole: Buffer; stream?: undefined } | { stream: Readable; whole?: undefined }
);

/** How an exchange rewrites what crosses it, whichever way the request came in (a route or the fast path). */
export interface ExchangeOptions {
  /** The upstream's base path ('' or '/base'), put before the request's own path. */
  basePath: string;
  /** The upstream's host (and port), sent as Host like a reverse proxy does. */
  host: string;
  pool: Pool;
  /**
   * The headers the upstream gets: hop-by-hop ones are already gone. `clientChain` is the client's
   * address and the proxies the gateway trusts (hygiene.ts clientChain).
   */
  rewriteRequestHeaders: (headers: Headers, clientChain: string[]) => Headers;
  /** The upstream's answer headers as the client gets them. */
  rewriteResponseHeaders?: (headers: Headers) => Headers;
}

export interface ForwardOptions extends ExchangeOptions {
  /** Takes over sending the answer (the contract check); by default its body is sent as it comes. */
  onResponse?: (request: FastifyRequest, reply: FastifyReply, upstream: UpstreamResponse) => void;
  onError: (reply: FastifyReply, failure: { error: unknown }) => void;
}

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): never forwarded, either way.
 * Host is set to the upstream's; Content-Length stays (a streamed body keeps the client's length).
 * Expect is answered here: the gateway's server has sent the client its 100 Continue, and undici
 * refuses a request that carries one (an upload from curl was a 502).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'host',
]);

/** A copy of `headers` without the hop-by-hop ones, nor those the Connection header names. */
export function endToEndHeaders(headers: Headers): Headers {
  const connection = headers.connection;
  const listed =
    typeof connection === 'string' && connection !== 'keep-alive' && connection !== 'close'
      ? new Set(connection.split(',').map((name) => name.trim().toLowerCase()))
      : undefined;
  const kept: Headers = {};
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    kept[name] = headers[name];
  }
  return kept;
}

/** A header value Node refuses to write (a control character): dropped rather than failing the answer. */
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

function settable(value: string | string[] | undefined): value is string | string[] {
  if (value === undefined) return false;
  return Array.isArray(value) ? !value.some((v) => INVALID_VALUE.test(v)) : !INVALID_VALUE.test(value);
}

/** Answers up to this size with a declared length are read whole, then sent in one write. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Whether an answer says it is at most {@link SMALL_BODY_BYTES} long (never a stream of unknown length). */
export function isSmall(headers: Headers): boolean {
  const declared = headers['content-length'];
  if (typeof declared !== 'string') return false;
  const length = Number(declared);
  return Number.isInteger(length) && length <= SMALL_BODY_BYTES;
}

class BadPathError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The request path is not a valid path for the upstream');
  }
}

/** How many times an upstream could decode a path (a server that decodes twice, behind one that decodes once). */
const DECODINGS_CHECKED = 3;

/** Whether a path (as some server may read it) has a `..` segment: `\\` as `/`, `;parameters` stripped (`..;x`). */
const climbs = (path: string) =>
  path
    .replaceAll('\\', '/')
    .split('/')
    .some((segment) => segment.split(';', 1)[0] === '..');

/**
 * Refuses a path that could leave the upstream's base path once the upstream decodes it: a `..`
 * segment (also as %2e%2e, double-encoded as %252e%252e, with backslashes, or with a `;parameter`,
 * which servlet containers such as the identity provider's read as `..`) or a second origin
 * (`//host`, `scheme:`).
 */
export function checkPath(url: string): void {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.startsWith('//') || !path.startsWith('/')) throw new BadPathError();
  if (!path.includes('.') && !path.includes('%') && !path.includes('\\')) return;
  try {
    path = decodeURIComponent(path);
  } catch {
    throw new BadPathError();
  }
  // What a server that decodes again would see: only the characters that make a segment (a literal
  // `%` in a file name is no error here, nor is an invalid escape that hides an encoded `..` next to it).
  for (let decodings = 1; ; decodings++) {
    if (climbs(path)) throw new BadPathError();
    if (!path.includes('%') || decodings === DECODINGS_CHECKED) return;
    path = path.replace(/%(?:2e|2f|5c|3b|25)/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
}

/**
 * Where one exchange's answer goes: a Fastify reply (the proxy's routes, below) or the raw response
 * (proxy-fast-path.ts). The exchange decides what is sent; the target only knows how.
 */
export interface AnswerTarget {
  readonly method: string;
  /** The client's request, body included, has been read whole. */
  requestComplete(): boolean;
  clientGone(): boolean;
  /** Whether the answer is out (a failure then has nobody to tell). */
  sent(): boolean;
  header(name: string, value: string | string[]): void;
  removeHeader(name: string): void;
  /** Throws for a status that cannot be sent. */
  status(code: number): void;
  sendWhole(upstream: UpstreamResponse & { whole: Buffer }): void;
  sendStream(upstream: UpstreamResponse & { stream: Readable }): void;
  /** The upstream failed before the client saw a byte. */
  fail(error: unknown): void;
}

/** The answer's body once the head is on the reply: collected whole, or streamed (with backpressure). */
type BodyPath = { kind: 'whole'; chunks: Buffer[] } | { kind: 'stream'; stream: Readable };

/**
 * One forwarded exchange as an undici dispatch handler: the upstream's answer goes straight to the
 * client, a small one as one buffer, anything else through a stream that pauses the upstream while
 * the client is slow. (undici's request() wraps every answer in a stream with its own listeners:
 * about a tenth of a small proxied request's time.)
 */
export class UpstreamExchange implements Dispatcher.DispatchHandler {
  private body: BodyPath | undefined;
  /** The upstream headers put on the answer, removed again if the answer fails before it is sent. */
  private answered: Headers = {};
  private statusCode = 0;

  constructor(
    private readonly target: AnswerTarget,
    private readonly options: ExchangeOptions,
  ) {}

  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Headers): void {
    if (statusCode < 200) return; // 1xx: the final answer follows.
    const { target, options } = this;
    if (target.clientGone()) {
      // The client went away while the upstream thought: nothing to answer, free the connection.
      controller.abort(new Error('the client went away'));
      return;
    }
    let answered = endToEndHeaders(headers);
    // A redirect within the upstream's base path points at the same place on the gateway.
    const location = answered.location;
    if (options.basePath && typeof location === 'string' && location.startsWith(`${options.basePath}/`))
      answered.location = location.slice(options.basePath.length);
    if (options.rewriteResponseHeaders) answered = options.rewriteResponseHeaders(answered);
    for (const name in answered) {
      const value = answered[name];
      if (settable(value)) target.header(name, value);
    }
    this.answered = answered;
    // The client's body is not read whole yet (the upstream answered early): this connection
    // cannot carry another request.
    if (!target.requestComplete()) target.header('connection', 'close');
    try {
      target.status(statusCode);
    } catch (invalid) {
      controller.abort(invalid as Error);
      return;
    }
    this.statusCode = statusCode;
    if (target.method !== 'HEAD' && isSmall(answered)) {
      this.body = { kind: 'whole', chunks: [] };
      return;
    }
    const stream = this.streamFrom(controller);
    this.body = { kind: 'stream', stream };
    target.sendStream({ statusCode, headers: answered, stream });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const { body } = this;
    if (body?.kind === 'whole') body.chunks.push(chunk);
    else if (body?.kind === 'stream' && !body.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    const { body } = this;
    if (body?.kind === 'whole') {
      const { chunks } = body;
      const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      this.target.sendWhole({ statusCode: this.statusCode, headers: this.answered, whole });
    } else if (body?.kind === 'stream') body.stream.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const { body, target } = this;
    if (body?.kind === 'stream') {
      // Mid-stream: the client's answer is cut (its head is out), as a failing stream does.
      if (!body.stream.destroyed) body.stream.destroy(error);
      return;
    }
    // The client went away (then this gateway aborted the exchange itself): nobody to tell, nothing failed.
    if (target.sent() || target.clientGone()) return;
    // Before the client saw a byte: the upstream's headers describe a body that will not come.
    for (const name in this.answered) target.removeHeader(name);
    target.removeHeader('connection');
    target.fail(error);
  }

  /** The answer's body as a stream; the upstream pauses while it is full, and stops if the client goes. */
  private streamFrom(controller: Dispatcher.DispatchController): Readable {
    let ended = false;
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        if (!ended) controller.abort(error ?? new Error('the client went away'));
        callback(error);
      },
    });
    stream.once('end', () => (ended = true));
    return stream;
  }
}

/** An exchange's answer on a Fastify reply, handed to `onResponse` (the contract check) when there is one. */
class ReplyTarget implements AnswerTarget {
  readonly method: string;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwardOptions,
  ) {
    this.method = request.method;
  }

  requestComplete(): boolean {
    return this.request.raw.complete;
  }

  clientGone(): boolean {
    return this.reply.raw.destroyed || Boolean(this.request.raw.socket?.destroyed);
  }

  sent(): boolean {
    return this.reply.sent;
  }

  header(name: string, value: string | string[]): void {
    this.reply.header(name, value);
  }

  removeHeader(name: string): void {
    this.reply.removeHeader(name);
  }

  status(code: number): void {
    this.reply.code(code);
  }

  sendWhole(upstream: UpstreamResponse & { whole: Buffer }): void {
    const { onResponse } = this.options;
    if (onResponse) onResponse(this.request, this.reply, upstream);
    else void this.reply.send(upstream.whole);
  }

  sendStream(upstream: UpstreamResponse & { stream: Readable }): void {
    const { onResponse } = this.options;
    if (onResponse) onResponse(this.request, this.reply, upstream);
    else void this.reply.send(upstream.stream);
  }

  fail(error: unknown): void {
    this.options.onError(this.reply, { error });
  }
}

/**
 * The route handler that forwards a request to its upstream with undici, streaming both bodies (a
 * direct pool dispatch: a proxy library's per-request URL parsing, header copies and option merging
 * were most of the gateway's time per proxied request).
 */
export function forwardHandler(options: ForwardOptions) {
  return function forward(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    checkPath(request.url);
    const body = request.body as Dispatcher.DispatchOptions['body'] | undefined;
    dispatchExchange(
      options,
      request.method,
      request.url,
      request.headers as Headers,
      clientChain(request.ips, request.socket.remoteAddress),
      body ?? undefined,
      new ReplyTarget(request, reply, options),
    );
    return reply;
  };
}

/** Sends the request (its path already checked by {@link checkPath}) upstream; the answer goes to `target`. */
export function dispatchExchange(
  options: ExchangeOptions,
  method: string,
  url: string,
  clientHeaders: Headers,
  chain: string[],
  body: Dispatcher.DispatchOptions['body'] | undefined,
  target: AnswerTarget,
): void {
  const headers = endToEndHeaders(clientHeaders);
  headers.host = options.host;
  options.pool.dispatch(
    {
      method: method as Dispatcher.HttpMethod,
      path: options.basePath + url,
      headers: options.rewriteRequestHeaders(headers, chain) as Record<string, string | string[]>,
      body,
    },
    new UpstreamExchange(target, options),
  );
}
