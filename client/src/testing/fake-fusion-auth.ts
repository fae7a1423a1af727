import { vi } from 'vitest';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import type { AppUserInfo } from '@/lib/user-info';

/**
 * A stand-in for the sign-in SDK's context in component tests: signed in or not, with or without
 * user info, and spies for the calls the app makes. Use with
 * `vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }))`.
 */
export function createFakeAuth(overrides: Partial<FusionAuthProviderContext<AppUserInfo>> = {}) {
  return {
    isLoggedIn: true,
    userInfo: null,
    isFetchingUserInfo: false,
    error: null,
    fetchUserInfo: vi.fn(async () => undefined),
    startLogin: vi.fn(),
    startRegister: vi.fn(),
    startLogout: vi.fn(),
    manageAccount: vi.fn(),
    refreshToken: vi.fn(async () => undefined),
    initAutoRefresh: vi.fn(),
    ...overrides,
  } satisfies FusionAuthProviderContext<AppUserInfo>;
}

export const ADA: AppUserInfo = {
  sub: '2f6c1b0e-7a43-4c2e-9d1a-5b8e0c7f4a11',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  roles: ['user'],
  tos_state: 'ACCEPTED',
  tos_version: 2,
  tos_accepted_version: 2,
};
