/**
 * What GET /config.json hands the SPA: the FusionAuth SDK's settings (spec §3 "Sign-in config") and the
 * instrument maker's pages the app links to. One definition for the gateway that serves it
 * (server/src/plugins/config-json.ts) and the app that reads it (client/src/lib/auth-config.ts), so the
 * two cannot drift apart; it imports nothing, so the client's bundle takes it as it is.
 */

/** The instrument maker's pages the app links to (legacy tool, examples, docs, terms, privacy policy). */
export interface ExternalLinks {
  legacyTool: string;
  examples: string;
  documentation: string;
  terms: string;
  privacyPolicy: string;
}

/** Every key of {@link ExternalLinks}: the app checks each is an http(s) URL before it renders. */
export const EXTERNAL_LINK_KEYS = [
  'legacyTool',
  'examples',
  'documentation',
  'terms',
  'privacyPolicy',
] as const satisfies readonly (keyof ExternalLinks)[];

/**
 * The defaults: placeholders (example.com never answers), fine for the mock, never for a deployment. The
 * gateway serves them when a link's variable is unset; the app uses them for a link config.json leaves
 * out (the links are ours, not the spec's: a backend serving only the three sign-in keys is valid).
 */
export const PLACEHOLDER_LINKS: ExternalLinks = {
  legacyTool: 'https://compile-legacy.example.com/',
  examples: 'https://docs.example.com/cloud-compile/examples/',
  documentation: 'https://docs.example.com/cloud-compile/',
  terms: 'https://www.example.com/legal/terms-and-conditions',
  privacyPolicy: 'https://www.example.com/legal/privacy-policy',
};

export interface PublicConfig {
  clientId: string;
  serverUrl: string;
  redirectUri: string;
  links: ExternalLinks;
}
