import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';

export interface RunningGateway {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The whole gateway in mock mode on a free port. The public URL and redirect URI keep their
 * defaults (http://localhost:8080): tests read redirects from the Location header, never follow them.
 */
export async function startGateway(
  env: Record<string, string> = {},
  /** Collects every log line at trace level (the gateway's own logger settings are replaced). */
  logLines?: string[],
): Promise<RunningGateway> {
  const logger = logLines
    ? { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } }
    : undefined;
  // Tests sign in many times a minute from one address; the per-address limit has its own test
  // (demo-bounds.test.ts), which sets MOCK_SIGN_IN_RATE_LIMIT itself.
  const app = await buildApp(
    testConfig({ MODE: 'mock', MOCK_SIGN_IN_RATE_LIMIT: '10000', ...env }),
    logger ? { logger } : {},
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no TCP address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
