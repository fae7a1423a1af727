import type { FastifyPluginAsync } from 'fastify';

/** Placeholder until the mock compile API lands (issue 3). */
const apiPlugin: FastifyPluginAsync = async () => {};
export default apiPlugin;
