import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './listen.js';

/**
 * Rules across variables. Checked on the raw values, beside the schema rather than in it: zod skips
 * an object's refinements when any field fails, and the message must name every bad variable at once.
 */
export function crossVariableProblems(env: Record<string, string>): string[] {
  const problems = timeoutProblems(env);
  if (env.MODE === 'proxy') return [...problems, ...missingUpstreams(env)];
  return [...problems, ...mockWorkerProblems(env)];
}

function timeoutProblems(env: Record<string, string>): string[] {
  const headersMs = Number(env.HEADERS_TIMEOUT_MS ?? DEFAULT_HEADERS_TIMEOUT_MS);
  const requestMs = Number(env.REQUEST_TIMEOUT_MS ?? DEFAULT_REQUEST_TIMEOUT_MS);
  return headersMs > requestMs ? [`HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (${requestMs})`] : [];
}

/** The mock's sessions, sandboxes and builds live in one process's memory: a second worker would not know a user the first signed in. */
function mockWorkerProblems(env: Record<string, string>): string[] {
  if (env.WORKERS === undefined || env.WORKERS === '1' || env.MOCK_STORE?.startsWith('redis')) return [];
  return [
    `WORKERS: with MOCK_STORE=memory, mock mode runs in one process (its sessions, projects and builds are kept in that process's memory); WORKERS=${env.WORKERS} needs MOCK_STORE=redis://… or MODE=proxy`,
  ];
}

function missingUpstreams(env: Record<string, string>): string[] {
  return (['API_UPSTREAM', 'AUTH_UPSTREAM'] as const)
    .filter((key) => env[key] === undefined)
    .map((key) => `${key}: is required when MODE=proxy`);
}
