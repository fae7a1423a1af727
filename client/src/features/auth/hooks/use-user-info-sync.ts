import { useEffect, useRef } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { retryDelayMs } from '@cloud-compile/shared';
import { currentReturnLocation } from '@/lib/return-location';
import { isUnauthorizedUserInfoError, type AppUserInfo } from '@/lib/user-info';

/** Waits between retries of a failed first read: 2 s, 4 s, 8 s … at most 30 s. */
export function userInfoRetryDelay(attempt: number): number {
  return retryDelayMs(attempt, { baseMs: 2_000, maxMs: 30_000 });
}

/**
 * Keeps user info current (the SDK is told not to fetch it): read once after sign-in, read again
 * whenever the tab becomes visible, and restart login (keeping the hash) when a read answers 401.
 * Until the first read succeeds the shell shows LOADING, so any other failure (the identity provider
 * briefly down) is retried with backoff rather than leaving the user on the spinner.
 */
export function useUserInfoSync(): void {
  const { isLoggedIn, userInfo, fetchUserInfo, error, startLogin } = useFusionAuth<AppUserInfo>();
  const loaded = useRef(false);
  const retries = useRef(0);

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

  const waitingForFirstRead = isLoggedIn && !userInfo;
  useEffect(() => {
    if (!waitingForFirstRead) {
      retries.current = 0;
      return;
    }
    if (!error || isUnauthorizedUserInfoError(error)) return;
    const timer = setTimeout(() => void fetchUserInfo(), userInfoRetryDelay(retries.current++));
    return () => clearTimeout(timer);
  }, [waitingForFirstRead, error, fetchUserInfo]);
}
