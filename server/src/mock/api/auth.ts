import type { FastifyRequest } from 'fastify';
import type { Operation } from 'openapi-backend';
import { clientKey } from '../../client-address.js';
import type { MockIdentity } from '../session.js';
import { ApiError } from '../../errors.js';
import type { SandboxRegistry } from '../store/registry.js';
import type { Scope } from '../domain.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Caller {
  /** The caller's sandbox (SandboxRegistry.use runs the operation on it). */
  sandboxKey: string;
  userId: string;
  via: 'session' | 'apiKey';
}

/** Whether a request may change state: anything but GET, HEAD and OPTIONS. */
export const isWrite = (method: string) => !READ_METHODS.has(method);

/** The security schemes an operation accepts (its own `security`, else the document's). */
function acceptedSchemes(operation: Operation, documentSecurity: Record<string, string[]>[]): Set<string> {
  const requirements = operation.security ?? documentSecurity;
  return new Set(requirements.flatMap((requirement) => Object.keys(requirement)));
}

/**
 * Who is calling: an API key (`Authorization: Bearer <key>`, checked against the operation's
 * `x-required-scopes`, any one of which suffices) or the browser session's `app.at` cookie.
 * 401 when neither authenticates; 403 when a key may not do this.
 */
export async function authenticate(
  request: FastifyRequest,
  operation: Operation,
  documentSecurity: Record<string, string[]>[],
  identity: MockIdentity,
  registry: SandboxRegistry,
): Promise<Caller> {
  const authorization = request.headers.authorization;
  // Only a Bearer credential is an API key; another scheme (Basic auth of a proxy in front of a demo)
  // is not ours, and the browser session decides.
  if (authorization !== undefined && /^Bearer\b/i.test(authorization)) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const owner = match ? await registry.findApiKey(match[1]!) : undefined;
    if (!owner) throw new ApiError(401, 'Invalid or revoked API key');
    if (!acceptedSchemes(operation, documentSecurity).has('apiKey')) {
      throw new ApiError(403, `${operation.operationId} needs the signed-in web session; API keys cannot use it`);
    }
    const required = (operation as { 'x-required-scopes'?: Scope[] })['x-required-scopes'] ?? [];
    if (required.length && !required.some((scope) => owner.scopes.includes(scope))) {
      throw new ApiError(403, `This API key lacks the scope ${operation.operationId} needs: ${required.join(' or ')}`);
    }
    return { sandboxKey: owner.sandboxKey, userId: owner.userId, via: 'apiKey' };
  }
  const session = await identity.sessionFromRequest(request);
  if (!session) throw new ApiError(401, 'Not authenticated: sign in again');
  // A sandbox counts against the address that creates it.
  const sandboxKey = await registry.open(session, clientKey(request.ip));
  return { sandboxKey, userId: session.user.id, via: 'session' };
}
