import { PLACEHOLDER_LINKS, type PublicConfig } from '@cloud-compile/shared';
import { EXTERNAL_LINK_KEYS, type ExternalLinks } from './external-links';

/** The sign-in settings GET config.json hands the app (spec §3 "Sign-in config"), and the external links. */
export type AuthConfig = PublicConfig;

export type AuthConfigResult = { ok: true; config: AuthConfig } | { ok: false; problems: string[] };

const REQUIRED_KEYS = ['clientId', 'serverUrl', 'redirectUri'] as const;

const asRecord = (raw: unknown) => (typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {});
const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * Checks config.json once, before the sign-in SDK starts (the SDK does not validate its config).
 * Every missing key is reported, each with the spec's message ("clientId is required", …). The
 * external links are ours, not the spec's (§5, §7: config.json carries the three sign-in keys): each
 * one left out takes its default, and one given must be an http(s) URL (a link the page cannot follow
 * is a deployment's mistake).
 */
export function validateAuthConfig(raw: unknown): AuthConfigResult {
  const source = asRecord(raw);
  const problems: string[] = [];
  const config: Partial<AuthConfig> = {};
  for (const key of REQUIRED_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() !== '') config[key] = value.trim();
    else problems.push(`${key} is required`);
  }
  if (source.links !== undefined && asRecord(source.links) !== source.links)
    problems.push('links must be an object of addresses');
  const givenLinks = asRecord(source.links);
  const links: ExternalLinks = { ...PLACEHOLDER_LINKS };
  for (const key of EXTERNAL_LINK_KEYS) {
    const value = givenLinks[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isHttpUrl(value.trim())) problems.push(`links.${key} must be an http(s) URL`);
    else links[key] = value.trim();
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: { ...config, links } as AuthConfig };
}

/**
 * GET /config.json and validate it. Network or parse failures become one readable problem. From the root,
 * not relative: the page may have been opened at a path (`/preferences/api-keys`) before it is sent to its hash.
 */
export async function loadAuthConfig(fetchImpl: typeof fetch = fetch): Promise<AuthConfigResult> {
  let raw: unknown;
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-cache' });
    if (!response.ok) return { ok: false, problems: [`config.json could not be loaded (status ${response.status})`] };
    raw = await response.json();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [`config.json could not be loaded (${reason})`] };
  }
  return validateAuthConfig(raw);
}
