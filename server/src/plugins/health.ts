import fp from 'fastify-plugin';
import { sendError } from '../errors.js';

/** Liveness (the process answers) and readiness (every plugin loaded, not shutting down). */
export default fp(
  async (app) => {
    let closing = false;
    // preClose runs before the listener closes; onClose would flip the flag only once it is too late to matter.
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      if (closing) return sendError(reply, 503, 'shutting down');
      return { status: 'ready', mode: app.config.mode };
    });
  },
  { name: 'health' },
);
