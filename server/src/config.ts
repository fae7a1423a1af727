import { z } from 'zod';
import { crossVariableProblems } from './config/cross-checks.js';
import { gatewaySettings, gatewayVariables } from './config/gateway.js';
import { identitySettings, identityVariables } from './config/identity.js';
import { linkVariables } from './config/links.js';
import { limitVariables, mockLimits } from './config/limits.js';
import { httpSettings, listenVariables } from './config/listen.js';
import { mockSettings, mockVariables } from './config/mock.js';
import { proxySettings, proxyVariables } from './config/proxy.js';

export { isLoopbackHost } from './config/gateway.js';
export { placeholderLinksWarning } from './config/links.js';
export type { MockLimits } from './config/limits.js';
export { CONTRACT_FILE, PLATFORM_DIR, REPO_ROOT } from './config/paths.js';
export { PLACEHOLDER_LINKS } from '@cloud-compile/shared';

/**
 * The configuration, declared once: every environment variable the gateway reads, with its default,
 * validation and message, by concern in config/; the settings the code reads are this schema's
 * output, so AppConfig is inferred from it. README.md's configuration table and docker-compose.yml
 * are checked against these keys by tests.
 */
const variables = {
  ...gatewayVariables,
  ...identityVariables,
  ...linkVariables,
  ...proxyVariables,
  ...listenVariables,
  ...mockVariables,
  ...limitVariables,
};

const envSchema = z.object(variables);

export type Env = z.output<typeof envSchema>;

/** The parsed variables as the settings the code reads, grouped by concern. */
export const configSchema = envSchema.transform((e) => ({
  ...gatewaySettings(e),
  ...identitySettings(e),
  proxy: proxySettings(e),
  /** The HTTP server facing clients. */
  http: httpSettings(e),
  mock: {
    ...mockSettings(e),
    /** What one visitor (and the demo as a whole) may hold; see mock/api/quotas.ts. */
    limits: mockLimits(e),
  },
}));

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keys the schema reads; docker-compose.yml may set only these, and README.md documents each. */
export const CONFIG_KEYS = Object.keys(variables);

/** The variables the schema reads that are set (an empty value counts as unset). */
function setVariables(env: Record<string, string | undefined>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') set[key] = value;
  }
  return set;
}

/** Each problem as `NAME: message (got "value")`. */
function describeIssues(issues: readonly z.core.$ZodIssue[], given: Record<string, string>): string[] {
  return issues.map((issue) => {
    const key = issue.path.join('.') || '(environment)';
    const value = given[key] === undefined ? '' : ` (got ${JSON.stringify(given[key])})`;
    return `${key}: ${issue.message}${value}`;
  });
}

/** Validates the environment once; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const given = setVariables(env);
  const parsed = configSchema.safeParse(given);
  const problems = [...describeIssues(parsed.error?.issues ?? [], given), ...crossVariableProblems(given)];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

/**
 * A config for tests: the defaults plus overrides given as environment variables. Builds are
 * simulated unless a test asks for MOCK_BUILDS=toolchain: most tests are about the API and the log
 * mechanics, which the fixture logs exercise in milliseconds.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json', MOCK_BUILDS: 'simulated', ...env });
}
