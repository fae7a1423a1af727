import { Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The code Fastify gives a body over its bodyLimit; the proxy's onError maps it back to 413. */
export const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

export class BodyTooLargeError extends Error {
  readonly code = BODY_TOO_LARGE;
  readonly statusCode = 413;
  constructor(limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes`);
  }
}

/**
 * Fastify's bodyLimit for bodies the proxy streams (Fastify applies it only to bodies it parses
 * itself): a declared Content-Length over the limit is refused before the upstream is called, and a
 * chunked body is cut off, failing the upstream request, at the first byte past it.
 */
export function bodyLimitPreHandler(limitBytes: number) {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      const error = new BodyTooLargeError(limitBytes);
      void reply.status(413).send({ detail: error.message });
      return;
    }
    if (!(request.body instanceof Readable)) return;
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > limitBytes ? new BodyTooLargeError(limitBytes) : null, chunk);
      },
    });
    request.body.on('error', (error) => counted.destroy(error)).pipe(counted);
    request.body = counted;
  };
}
