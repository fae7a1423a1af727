import { z } from 'zod';
import type { PublicConfig } from '@cloud-compile/shared';
import type { gatewayVariables } from './gateway.js';
import { linkSettings, type linkVariables } from './links.js';
import { httpUrl, origin, type ParsedVariables } from './values.js';

/** Where users reach the app and what the FusionAuth SDK is told (served in config.json). */
export const identityVariables = {
  PUBLIC_URL: origin.optional(),
  CLIENT_ID: z.string().min(1).default('cloud-compile'),
  REDIRECT_URI: httpUrl.optional(),
  AUTH_PUBLIC_URL: origin.optional(),
};

type IdentityInput = ParsedVariables<typeof identityVariables & typeof linkVariables> &
  Pick<ParsedVariables<typeof gatewayVariables>, 'PORT'>;

export function identitySettings(e: IdentityInput) {
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const publicConfig: PublicConfig = {
    clientId: e.CLIENT_ID,
    serverUrl: e.AUTH_PUBLIC_URL ?? publicUrl,
    redirectUri: e.REDIRECT_URI ?? `${publicUrl}/`,
    links: linkSettings(e),
  };
  return {
    /** The origin users reach the app at. */
    publicUrl,
    /** What GET /config.json hands the SPA: the FusionAuth SDK's settings and the external links. */
    publicConfig,
  };
}
