import type { AppConfig } from './config.js';
import { PLACEHOLDER_LINKS, type ExternalLinks } from '@cloud-compile/shared';

/** Each link's environment variable, in the order README.md lists them. */
export const LINK_VARIABLES = {
  legacyTool: 'LEGACY_TOOL_URL',
  examples: 'EXAMPLES_URL',
  documentation: 'DOCUMENTATION_URL',
  terms: 'TERMS_URL',
  privacyPolicy: 'PRIVACY_POLICY_URL',
} as const satisfies Record<keyof ExternalLinks, string>;

/** Proxy mode (a real deployment) with links left at their placeholders: the start-up log says which. */
export function placeholderLinksWarning(config: AppConfig): string | undefined {
  if (config.mode !== 'proxy') return undefined;
  const keys = (Object.keys(LINK_VARIABLES) as (keyof ExternalLinks)[]).filter(
    (key) => config.publicConfig.links[key] === PLACEHOLDER_LINKS[key],
  );
  if (keys.length === 0) return undefined;
  return (
    `${keys.map((key) => LINK_VARIABLES[key]).join(', ')} not set: the app links to placeholder ` +
    'addresses (example.com) that do not exist. Set them to the real pages (README.md, Configuration).'
  );
}
