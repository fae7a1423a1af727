import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { CONTRACT_FILE } from '../config.js';
import type { UpstreamResponse } from './forward.js';

/** Where the app reads its operations from (client/src/lib/api/client.ts). */
export const DOCUMENT_PATH = '/api/openapi.json';

/**
 * The proxy's answer handler for GET /api/openapi.json. The app builds its operations from that
 * document, but it is not one of the contract's operations, so a compile API that follows the
 * contract may not serve it (a staging API, another implementation): its 404 left the whole app
 * showing only "The API description could not be loaded (404)". Then the gateway answers with the
 * contract it was built with (openapi/openapi.json, read once here) and logs that once. Any other
 * answer of the upstream (its own document, or a 5xx saying it is down) goes to the app unchanged.
 */
export async function documentFallback(
  log: FastifyBaseLogger,
): Promise<(request: FastifyRequest, reply: FastifyReply, upstream: UpstreamResponse) => void> {
  const contract = await readFile(CONTRACT_FILE, 'utf8');
  let told = false;
  return (_request, reply, upstream) => {
    if (upstream.statusCode !== 404) {
      void reply.send(upstream.whole ?? upstream.stream);
      return;
    }
    upstream.stream?.destroy();
    if (!told) {
      told = true;
      log.warn(
        `The compile API answered 404 to GET ${DOCUMENT_PATH}: the app gets the gateway's own contract (openapi/openapi.json) instead`,
      );
    }
    // The upstream's headers (its 404's length and type) are on the reply already: they go.
    for (const name in upstream.headers) reply.removeHeader(name);
    void reply.code(200).type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(contract);
  };
}
