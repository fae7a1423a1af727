import path from 'node:path';
import { z } from 'zod';
import { type gatewayVariables, isLoopbackHost } from './gateway.js';
import { REPO_ROOT } from './paths.js';
import { intFromEnv, type ParsedVariables } from './values.js';

/** Mock mode: its seed data, sandboxes, sign-ins, builds and where its state lives. */
export const mockVariables = {
  FIXTURES_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'fixtures')),
  // Default: `user` on a loopback HOST, `session` on any other (see isLoopbackHost).
  MOCK_SANDBOX: z.enum(['user', 'session']).optional(),
  MOCK_SANDBOX_IDLE_MINUTES: intFromEnv(1, 10_080).default(60),
  MOCK_AUTO_LOGIN: z.string().email().optional(),
  MOCK_TOKEN_TTL_SECONDS: intFromEnv(11, 86_400 * 30).default(3600),
  MOCK_BUILD_STEP_MS: intFromEnv(1, 60_000).default(400),
  MOCK_BUILDS: z.enum(['auto', 'toolchain', 'simulated']).default('auto'),
  MOCK_BUILD_TIME_LIMIT_S: intFromEnv(1, 3600).default(120),
  MOCK_BUILD_OUTPUT_LIMIT_KB: intFromEnv(16, 65_536).default(2048),
  MOCK_BUILD_OUTPUT_LIMIT_LINES: intFromEnv(1000, 1_000_000).default(50_000),
  MOCK_BUILD_MEMORY_MB: intFromEnv(128, 65_536).default(1024),
  MOCK_BUILD_CONCURRENCY: intFromEnv(1, 64).optional(),
  // Default: `allow` on a loopback HOST, `refuse` on any other (tools without bubblewrap can read the gateway's files).
  MOCK_BUILD_UNISOLATED: z.enum(['allow', 'refuse']).optional(),
  MOCK_SEED: intFromEnv(0, 2 ** 31 - 1).default(4242),
  // Where mock state lives: this process (`memory`) or a Redis every gateway shares.
  MOCK_STORE: z
    .string()
    .refine((value) => value === 'memory' || /^rediss?:\/\/[^\s]+$/.test(value), {
      error: 'must be memory or a redis:// (rediss://) URL',
    })
    .default('memory'),
  MOCK_STORE_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')
    .default('cc:'),
  // Signs the mock's session tokens; shared by replicas so each accepts the others' sign-ins.
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // How long a gateway's claim on a running build lasts without a heartbeat (mock builds in a shared store).
  MOCK_BUILD_LEASE_MS: intFromEnv(500, 600_000).default(10_000),
  // Simulations (mock/simulations/): the VCD one run may write, and the runs kept per user.
  MOCK_SIMULATION_VCD_MB: intFromEnv(1, 1024).default(32),
  MOCK_SIMULATIONS_KEPT: intFromEnv(1, 100).default(5),
  MOCK_SIMULATION_STORAGE_MB: intFromEnv(1, 16384).default(64),
};

type MockInput = ParsedVariables<typeof mockVariables> & Pick<ParsedVariables<typeof gatewayVariables>, 'HOST'>;

/** The mock's settings but its limits (limits.ts). */
export function mockSettings(e: MockInput) {
  const sandbox: 'user' | 'session' = e.MOCK_SANDBOX ?? (isLoopbackHost(e.HOST) ? 'user' : 'session');
  const buildUnisolated: 'allow' | 'refuse' = e.MOCK_BUILD_UNISOLATED ?? (isLoopbackHost(e.HOST) ? 'allow' : 'refuse');
  return {
    fixturesDir: path.resolve(e.FIXTURES_DIR),
    sandbox,
    sandboxIdleMinutes: e.MOCK_SANDBOX_IDLE_MINUTES,
    autoLoginEmail: e.MOCK_AUTO_LOGIN,
    tokenTtlSeconds: e.MOCK_TOKEN_TTL_SECONDS,
    buildStepMs: e.MOCK_BUILD_STEP_MS,
    /** MOCK_BUILDS: real tools, the fixture logs, or the tools when GHDL is installed. */
    builds: e.MOCK_BUILDS,
    buildTimeLimitSeconds: e.MOCK_BUILD_TIME_LIMIT_S,
    buildOutputLimitKb: e.MOCK_BUILD_OUTPUT_LIMIT_KB,
    /** MOCK_BUILD_OUTPUT_LIMIT_LINES: lines of tool output one build may log. */
    buildOutputLimitLines: e.MOCK_BUILD_OUTPUT_LIMIT_LINES,
    /** MOCK_BUILD_MEMORY_MB: the memory each tool process of a toolchain build may allocate. */
    buildMemoryMb: e.MOCK_BUILD_MEMORY_MB,
    /** Builds running tools at once; undefined: one per core. */
    buildConcurrency: e.MOCK_BUILD_CONCURRENCY,
    /** MOCK_BUILD_UNISOLATED: whether toolchain builds may run without file isolation (no bubblewrap). */
    buildUnisolated,
    seed: e.MOCK_SEED,
    /** `memory`, or the URL of the Redis every gateway of this deployment shares. */
    store: e.MOCK_STORE,
    /** Prefix of every key in that Redis. */
    storePrefix: e.MOCK_STORE_PREFIX,
    /** Signs mock session tokens; unset: random per start (memory) or kept in the shared store (Redis). */
    sessionSecret: e.SESSION_SECRET,
    buildLeaseMs: e.MOCK_BUILD_LEASE_MS,
    /** MOCK_SIMULATION_VCD_MB: the VCD one simulation may write (in bytes). */
    simulationVcdBytes: e.MOCK_SIMULATION_VCD_MB * 1024 * 1024,
    /** MOCK_SIMULATIONS_KEPT: simulations kept per user (the oldest finished ones go). */
    simulationsKept: e.MOCK_SIMULATIONS_KEPT,
    /** MOCK_SIMULATION_STORAGE_MB: the VCD and stimulus CSV one user's kept simulations may hold (in bytes). */
    simulationStorageBytes: e.MOCK_SIMULATION_STORAGE_MB * 1024 * 1024,
  };
}
