/**
 * What GET /app/me/ returns (spec §3 "User info"): the OIDC userinfo claims plus the terms state.
 * Only the fields the app reads are typed.
 */
export interface AppUserInfo {
  sub?: string;
  name?: string;
  email?: string;
  roles?: string[];
  /** UNACCEPTED shows the Terms and Conditions screen. */
  tos_state?: string;
  /** The current terms version, the one to accept. */
  tos_version?: number;
  /** The version this user accepted; 0 = never. */
  tos_accepted_version?: number;
}

export const TOS_UNACCEPTED = 'UNACCEPTED';

/**
 * The SDK reports a failed user-info read as "Unable to fetch userInfo … status code N" (spec §8);
 * a 401 there means the session is gone and login must restart.
 */
export function isUnauthorizedUserInfoError(error: unknown): boolean {
  return error instanceof Error && /status code 401\b/.test(error.message);
}
