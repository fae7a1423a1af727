import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { caller, type ApiCaller } from './contract-caller.js';
import { signIn, type SignInOptions } from './sign-in.js';
import { recordSuiteCoverage } from './suite-coverage.js';
import { ADA, writeTestFixtures } from './test-fixtures.js';

/**
 * The one place server tests start a gateway: the app exactly as production builds it
 * (buildApp), from testConfig, recording the suite's contract coverage in mock mode, listening on
 * a free port of 127.0.0.1 so tests talk real HTTP to it.
 */

/** The token the tests' gateways are started with when they need the admin API. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface RunningGateway {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close: () => Promise<void>;
}

/** The gateway from testConfig(env), not listening yet (for app.inject, or listen() below). */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env), options);
  recordSuiteCoverage(app);
  return app;
}

/** Listens on a free port of 127.0.0.1. */
export async function listen(app: FastifyInstance): Promise<RunningGateway> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no TCP address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/**
 * The whole gateway, in mock mode unless `env` says otherwise, on a free port. The public URL and
 * redirect URI keep their defaults (http://localhost:8080): tests read redirects from the Location
 * header, never follow them.
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
  const app = await buildTestApp({ MODE: 'mock', MOCK_SIGN_IN_RATE_LIMIT: '10000', ...env }, logger ? { logger } : {});
  return listen(app);
}

export interface TestGateway extends RunningGateway {
  fixturesDir: string;
  /** Signs a user in over real HTTP and returns a caller with their cookies. */
  as(email: string): Promise<ApiCaller>;
  /** A caller without credentials. */
  anonymous: ApiCaller;
  stop(): Promise<void>;
}

/** A mock gateway on the small test fixtures (test-fixtures.ts), with callers that check the contract. */
export async function startApiGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const fixtures = await writeTestFixtures();
  const gateway = await startGateway({ FIXTURES_DIR: fixtures.dir, MOCK_BUILD_STEP_MS: '5', ...env });
  return {
    ...gateway,
    fixturesDir: fixtures.dir,
    anonymous: caller(gateway.app),
    async as(email) {
      const signed = await signIn(gateway.baseUrl, email);
      return caller(gateway.app, { cookie: signed.cookieHeader });
    },
    async stop() {
      await gateway.close();
      await fixtures.remove();
    },
  };
}

/** A mock gateway with a user signed in over real HTTP: their cookie header and their first project's id. */
export async function startSignedInGateway(
  email = ADA,
  env: Record<string, string> = {},
  signInOptions: SignInOptions = {},
): Promise<{ gateway: TestGateway; cookie: string; projectId: string }> {
  const gateway = await startApiGateway(env);
  const cookie = (await signIn(gateway.baseUrl, email, signInOptions)).cookieHeader;
  const projects = (await (await fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  return { gateway, cookie, projectId: projects[0]!.id };
}
