import fp from 'fastify-plugin';

/** GET /config.json: the FusionAuth SDK settings the SPA reads before anything else. */
export default fp(
  async (app) => {
    const body = JSON.stringify(app.config.publicConfig);
    app.get('/config.json', async (_request, reply) => {
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
      return body;
    });
  },
  { name: 'config-json' },
);
