import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { loggableUrl } from '../logger.js';
import { sendError, sendValidationError } from '../errors.js';

/**
 * One error shape for the whole gateway, FastAPI's: {"detail": "..."}.
 * 5xx details are logged with the request context and hidden from the client.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // An error may carry a detail meant for the client (a store outage); anything else stays hidden.
        const { publicDetail } = error as { publicDetail?: unknown };
        return sendError(reply, status, typeof publicDetail === 'string' ? publicDetail : 'Internal server error');
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
      return sendError(reply, status, error.message);
    });

    app.setNotFoundHandler((request, reply) => {
      request.log.info({ url: loggableUrl(request.url) }, 'not found');
      return sendError(reply, 404, 'Not Found');
    });
  },
  { name: 'errors' },
);
