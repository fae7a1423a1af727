import v8 from 'node:v8';
import { intFromEnv, type ParsedVariables } from './values.js';

/** Mock mode's public-demo bounds (README: "Bounds of the mock"); defaults fit one small machine. */
export const limitVariables = {
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
  MOCK_MAX_SIMULATIONS_PER_HOUR: intFromEnv(1, 100_000).default(30),
  MOCK_MAX_CHECKS_PER_MINUTE: intFromEnv(1, 100_000).default(120),
  MOCK_MAX_BUILDS_KEPT_PER_PROJECT: intFromEnv(1, 10_000).default(20),
  MOCK_MAX_BUILD_BYTES: intFromEnv(1, 1024 * 1024 * 1024).default(8 * 1024 * 1024),
  MOCK_MAX_API_KEYS: intFromEnv(1, 1000).default(10),
  MOCK_MAX_STORE_MB: intFromEnv(1, 1024 * 1024).optional(),
};

/**
 * A quarter of V8's heap limit: the tally counts the stored text only, and the heap also holds each
 * string's overhead, the decoded sandboxes a request works on, and every request in flight.
 */
function defaultStoreMb(): number {
  return Math.max(16, Math.floor(v8.getHeapStatistics().heap_size_limit / 4 / 1024 / 1024));
}

/** Bounds of the mock as a public demo: every per-user store and the sign-in state are finite. */
export function mockLimits(e: ParsedVariables<typeof limitVariables>) {
  return {
    /**
     * Live sandboxes; when full, idle ones and then untouched ones (pristine fixture copies) make
     * room, else a new one is refused (503): nobody's work is evicted while they are active.
     */
    sandboxes: e.MOCK_MAX_SANDBOXES,
    /** Live sandboxes created from one client address (an IPv6 /64 counts as one). */
    sandboxesPerAddress: e.MOCK_MAX_SANDBOXES_PER_ADDRESS,
    /** Live sign-ins; when full, the least recently used one idle past MOCK_SANDBOX_IDLE_MINUTES goes, else 503. */
    sessions: e.MOCK_MAX_SESSIONS,
    /** Live sign-ins from one client address; beyond, that address's least recently used one is signed out. */
    sessionsPerAddress: e.MOCK_MAX_SESSIONS_PER_ADDRESS,
    /** Users registered since the start. */
    users: e.MOCK_MAX_USERS,
    /** Sign-in and sign-up posts per client address per minute (429 beyond). */
    signInsPerMinute: e.MOCK_SIGN_IN_RATE_LIMIT,
    projects: e.MOCK_MAX_PROJECTS,
    filesPerProject: e.MOCK_MAX_FILES_PER_PROJECT,
    fileBytes: e.MOCK_MAX_FILE_BYTES,
    /** All files of a sandbox together. */
    sandboxBytes: e.MOCK_MAX_SANDBOX_BYTES,
    /** Builds queued or running at once. */
    queuedBuilds: e.MOCK_MAX_QUEUED_BUILDS,
    buildsPerHour: e.MOCK_MAX_BUILDS_PER_HOUR,
    /** Simulations started per sandbox in any hour (429 beyond; mock/simulations/simulation-store.ts). */
    simulationsPerHour: e.MOCK_MAX_SIMULATIONS_PER_HOUR,
    /** Drafts checked while typing (checkDraft) per user per minute, on each gateway (429 beyond). */
    checksPerMinute: e.MOCK_MAX_CHECKS_PER_MINUTE,
    /** Finished builds kept per project (the latest and unfinished ones never count against it). */
    buildsKeptPerProject: e.MOCK_MAX_BUILDS_KEPT_PER_PROJECT,
    /**
     * Bytes of finished builds' logs and artifacts per sandbox: the oldest go first, projects' latest ones
     * last; only the sandbox's newest finished build may stay beyond it (build-retention.ts).
     */
    buildBytes: e.MOCK_MAX_BUILD_BYTES,
    apiKeys: e.MOCK_MAX_API_KEYS,
    /**
     * Bytes the in-memory store may hold (MOCK_MAX_STORE_MB) before new builds wait: every sandbox,
     * build log and artifact lives in the gateway's heap, and running out of heap would crash it with
     * everyone's work. (A Redis store is bounded by Redis's own maxmemory.)
     */
    storeBytes: (e.MOCK_MAX_STORE_MB ?? defaultStoreMb()) * 1024 * 1024,
  };
}

export type MockLimits = ReturnType<typeof mockLimits>;
