import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root, so default paths work whatever the working directory is. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One check, not .url() plus a refinement: zod runs refinements after a failed check too, and
// `new URL()` on a malformed value would throw instead of reporting it.
const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL');

const origin = httpUrl.transform((value) => new URL(value).origin);

const intFromEnv = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/**
 * Every environment variable the gateway reads. Documented in README.md; docker-compose.yml is
 * checked against these keys by a test.
 */
const envShape = z.object({
  PORT: intFromEnv(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MODE: z.enum(['mock', 'proxy']).default('mock'),
  PUBLIC_URL: origin.optional(),
  CLIENT_ID: z.string().min(1).default('cloud-compile'),
  REDIRECT_URI: httpUrl.optional(),
  AUTH_PUBLIC_URL: origin.optional(),
  API_UPSTREAM: httpUrl.optional(),
  AUTH_UPSTREAM: httpUrl.optional(),
  PROXY_TIMEOUT_MS: intFromEnv(1, 600_000).default(30_000),
  PROXY_BODY_TIMEOUT_MS: intFromEnv(0, 3_600_000).default(300_000),
  VALIDATE: z.enum(['off', 'report', 'strict']).default('off'),
  VALIDATION_REPORT_FILE: z.string().min(1).optional(),
  STATIC_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'client/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SHUTDOWN_GRACE_MS: intFromEnv(0, 600_000).default(10_000),
  // Mock mode only.
  FIXTURES_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'fixtures')),
  MOCK_SANDBOX: z.enum(['user', 'session']).default('user'),
  MOCK_SANDBOX_IDLE_MINUTES: intFromEnv(1, 10_080).default(60),
  MOCK_AUTO_LOGIN: z.string().email().optional(),
  MOCK_TOKEN_TTL_SECONDS: intFromEnv(11, 86_400 * 30).default(3600),
  MOCK_BUILD_STEP_MS: intFromEnv(1, 60_000).default(400),
  MOCK_BUILDS: z.enum(['auto', 'toolchain', 'simulated']).default('auto'),
  MOCK_BUILD_TIME_LIMIT_S: intFromEnv(1, 3600).default(120),
  MOCK_BUILD_OUTPUT_LIMIT_KB: intFromEnv(16, 65_536).default(2048),
  MOCK_BUILD_CONCURRENCY: intFromEnv(1, 64).optional(),
  MOCK_SEED: intFromEnv(0, 2 ** 31 - 1).default(4242),
  ADMIN_TOKEN: z.string().min(16).optional(),
});

/**
 * Rules across variables. Checked on the raw values, beside the schema rather than in it: zod skips
 * an object's refinements when any field fails, and the message must name every bad variable at once.
 */
function crossVariableProblems(env: Record<string, string>): string[] {
  if (env.MODE !== 'proxy') return [];
  return (['API_UPSTREAM', 'AUTH_UPSTREAM'] as const)
    .filter((key) => env[key] === undefined)
    .map((key) => `${key}: is required when MODE=proxy`);
}

export type Env = z.infer<typeof envShape>;

export interface AppConfig {
  port: number;
  host: string;
  mode: 'mock' | 'proxy';
  publicUrl: string;
  /** What GET /config.json hands the SPA: the FusionAuth SDK's settings. */
  publicConfig: { clientId: string; serverUrl: string; redirectUri: string };
  proxy: {
    apiUpstream?: string;
    authUpstream?: string;
    timeoutMs: number;
    bodyTimeoutMs: number;
    validate: 'off' | 'report' | 'strict';
    validationReportFile?: string;
  };
  staticDir: string;
  log: { level: Env['LOG_LEVEL']; format: 'json' | 'pretty' };
  shutdownGraceMs: number;
  mock: {
    fixturesDir: string;
    sandbox: 'user' | 'session';
    sandboxIdleMinutes: number;
    autoLoginEmail?: string;
    tokenTtlSeconds: number;
    buildStepMs: number;
    /** MOCK_BUILDS: real tools, the fixture logs, or the tools when GHDL is installed. */
    builds: 'auto' | 'toolchain' | 'simulated';
    buildTimeLimitSeconds: number;
    buildOutputLimitKb: number;
    /** Builds running tools at once; undefined: one per core. */
    buildConcurrency?: number;
    seed: number;
    adminToken?: string;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keys the schema reads; docker-compose.yml may set only these. */
export const CONFIG_KEYS = Object.keys(envShape.shape);

/** Validates the environment once; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const relevant: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = envShape.safeParse(relevant);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const key = issue.path.join('.') || '(environment)';
      const given = relevant[key] === undefined ? '' : ` (got ${JSON.stringify(relevant[key])})`;
      return `${key}: ${issue.message}${given}`;
    }),
    ...crossVariableProblems(relevant),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    mode: e.MODE,
    publicUrl,
    publicConfig: {
      clientId: e.CLIENT_ID,
      serverUrl: e.AUTH_PUBLIC_URL ?? publicUrl,
      redirectUri: e.REDIRECT_URI ?? `${publicUrl}/`,
    },
    proxy: {
      apiUpstream: e.API_UPSTREAM,
      authUpstream: e.AUTH_UPSTREAM,
      timeoutMs: e.PROXY_TIMEOUT_MS,
      bodyTimeoutMs: e.PROXY_BODY_TIMEOUT_MS,
      validate: e.VALIDATE,
      validationReportFile: e.VALIDATION_REPORT_FILE,
    },
    staticDir: path.resolve(e.STATIC_DIR),
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json') },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    mock: {
      fixturesDir: path.resolve(e.FIXTURES_DIR),
      sandbox: e.MOCK_SANDBOX,
      sandboxIdleMinutes: e.MOCK_SANDBOX_IDLE_MINUTES,
      autoLoginEmail: e.MOCK_AUTO_LOGIN,
      tokenTtlSeconds: e.MOCK_TOKEN_TTL_SECONDS,
      buildStepMs: e.MOCK_BUILD_STEP_MS,
      builds: e.MOCK_BUILDS,
      buildTimeLimitSeconds: e.MOCK_BUILD_TIME_LIMIT_S,
      buildOutputLimitKb: e.MOCK_BUILD_OUTPUT_LIMIT_KB,
      buildConcurrency: e.MOCK_BUILD_CONCURRENCY,
      seed: e.MOCK_SEED,
      adminToken: e.ADMIN_TOKEN,
    },
  };
}

/**
 * A config for tests: the defaults plus overrides given as environment variables. Builds are
 * simulated unless a test asks for MOCK_BUILDS=toolchain: most tests are about the API and the log
 * mechanics, which the fixture logs exercise in milliseconds.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json', MOCK_BUILDS: 'simulated', ...env });
}
