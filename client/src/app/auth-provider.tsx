import type { ReactNode } from 'react';
import { FusionAuthProvider } from '@fusionauth/react-sdk';
import type { AuthConfig } from '@/lib/auth-config';

const SCOPE = 'openid email profile offline_access';
const REFRESH_SECONDS_BEFORE_EXPIRY = 10;

// Module-level so the props stay stable: an inline callback would rebuild the SDK core (and re-arm its
// timers) on every render.
function onAutoRefreshFailure(error: Error): void {
  // The token then expires, the state flips to signed out and the route guard restarts login.
  console.warn('Automatic access-token refresh failed', error);
}

interface AuthProviderProps {
  config: AuthConfig;
  /** Called once after the sign-in round trip with the state given to startLogin. Must be stable. */
  onRedirect: (state?: string) => void;
  children: ReactNode;
}

/**
 * FusionAuth's hosted-backend sign-in (spec §4, §7): the SDK reads the `app.at_exp` cookie, refreshes
 * the token 10 s before expiry and leaves user info to the app (useUserInfoSync).
 */
export function AuthProvider({ config, onRedirect, children }: AuthProviderProps) {
  return (
    <FusionAuthProvider
      clientId={config.clientId}
      serverUrl={config.serverUrl}
      redirectUri={config.redirectUri}
      scope={SCOPE}
      shouldAutoRefresh
      shouldAutoFetchUserInfo={false}
      autoRefreshSecondsBeforeExpiry={REFRESH_SECONDS_BEFORE_EXPIRY}
      onRedirect={onRedirect}
      onAutoRefreshFailure={onAutoRefreshFailure}
    >
      {children}
    </FusionAuthProvider>
  );
}
