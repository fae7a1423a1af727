import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request carries `Authorization: Bearer <token>`, compared in constant time (never guessed byte by byte). */
export function hasAdminToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(token));
}

/**
 * The admin API, outside the contract: the mock's controls under /mock-admin (reset, latency,
 * faults) and the proxy's contract report under /admin. Both prefixes are registered here, behind
 * the one ADMIN_TOKEN check; without ADMIN_TOKEN no admin route exists (a public demo cannot be
 * reset or slowed down by visitors).
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  routes: (admin: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  const token = app.config.adminToken;
  if (!token) return;
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasAdminToken(request, token)) {
        return sendError(reply, 401, 'Admin token missing or wrong: send Authorization: Bearer <ADMIN_TOKEN>');
      }
    });
    await routes(admin);
  });
}
