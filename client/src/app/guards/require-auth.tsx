import { useEffect, type ReactNode } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { LoadingScreen } from '@/components/loading-screen';
import { currentReturnLocation } from '@/lib/return-location';
import { hasAllowedRole } from '@/lib/roles';
import type { AppUserInfo } from '@/lib/user-info';

interface RequireAuthProps {
  /** Show the content only to users with at least one of these roles; none = any signed-in user. */
  withRole?: string | readonly string[];
  children: ReactNode;
}

/**
 * The route guard of spec §2 and §6: a signed-out visitor is sent to login with the current hash as
 * the return location (the LOADING screen shows meanwhile); a signed-in user without an allowed role
 * sees nothing.
 */
export function RequireAuth({ withRole, children }: RequireAuthProps) {
  const { isLoggedIn, userInfo, startLogin } = useFusionAuth<AppUserInfo>();

  useEffect(() => {
    if (!isLoggedIn) startLogin(currentReturnLocation());
  }, [isLoggedIn, startLogin]);

  if (!isLoggedIn) return <LoadingScreen />;
  if (withRole === undefined) return children;
  if (!userInfo) return <LoadingScreen />;
  return hasAllowedRole(userInfo.roles, withRole) ? children : null;
}
