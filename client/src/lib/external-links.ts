/**
 * Addresses outside this app that the chrome links to. They belong to the instrument maker's site,
 * so they live in one place for a deployment to adjust.
 */
export const EXTERNAL_LINKS = {
  legacyTool: 'https://compile-legacy.example.com/',
  examples: 'https://docs.example.com/cloud-compile/examples/',
  documentation: 'https://docs.example.com/cloud-compile/',
  terms: 'https://www.example.com/legal/terms-and-conditions',
  privacyPolicy: 'https://www.example.com/legal/privacy-policy',
} as const;
