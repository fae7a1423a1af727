import type { Scope } from '../domain.js';
import { created, noContent, ok, str, type Handlers } from './types.js';

/** API keys: managed with the browser session only (the pipeline refuses keys here). */
export const apiKeyHandlers: Handlers = {
  listApiKeys: ({ sandbox }) => ok(sandbox.listApiKeys()),
  createApiKey: ({ sandbox, body }) => {
    const { name, scopes } = body as { name: string; scopes: Scope[] };
    return created(sandbox.createApiKey(name, scopes));
  },
  deleteApiKey: ({ sandbox, params }) => {
    sandbox.deleteApiKey(str(params.key_id));
    return noContent();
  },
};
