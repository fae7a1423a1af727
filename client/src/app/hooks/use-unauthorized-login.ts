import { useEffect } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { currentReturnLocation } from '@/lib/return-location';

/** Wires the API client's one 401 rule to the sign-in SDK: restart login, keeping the current hash. */
export function useUnauthorizedLogin(): void {
  const { startLogin } = useFusionAuth();
  useEffect(() => {
    setUnauthorizedHandler(() => startLogin(currentReturnLocation()));
    return () => setUnauthorizedHandler(() => {});
  }, [startLogin]);
}
