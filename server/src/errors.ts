import type { FastifyReply } from 'fastify';

/**
 * The gateway's one error shape, FastAPI's: `{"detail": "<message>"}`, or for invalid input a 422
 * whose detail lists what was wrong (`[{loc, msg, type}]`). Every error body is built here.
 */

/** One entry of FastAPI's validation error list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type ErrorDetail = string | ValidationIssue[];

/** The body of every error answer. */
export const errorBody = (detail: ErrorDetail) => ({ detail });

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers `status` with `{"detail": …}`. Its type is set, not left to Fastify: an error after a proxied
 * answer's head was set (an upstream stream that failed before its first byte) kept the upstream's
 * type, and Fastify then refused to serialize the body and sent its own `{"statusCode", "code", …}`.
 */
export function sendError(reply: FastifyReply, status: number, detail: ErrorDetail): FastifyReply {
  return reply.status(status).type(JSON_TYPE).send(errorBody(detail));
}

/** Answers 422 with FastAPI's list of what was wrong. */
export function sendValidationError(reply: FastifyReply, issues: ValidationIssue[]): FastifyReply {
  return sendError(reply, 422, issues);
}

/** An error answered as `{"detail": "<message>"}` with this status. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Invalid input found beyond the contract's schemas: 422 with FastAPI's detail list. */
export class ApiValidationError extends Error {
  readonly statusCode = 422;
  constructor(public readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'ApiValidationError';
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
