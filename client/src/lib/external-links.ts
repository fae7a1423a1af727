/**
 * Addresses outside this app that the chrome links to. They belong to the instrument maker's site and
 * are deployment configuration: the gateway serves them in config.json (LEGACY_TOOL_URL, … in README.md),
 * and the app sets them here once, before anything renders (see configureExternalLinks).
 */
import type { ExternalLinks } from '@cloud-compile/shared';

// config.json's shape has one home, @cloud-compile/shared, which the gateway that serves it uses too.
export { EXTERNAL_LINK_KEYS, type ExternalLinks } from '@cloud-compile/shared';

/** Read by the components at render time; empty until config.json is in (nothing links before that). */
export const EXTERNAL_LINKS: ExternalLinks = {
  legacyTool: '',
  examples: '',
  documentation: '',
  terms: '',
  privacyPolicy: '',
};

/** Takes the deployment's links from config.json; called once, before the app renders. */
export function configureExternalLinks(links: ExternalLinks): void {
  Object.assign(EXTERNAL_LINKS, links);
}
