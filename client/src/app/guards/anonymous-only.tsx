import type { ReactNode } from 'react';
import { useFusionAuth } from '@fusionauth/react-sdk';

/** Shows its content only to signed-out visitors (spec §6). */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useFusionAuth();
  return isLoggedIn ? null : children;
}
