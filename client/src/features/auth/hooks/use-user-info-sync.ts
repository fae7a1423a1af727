import { useEffect, useRef } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { currentReturnLocation } from '@/lib/return-location';
import { isUnauthorizedUserInfoError, type AppUserInfo } from '@/lib/user-info';

/**
 * Keeps user info current (the SDK is told not to fetch it): read once after sign-in, read again
 * whenever the tab becomes visible, and restart login (keeping the hash) when a read answers 401.
 */
export function useUserInfoSync(): void {
  const { isLoggedIn, fetchUserInfo, error, startLogin } = useFusionAuth<AppUserInfo>();
  const loaded = useRef(false);

  useEffect(() => {
    if (!isLoggedIn || loaded.current) return;
    loaded.current = true;
    void fetchUserInfo();
  }, [isLoggedIn, fetchUserInfo]);

  useEffect(() => {
    if (!isLoggedIn) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void fetchUserInfo();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [isLoggedIn, fetchUserInfo]);

  useEffect(() => {
    if (isUnauthorizedUserInfoError(error)) startLogin(currentReturnLocation());
  }, [error, startLogin]);
}
