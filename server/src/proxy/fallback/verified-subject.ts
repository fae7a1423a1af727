import { createRemoteJWKSet, jwtVerify } from 'jose';

/** Where FusionAuth (the identity provider behind AUTH_UPSTREAM) publishes the keys it signs access tokens with. */
export const JWKS_PATH = '/.well-known/jwks.json';

/** Longer subjects or issuers than any identity provider issues are not keys of a sandbox. */
const MAX_CLAIM_CHARS = 512;

/** A JWT's shape: three base64url parts (a credential of another shape is never verified). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Asymmetric algorithms only: a key set's public key must never verify an HMAC (alg confusion). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Who a caller's access token says they are, believed only once its signature is verified against
 * the identity provider's published keys (and it has not expired): then a refreshed token names the
 * same user. Anything else — not a JWT, a forged or expired one, keys that cannot be fetched — is
 * undefined, and the caller is known by their credential alone.
 */
export class VerifiedSubjects {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(authUpstream: string) {
    this.keys = createRemoteJWKSet(new URL(`${authUpstream.replace(/\/$/, '')}${JWKS_PATH}`), {
      // A slow identity provider delays the fallback's answer this much at most, then the credential's hash is used.
      timeoutDuration: 5_000,
      // An unknown key id fetches the set again at most this often (a forger cannot make us fetch it per request).
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  }

  /** `issuer\0subject` of a verified token, or undefined. */
  async subjectOf(credential: string): Promise<string | undefined> {
    if (!JWT_SHAPE.test(credential)) return undefined;
    try {
      const { payload } = await jwtVerify(credential, this.keys, { algorithms: ALGORITHMS });
      const { sub, iss = '' } = payload;
      if (typeof sub !== 'string' || !sub || sub.length > MAX_CLAIM_CHARS || iss.length > MAX_CLAIM_CHARS)
        return undefined;
      return `${iss}\0${sub}`;
    } catch {
      return undefined;
    }
  }
}
