import type { FastifyPluginAsync } from 'fastify';
import compress from '@fastify/compress';
import identityPlugin from './identity/identity.js';
import apiPlugin from './api/api.js';

/**
 * MODE=mock: the gateway answers /api and the identity paths itself, so the SPA runs with no
 * outside service. The identity provider comes first: the API trusts its sessions.
 */
const mockPlugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, { threshold: 1024 });
  await app.register(identityPlugin);
  await app.register(apiPlugin);
};

export default mockPlugin;
