import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { loggableUrl } from '../logger.js';
import { errorAnswer, sendError, sendValidationError } from '../errors.js';

/**
 * One error shape for the whole gateway, FastAPI's: {"detail": "..."}.
 * 5xx details are logged with the request context and hidden from the client.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Also how the proxy's fast path answers a stream that fails before its first byte (errors.ts).
      const { status, detail } = errorAnswer(error);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendError(reply, status, detail);
      }
      request.log.info({ err: { message: error.message, code: error.code } }, 'request rejected');
      if (error.validation) {
        return sendValidationError(
          reply,
          error.validation.map((v) => ({
            loc: [error.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)],
            msg: v.message ?? 'is invalid',
            type: v.keyword,
          })),
        );
      }
      return sendError(reply, status, detail);
    });

    app.setNotFoundHandler((request, reply) => {
      request.log.info({ url: loggableUrl(request.url) }, 'not found');
      return sendError(reply, 404, 'Not Found');
    });
  },
  { name: 'errors' },
);
