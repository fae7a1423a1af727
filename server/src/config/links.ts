import { PLACEHOLDER_LINKS, type ExternalLinks } from '@cloud-compile/shared';
import { httpUrl, type ParsedVariables } from './values.js';

/** Each link's environment variable, in the order README.md lists them. */
export const LINK_VARIABLES = {
  legacyTool: 'LEGACY_TOOL_URL',
  examples: 'EXAMPLES_URL',
  documentation: 'DOCUMENTATION_URL',
  terms: 'TERMS_URL',
  privacyPolicy: 'PRIVACY_POLICY_URL',
} as const satisfies Record<keyof ExternalLinks, string>;

/** The instrument maker's pages the app links to (served in config.json); the defaults are placeholders. */
export const linkVariables = {
  LEGACY_TOOL_URL: httpUrl.default(PLACEHOLDER_LINKS.legacyTool),
  EXAMPLES_URL: httpUrl.default(PLACEHOLDER_LINKS.examples),
  DOCUMENTATION_URL: httpUrl.default(PLACEHOLDER_LINKS.documentation),
  TERMS_URL: httpUrl.default(PLACEHOLDER_LINKS.terms),
  PRIVACY_POLICY_URL: httpUrl.default(PLACEHOLDER_LINKS.privacyPolicy),
};

export function linkSettings(e: ParsedVariables<typeof linkVariables>): ExternalLinks {
  return {
    legacyTool: e.LEGACY_TOOL_URL,
    examples: e.EXAMPLES_URL,
    documentation: e.DOCUMENTATION_URL,
    terms: e.TERMS_URL,
    privacyPolicy: e.PRIVACY_POLICY_URL,
  };
}

/** Proxy mode (a real deployment) with links left at their placeholders: the start-up log says which. */
export function placeholderLinksWarning(config: {
  mode: string;
  publicConfig: { links: ExternalLinks };
}): string | undefined {
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
