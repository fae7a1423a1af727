import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PLACEHOLDER_LINKS } from './public-config.js';
import type { PublicConfig } from './public-config.js';

export { placeholderLinksWarning } from './external-links.js';
export { PLACEHOLDER_LINKS } from './public-config.js';

/** Repository root, so default paths work whatever the working directory is. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The one API contract: the mock routes and validates by it, contract checks read it, GET /api/openapi.json serves it. */
export const CONTRACT_FILE = path.join(REPO_ROOT, 'openapi/openapi.json');

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

/** A PEM file with at least one certificate, read at start so a typo stops the gateway, not the first request. */
const pemFile = z.string().refine((file) => {
  try {
    return fs.readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}, 'must be a readable PEM file with at least one certificate');

/** An address or CIDR range (Fastify's trustProxy takes these via proxy-addr). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (the gateway is the edge), a hop count, or the proxies' addresses. Never "trust
 * everyone": a client could then choose the address it is logged and rate-limited under.
 */
const trustProxy = z
  .string()
  .refine(
    (value) =>
      /^(off|false|0)$/.test(value) ||
      /^[1-9]\d{0,1}$/.test(value) ||
      value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    'must be off, a hop count from 1 to 99, or a comma-separated list of addresses/CIDR ranges',
  )
  .transform((value): false | number | string[] => {
    if (/^(off|false|0)$/.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  });

/**
 * An address's share of connections at the edge: a browser opens up to 6 per origin, so this leaves
 * room for dozens of people behind one NAT, and one machine can hold a sixteenth of MAX_CONNECTIONS.
 */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether only this machine can reach HOST (anything else: a LAN, a container's published port, the internet). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\./.test(host);
}

/**
 * Every environment variable the gateway reads. Documented in README.md; docker-compose.yml is
 * checked against these keys by a test.
 */
const envShape = z.object({
  PORT: intFromEnv(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MODE: z.enum(['mock', 'proxy']).default('mock'),
  // Both modes: enables the admin API (plugins/admin.ts).
  ADMIN_TOKEN: z.string().min(16).optional(),
  PUBLIC_URL: origin.optional(),
  CLIENT_ID: z.string().min(1).default('cloud-compile'),
  REDIRECT_URI: httpUrl.optional(),
  AUTH_PUBLIC_URL: origin.optional(),
  LEGACY_TOOL_URL: httpUrl.default(PLACEHOLDER_LINKS.legacyTool),
  EXAMPLES_URL: httpUrl.default(PLACEHOLDER_LINKS.examples),
  DOCUMENTATION_URL: httpUrl.default(PLACEHOLDER_LINKS.documentation),
  TERMS_URL: httpUrl.default(PLACEHOLDER_LINKS.terms),
  PRIVACY_POLICY_URL: httpUrl.default(PLACEHOLDER_LINKS.privacyPolicy),
  API_UPSTREAM: httpUrl.optional(),
  AUTH_UPSTREAM: httpUrl.optional(),
  PROXY_TIMEOUT_MS: intFromEnv(1, 600_000).default(30_000),
  PROXY_BODY_TIMEOUT_MS: intFromEnv(0, 3_600_000).default(300_000),
  UPSTREAM_CA_FILE: pemFile.optional(),
  // The HTTP server facing clients (both modes).
  TRUST_PROXY: trustProxy.default(false),
  REQUEST_TIMEOUT_MS: intFromEnv(1000, 3_600_000).default(300_000),
  HEADERS_TIMEOUT_MS: intFromEnv(500, 600_000).default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: intFromEnv(100, 600_000).default(65_000),
  MAX_CONNECTIONS: intFromEnv(16, 1_000_000).default(4096),
  MAX_CONNECTIONS_PER_ADDRESS: intFromEnv(0, 1_000_000).optional(),
  LISTEN_DESCRIPTORS: intFromEnv(1, 1024).default(64),
  BODY_LIMIT_BYTES: intFromEnv(1024, 1024 ** 3).optional(),
  VALIDATE: z.enum(['off', 'report', 'strict']).default('off'),
  VALIDATION_REPORT_FILE: z.string().min(1).optional(),
  STATIC_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'client/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SHUTDOWN_GRACE_MS: intFromEnv(0, 600_000).default(10_000),
  // Processes serving the one port (a Node cluster); `auto`: one per core.
  WORKERS: z
    .union([z.literal('auto'), intFromEnv(1, 64)], { error: 'must be auto or a whole number from 1 to 64' })
    .default(1),
  // Mock mode only.
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
  // Mock mode's public-demo bounds (README: "Bounds of the mock"); defaults fit one small machine.
  MOCK_MAX_SANDBOXES: intFromEnv(1, 100_000).default(500),
  MOCK_MAX_SESSIONS: intFromEnv(1, 1_000_000).default(5000),
  MOCK_MAX_SESSIONS_PER_ADDRESS: intFromEnv(1, 1_000_000).default(20),
  MOCK_MAX_SANDBOXES_PER_ADDRESS: intFromEnv(1, 100_000).default(20),
  MOCK_MAX_USERS: intFromEnv(1, 10_000_000).default(10_000),
  MOCK_SIGN_IN_RATE_LIMIT: intFromEnv(1, 100_000).default(20),
  MOCK_MAX_PROJECTS: intFromEnv(1, 10_000).default(25),
  MOCK_MAX_FILES_PER_PROJECT: intFromEnv(1, 100_000).default(50),
  MOCK_MAX_FILE_BYTES: intFromEnv(1, 5 * 1024 * 1024).default(512 * 1024),
  MOCK_MAX_SANDBOX_BYTES: intFromEnv(1, 1024 * 1024 * 1024).default(2 * 1024 * 1024),
  MOCK_MAX_QUEUED_BUILDS: intFromEnv(1, 1000).default(3),
  MOCK_MAX_BUILDS_PER_HOUR: intFromEnv(1, 100_000).default(30),
  MOCK_MAX_BUILDS_KEPT_PER_PROJECT: intFromEnv(1, 10_000).default(20),
  MOCK_MAX_BUILD_BYTES: intFromEnv(1, 1024 * 1024 * 1024).default(8 * 1024 * 1024),
  MOCK_MAX_API_KEYS: intFromEnv(1, 1000).default(10),
  MOCK_MAX_STORE_MB: intFromEnv(1, 1024 * 1024).optional(),
});

/**
 * Rules across variables. Checked on the raw values, beside the schema rather than in it: zod skips
 * an object's refinements when any field fails, and the message must name every bad variable at once.
 */
function crossVariableProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  const headersMs = Number(env.HEADERS_TIMEOUT_MS ?? 20_000);
  const requestMs = Number(env.REQUEST_TIMEOUT_MS ?? 300_000);
  if (headersMs > requestMs)
    problems.push(`HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (${requestMs})`);
  if (env.MODE !== 'proxy') {
    // The mock's sessions, sandboxes and builds live in one process's memory: a second worker would
    // not know a user the first signed in.
    if (env.WORKERS !== undefined && env.WORKERS !== '1' && !env.MOCK_STORE?.startsWith('redis'))
      problems.push(
        `WORKERS: with MOCK_STORE=memory, mock mode runs in one process (its sessions, projects and builds are kept in that process's memory); WORKERS=${env.WORKERS} needs MOCK_STORE=redis://… or MODE=proxy`,
      );
    return problems;
  }
  return [
    ...problems,
    ...(['API_UPSTREAM', 'AUTH_UPSTREAM'] as const)
      .filter((key) => env[key] === undefined)
      .map((key) => `${key}: is required when MODE=proxy`),
  ];
}

export type Env = z.infer<typeof envShape>;

export interface AppConfig {
  port: number;
  host: string;
  mode: 'mock' | 'proxy';
  /** ADMIN_TOKEN: the admin API's bearer token (mock controls, proxy contract report); unset, it does not exist. */
  adminToken?: string;
  publicUrl: string;
  /** What GET /config.json hands the SPA: the FusionAuth SDK's settings and the external links. */
  publicConfig: PublicConfig;
  proxy: {
    apiUpstream?: string;
    authUpstream?: string;
    timeoutMs: number;
    bodyTimeoutMs: number;
    validate: 'off' | 'report' | 'strict';
    validationReportFile?: string;
    /** PEM of a private CA the upstreams' certificates may chain to, besides Node's public roots. */
    caFile?: string;
    /** Connections per upstream pool: MAX_CONNECTIONS, so no client request ever waits for a free one. */
    connectionsPerUpstream: number;
  };
  /** The HTTP server facing clients. */
  http: {
    trustProxy: false | number | string[];
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    /** Open connections one client address may hold (an IPv6 /64 is one); 0: no cap. */
    maxConnectionsPerAddress: number;
    /** Descriptors for the listening socket: Node accepts one connection per descriptor per event-loop turn. */
    listenDescriptors: number;
    bodyLimitBytes: number;
  };
  staticDir: string;
  log: { level: Env['LOG_LEVEL']; format: 'json' | 'pretty' };
  shutdownGraceMs: number;
  /** Processes serving the port: 1 is the gateway alone; more run it as a Node cluster (proxy mode only). */
  workers: number;
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
    /** MOCK_BUILD_OUTPUT_LIMIT_LINES: lines of tool output one build may log. */
    buildOutputLimitLines: number;
    /** MOCK_BUILD_MEMORY_MB: the memory each tool process of a toolchain build may allocate. */
    buildMemoryMb: number;
    /** Builds running tools at once; undefined: one per core. */
    buildConcurrency?: number;
    /** MOCK_BUILD_UNISOLATED: whether toolchain builds may run without file isolation (no bubblewrap). */
    buildUnisolated: 'allow' | 'refuse';
    seed: number;
    /** What one visitor (and the demo as a whole) may hold; see mock/api/quotas.ts. */
    limits: MockLimits;
    /** `memory`, or the URL of the Redis every gateway of this deployment shares. */
    store: string;
    /** Prefix of every key in that Redis. */
    storePrefix: string;
    /** Signs mock session tokens; unset: random per start (memory) or kept in the shared store (Redis). */
    sessionSecret?: string;
    buildLeaseMs: number;
    /** MOCK_SIMULATION_VCD_MB: the VCD one simulation may write (in bytes). */
    simulationVcdBytes: number;
    /** MOCK_SIMULATIONS_KEPT: simulations kept per user (the oldest finished ones go). */
    simulationsKept: number;
  };
}

/** Bounds of the mock as a public demo: every per-user store and the sign-in state are finite. */
export interface MockLimits {
  /**
   * Live sandboxes; when full, idle ones and then untouched ones (pristine fixture copies) make
   * room, else a new one is refused (503): nobody's work is evicted while they are active.
   */
  sandboxes: number;
  /** Live sandboxes created from one client address (an IPv6 /64 counts as one). */
  sandboxesPerAddress: number;
  /** Live sign-ins; when full, the least recently used one idle past MOCK_SANDBOX_IDLE_MINUTES goes, else 503. */
  sessions: number;
  /** Live sign-ins from one client address; beyond, that address's least recently used one is signed out. */
  sessionsPerAddress: number;
  /** Users registered since the start. */
  users: number;
  /** Sign-in and sign-up posts per client address per minute (429 beyond). */
  signInsPerMinute: number;
  projects: number;
  filesPerProject: number;
  fileBytes: number;
  /** All files of a sandbox together. */
  sandboxBytes: number;
  /** Builds queued or running at once. */
  queuedBuilds: number;
  buildsPerHour: number;
  /** Finished builds kept per project (the latest and unfinished ones never count against it). */
  buildsKeptPerProject: number;
  /**
   * Bytes of finished builds' logs and artifacts per sandbox: the oldest go first, projects' latest ones
   * last; only the sandbox's newest finished build may stay beyond it (build-retention.ts).
   */
  buildBytes: number;
  apiKeys: number;
  /**
   * Bytes the in-memory store may hold (MOCK_MAX_STORE_MB) before new builds wait: every sandbox,
   * build log and artifact lives in the gateway's heap, and running out of heap would crash it with
   * everyone's work. (A Redis store is bounded by Redis's own maxmemory.)
   */
  storeBytes: number;
}

/**
 * A quarter of V8's heap limit: the tally counts the stored text only, and the heap also holds each
 * string's overhead, the decoded sandboxes a request works on, and every request in flight.
 */
function defaultStoreMb(): number {
  return Math.max(16, Math.floor(v8.getHeapStatistics().heap_size_limit / 4 / 1024 / 1024));
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
    adminToken: e.ADMIN_TOKEN,
    publicUrl,
    publicConfig: {
      clientId: e.CLIENT_ID,
      serverUrl: e.AUTH_PUBLIC_URL ?? publicUrl,
      redirectUri: e.REDIRECT_URI ?? `${publicUrl}/`,
      links: {
        legacyTool: e.LEGACY_TOOL_URL,
        examples: e.EXAMPLES_URL,
        documentation: e.DOCUMENTATION_URL,
        terms: e.TERMS_URL,
        privacyPolicy: e.PRIVACY_POLICY_URL,
      },
    },
    proxy: {
      apiUpstream: e.API_UPSTREAM,
      authUpstream: e.AUTH_UPSTREAM,
      timeoutMs: e.PROXY_TIMEOUT_MS,
      bodyTimeoutMs: e.PROXY_BODY_TIMEOUT_MS,
      validate: e.VALIDATE,
      validationReportFile: e.VALIDATION_REPORT_FILE,
      caFile: e.UPSTREAM_CA_FILE,
      connectionsPerUpstream: e.MAX_CONNECTIONS,
    },
    http: {
      trustProxy: e.TRUST_PROXY,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      // Only where clients connect straight to the gateway: behind a proxy (TRUST_PROXY) every
      // connection comes from the proxy, and on a loopback HOST only this machine connects.
      maxConnectionsPerAddress:
        e.MAX_CONNECTIONS_PER_ADDRESS ??
        (e.TRUST_PROXY === false && !isLoopbackHost(e.HOST) ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : 0),
      listenDescriptors: e.LISTEN_DESCRIPTORS,
      // The mock reads bodies whole (the contract's largest is a 5 MiB file); the proxy streams them.
      bodyLimitBytes: e.BODY_LIMIT_BYTES ?? (e.MODE === 'mock' ? 8 * 1024 ** 2 : 50 * 1024 ** 2),
    },
    staticDir: path.resolve(e.STATIC_DIR),
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json') },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    workers: e.WORKERS === 'auto' ? os.availableParallelism() : e.WORKERS,
    mock: {
      fixturesDir: path.resolve(e.FIXTURES_DIR),
      sandbox: e.MOCK_SANDBOX ?? (isLoopbackHost(e.HOST) ? 'user' : 'session'),
      sandboxIdleMinutes: e.MOCK_SANDBOX_IDLE_MINUTES,
      autoLoginEmail: e.MOCK_AUTO_LOGIN,
      tokenTtlSeconds: e.MOCK_TOKEN_TTL_SECONDS,
      buildStepMs: e.MOCK_BUILD_STEP_MS,
      builds: e.MOCK_BUILDS,
      buildTimeLimitSeconds: e.MOCK_BUILD_TIME_LIMIT_S,
      buildOutputLimitKb: e.MOCK_BUILD_OUTPUT_LIMIT_KB,
      buildOutputLimitLines: e.MOCK_BUILD_OUTPUT_LIMIT_LINES,
      buildMemoryMb: e.MOCK_BUILD_MEMORY_MB,
      buildConcurrency: e.MOCK_BUILD_CONCURRENCY,
      buildUnisolated: e.MOCK_BUILD_UNISOLATED ?? (isLoopbackHost(e.HOST) ? 'allow' : 'refuse'),
      seed: e.MOCK_SEED,
      store: e.MOCK_STORE,
      storePrefix: e.MOCK_STORE_PREFIX,
      sessionSecret: e.SESSION_SECRET,
      buildLeaseMs: e.MOCK_BUILD_LEASE_MS,
      simulationVcdBytes: e.MOCK_SIMULATION_VCD_MB * 1024 * 1024,
      simulationsKept: e.MOCK_SIMULATIONS_KEPT,
      limits: {
        sandboxes: e.MOCK_MAX_SANDBOXES,
        sandboxesPerAddress: e.MOCK_MAX_SANDBOXES_PER_ADDRESS,
        sessions: e.MOCK_MAX_SESSIONS,
        sessionsPerAddress: e.MOCK_MAX_SESSIONS_PER_ADDRESS,
        users: e.MOCK_MAX_USERS,
        signInsPerMinute: e.MOCK_SIGN_IN_RATE_LIMIT,
        projects: e.MOCK_MAX_PROJECTS,
        filesPerProject: e.MOCK_MAX_FILES_PER_PROJECT,
        fileBytes: e.MOCK_MAX_FILE_BYTES,
        sandboxBytes: e.MOCK_MAX_SANDBOX_BYTES,
        queuedBuilds: e.MOCK_MAX_QUEUED_BUILDS,
        buildsPerHour: e.MOCK_MAX_BUILDS_PER_HOUR,
        buildsKeptPerProject: e.MOCK_MAX_BUILDS_KEPT_PER_PROJECT,
        buildBytes: e.MOCK_MAX_BUILD_BYTES,
        apiKeys: e.MOCK_MAX_API_KEYS,
        storeBytes: (e.MOCK_MAX_STORE_MB ?? defaultStoreMb()) * 1024 * 1024,
      },
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
