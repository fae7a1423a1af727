import http from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './errors.js';

/**
 * Answers Fastify gives before any route or hook runs: a URL its router cannot take
 * (`frameworkErrors`) and a request Node's HTTP parser refused (`clientErrorHandler`). They skip the
 * security plugin's hook, so they set its headers themselves, and they never repeat the request's
 * URL (Fastify's own message for `GET /%` is "'/%' is not a valid url component").
 */

/** A sentence for an error Fastify's router raised, by its code; nothing of the request in it. */
export function frameworkErrorDetail(error: { code?: string }): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return "The request's URL is not valid: a % in it must begin a percent-encoded byte (% and two hexadecimal digits)";
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return "A part of the request's URL is too long";
    default:
      return 'The request could not be routed';
  }
}

/**
 * What Fastify's default client error handler answers (408 for a request too slow, 431 for headers
 * too large, else 400), with the security headers and the gateway's `{"detail"}` body, written
 * straight to the socket as Node's own answer would be. A reset connection gets nothing.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  securityHeaders: Readonly<Record<string, string>>,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, "The request's headers are too large"]
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(detail));
  const headers = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
