import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher, Pool } from 'undici';

export type Headers = Record<string, string | string[] | undefined>;

/**
 * What the upstream answered, as the validating proxy's onResponse takes it: a small body (see
 * {@link isSmall}) once it has arrived whole, any other as a stream.
 */
export type UpstreamResponse = { statusCode: number; headers: Headers } & (
  { whole: Buffer; stream?: undefined } | { stream: Readable; whole?: undefined }
);

export interface ForwardOptions {
  /** The upstream's base path ('' or '/base'), put before the request's own path. */
  basePath: string;
  /** The upstream's host (and port), sent as Host like a reverse proxy does. */
  host: string;
  pool: Pool;
  /** The headers the upstream gets: hop-by-hop ones are already gone. */
  rewriteRequestHeaders: (request: FastifyRequest, headers: Headers) => Headers;
  /** The upstream's answer headers as the client gets them. */
  rewriteResponseHeaders?: (headers: Headers) => Headers;
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
function checkPath(url: string): void {
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

/** The answer's body once the head is on the reply: collected whole, or streamed (with backpressure). */
type BodyPath = { kind: 'whole'; chunks: Buffer[] } | { kind: 'stream'; stream: Readable };

/**
 * One forwarded exchange as an undici dispatch handler: the upstream's answer goes straight onto the
 * Fastify reply, a small one as one buffer, anything else through a stream that pauses the upstream
 * while the client is slow. (undici's request() wraps every answer in a stream with its own
 * listeners: about a tenth of a small proxied request's time.)
 */
class UpstreamExchange implements Dispatcher.DispatchHandler {
  private body: BodyPath | undefined;
  /** The upstream headers put on the reply, removed again if the answer fails before it is sent. */
  private answered: Headers = {};
  private statusCode = 0;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwardOptions,
  ) {}

  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Headers): void {
    if (statusCode < 200) return; // 1xx: the final answer follows.
    const { request, reply, options } = this;
    if (this.clientGone()) {
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
      if (settable(value)) reply.header(name, value);
    }
    this.answered = answered;
    // The client's body is not read whole yet (the upstream answered early): this connection
    // cannot carry another request.
    if (!request.raw.complete) reply.header('connection', 'close');
    try {
      reply.code(statusCode);
    } catch (invalid) {
      controller.abort(invalid as Error);
      return;
    }
    this.statusCode = statusCode;
    if (request.method !== 'HEAD' && isSmall(answered)) {
      this.body = { kind: 'whole', chunks: [] };
      return;
    }
    const stream = this.streamFrom(controller);
    this.body = { kind: 'stream', stream };
    if (options.onResponse) options.onResponse(request, reply, { statusCode, headers: answered, stream });
    else void reply.send(stream);
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
      const { onResponse } = this.options;
      if (onResponse)
        onResponse(this.request, this.reply, { statusCode: this.statusCode, headers: this.answered, whole });
      else void this.reply.send(whole);
    } else if (body?.kind === 'stream') body.stream.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const { body, reply } = this;
    if (body?.kind === 'stream') {
      // Mid-stream: the client's answer is cut (its head is out), as a failing stream does.
      if (!body.stream.destroyed) body.stream.destroy(error);
      return;
    }
    // The client went away (then this gateway aborted the exchange itself): nobody to tell, nothing failed.
    if (reply.sent || this.clientGone()) return;
    // Before the client saw a byte: the upstream's headers describe a body that will not come.
    for (const name in this.answered) reply.removeHeader(name);
    reply.removeHeader('connection');
    this.options.onError(reply, { error });
  }

  private clientGone(): boolean {
    return this.reply.raw.destroyed || Boolean(this.request.raw.socket?.destroyed);
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

/**
 * The route handler that forwards a request to its upstream with undici, streaming both bodies (a
 * direct pool dispatch: a proxy library's per-request URL parsing, header copies and option merging
 * were most of the gateway's time per proxied request).
 */
export function forwardHandler(options: ForwardOptions) {
  const { basePath, host, pool, rewriteRequestHeaders } = options;
  return function forward(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    checkPath(request.url);
    const headers = endToEndHeaders(request.headers as Headers);
    headers.host = host;
    const body = request.body as Dispatcher.DispatchOptions['body'] | undefined;
    pool.dispatch(
      {
        method: request.method as Dispatcher.HttpMethod,
        path: basePath + request.url,
        headers: rewriteRequestHeaders(request, headers) as Record<string, string | string[]>,
        body: body ?? undefined,
      },
      new UpstreamExchange(request, reply, options),
    );
    return reply;
  };
}
