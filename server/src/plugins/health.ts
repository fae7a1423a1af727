import fp from 'fastify-plugin';

/** Liveness (the process answers) and readiness (every plugin loaded, not shutting down). */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });
    app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      if (closing) return reply.status(503).send({ detail: 'shutting down' });
      return { status: 'ready', mode: app.config.mode };
    });
  },
  { name: 'health' },
);
