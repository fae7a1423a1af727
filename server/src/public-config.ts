/**
 * What GET /config.json hands the SPA: the FusionAuth SDK's settings (spec §3 "Sign-in config") and the
 * instrument maker's pages the app links to. One definition for the gateway that serves it
 * (plugins/config-json.ts) and the app that reads it (client/src/lib/auth-config.ts), so the two cannot
 * drift apart; it imports nothing, so the client's type-check and bundle take it as it is.
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

export interface PublicConfig {
  clientId: string;
  serverUrl: string;
  redirectUri: string;
  links: ExternalLinks;
}
