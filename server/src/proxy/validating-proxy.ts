import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError, sendValidationError } from '../errors.js';
import { registerAdminRoutes } from '../plugins/admin.js';
import {
  ContractDocument,
  ContractReport,
  ContractValidator,
  DEFAULT_BODY_CAP_BYTES,
  decodeSample,
  isJsonMediaType,
  mediaTypeOf,
  readBodyUpTo,
  teeBody,
  type BodySample,
  type Violation,
} from '@cloud-compile/contract-checker';
import { CONTRACT_FILE } from '../config.js';
import type { UpstreamResponse } from './forward.js';

export type ValidateMode = 'report' | 'strict';

interface Exchange {
  operationId?: string;
  method: string;
  path: string;
}

export interface ValidatingProxyOptions {
  mode: ValidateMode;
  document?: ContractDocument;
  /** JSON/text bodies up to this size are checked; larger ones stream through unchecked. */
  bodyCapBytes?: number;
}

/** Bodies worth reading for a schema check: JSON and text. Artifacts (octet-stream) are not. */
function isCheckable(mediaType: string | undefined): boolean {
  return isJsonMediaType(mediaType) || Boolean(mediaType?.startsWith('text/'));
}

/**
 * The validating half of MODE=proxy: a preHandler that checks each /api request and an
 * onResponse that checks the upstream's answer, both against the contract. `report` never changes
 * traffic; `strict` answers a violating request with 404/422 and a violating response with 502.
 * Bodies stream: a JSON response is teed (a capped copy for the check), binary ones are judged by
 * status and content type only.
 */
export class ValidatingProxy {
  readonly report: ContractReport;
  private readonly validator: ContractValidator;
  private readonly exchanges = new WeakMap<FastifyRequest, Exchange>();
  /** report mode: requests whose check is still to run (setImmediate), run first if their answer comes. */
  private readonly pendingChecks = new WeakMap<FastifyRequest, () => void>();
  private readonly capBytes: number;

  constructor(private readonly options: ValidatingProxyOptions) {
    const document = options.document ?? ContractDocument.load(CONTRACT_FILE);
    this.validator = new ContractValidator(document);
    this.report = new ContractReport(document);
    this.capBytes = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  }

  /**
   * Fastify preHandler for the /api proxy route: synchronous unless a body must be read first (a
   * promise per bodiless request was a good part of what checking cost).
   */
  readonly preHandler = (request: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    if (typeof request.body === 'string' || Buffer.isBuffer(request.body)) {
      // Fastify's own text/plain parser ran before the proxy's catch-all stream parser.
      return this.checkRequest(request, reply, { kind: 'complete', bytes: Buffer.from(request.body) });
    }
    if (!(request.body instanceof Readable)) return this.checkRequest(request, reply, { kind: 'absent' });
    if (!isCheckable(mediaTypeOf(request.headers['content-type'])))
      return this.checkRequest(request, reply, { kind: 'partial' });
    return readBodyUpTo(request.body, this.capBytes).then((read) => {
      // The proxy forwards a stream body as is (Content-Length unchanged).
      request.body = read.replay;
      this.checkRequest(request, reply, read.sample);
    });
  };

  private checkRequest(request: FastifyRequest, reply: FastifyReply, body: BodySample): void {
    if (this.options.mode === 'strict') return this.checkRequestNow(request, reply, body);
    // report never changes traffic, so the request goes upstream first and is checked while the upstream
    // answers (its check was on every request's path: half of what report mode added to p50). The check runs
    // at the latest when the answer arrives, which needs the request's operation to be known.
    const run = () => {
      if (this.pendingChecks.delete(request)) this.checkRequestNow(request, reply, body);
    };
    this.pendingChecks.set(request, run);
    setImmediate(run);
  }

  private checkRequestNow(request: FastifyRequest, reply: FastifyReply, body: BodySample): void {
    const checked = this.validator.checkRequest({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
    });
    this.exchanges.set(request, {
      operationId: checked.operation?.operationId,
      method: request.method,
      path: checked.path,
    });
    this.record(request, checked.violations);
    if (this.options.mode !== 'strict' || checked.violations.length === 0) return;

    if (!checked.operation) {
      void sendError(reply, 404, `${request.method} ${checked.path} is not an operation of the API contract`);
      return;
    }
    void sendValidationError(
      reply,
      checked.violations.map((violation) => ({
        loc: violation.location.replace(/^request\./, '').split('.'),
        msg: violation.message,
        type: 'contract',
      })),
    );
  }

  /** The proxy's onResponse for the /api route: the answer's headers are already on the reply. */
  readonly onResponse = (request: FastifyRequest, reply: FastifyReply, upstream: UpstreamResponse): void =>
    this.checkResponse(request, reply, upstream);

  private checkResponse(request: FastifyRequest, reply: FastifyReply, upstream: UpstreamResponse): void {
    this.pendingChecks.get(request)?.();
    const exchange = this.exchanges.get(request);
    const operation = exchange?.operationId ? this.validator.document.operation(exchange.operationId) : undefined;
    this.report.recordExchange(operation?.operationId, upstream.statusCode);
    if (!exchange || !operation) {
      void reply.send(upstream.whole ?? upstream.stream);
      return;
    }
    const contentType = firstHeader(upstream.headers['content-type']);
    const head = this.validator.checkResponseHead(
      operation,
      exchange.method,
      exchange.path,
      upstream.statusCode,
      contentType,
    );
    this.record(request, head);
    if (head.length > 0 && this.options.mode === 'strict') return this.reject(reply, upstream, head);

    if (head.length > 0 || !isCheckable(mediaTypeOf(contentType))) {
      if (upstream.statusCode !== 204) this.report.noteBodyNotChecked();
      void reply.send(upstream.whole ?? upstream.stream);
      return;
    }

    const check = (body: BodySample): Violation[] => {
      if (body.kind === 'partial') {
        this.report.noteBodyNotChecked();
        return [];
      }
      return this.validator.checkResponse(operation, exchange.method, exchange.path, {
        status: upstream.statusCode,
        contentType,
        body,
      });
    };
    const encoding = firstHeader(upstream.headers['content-encoding']);

    if (upstream.whole) {
      // A small answer arrived whole: report sends it at once and checks it after it went out;
      // strict checks it first, so it can still be refused.
      const { whole } = upstream;
      if (this.options.mode === 'report') void reply.send(whole);
      const violations = check(decodeSample(whole, encoding, this.capBytes));
      this.record(request, violations);
      if (this.options.mode === 'report') return;
      if (violations.length > 0) return this.reject(reply, upstream, violations);
      void reply.send(whole);
      return;
    }
    if (this.options.mode === 'report') {
      const { stream, sample } = teeBody(upstream.stream, this.capBytes, encoding);
      void reply.send(stream);
      void sample.then((body) => this.record(request, check(body)));
      return;
    }

    // strict: the body is read (up to the cap) before the client sees a byte, so it can still be refused.
    void readBodyUpTo(upstream.stream, this.capBytes).then(
      ({ sample, replay }) => {
        const decoded = sample.kind === 'complete' ? decodeSample(sample.bytes, encoding, this.capBytes) : sample;
        const violations = check(decoded);
        this.record(request, violations);
        if (violations.length > 0) return this.reject(reply, upstream, violations);
        // A body read whole goes out as one buffer, not through the replaying stream.
        void reply.send(sample.kind === 'complete' && request.method !== 'HEAD' ? sample.bytes : replay);
      },
      (error: unknown) => reply.send(error),
    );
  }

  private record(request: FastifyRequest, violations: Violation[]): void {
    if (violations.length === 0) return;
    this.report.addViolations(violations);
    for (const violation of violations) request.log.warn({ contractViolation: violation }, 'contract violation');
  }

  private reject(reply: FastifyReply, upstream: UpstreamResponse, violations: Violation[]): void {
    upstream.stream?.destroy();
    // The proxy already copied the upstream's headers (length, encoding): they describe another body.
    for (const name of Object.keys(upstream.headers)) reply.removeHeader(name);
    const listed = violations.slice(0, 5).map((v) => `${v.location} ${v.message}`);
    if (violations.length > 5) listed.push(`and ${violations.length - 5} more`);
    void sendError(reply, 502, `The compile API answered outside its contract: ${listed.join('; ')}`);
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * GET /admin/contract: the report as JSON, or `?format=text` for the summary and coverage table.
 * An admin route (plugins/admin.ts): needs the admin token, and does not exist without ADMIN_TOKEN.
 */
export async function registerContractReportRoute(app: FastifyInstance, proxy: ValidatingProxy): Promise<void> {
  await registerAdminRoutes(app, (admin) => {
    admin.get<{ Querystring: { format?: string } }>('/admin/contract', async (request, reply) => {
      if (request.query.format === 'text') {
        return reply
          .type('text/plain; charset=utf-8')
          .send(`${proxy.report.summary()}\n\n${proxy.report.coverage.table(proxy.report.document)}\n`);
      }
      return proxy.report.toJSON();
    });
  });
}
