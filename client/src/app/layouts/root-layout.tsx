import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { CookieBanner } from '@/features/cookie-banner/components/cookie-banner';
import { useUserInfoSync } from '@/features/auth/hooks/use-user-info-sync';
import { useRouteTitle } from '../hooks/use-route-title';
import { useUnauthorizedLogin } from '../hooks/use-unauthorized-login';

/** Around every route, public ones included: titles, user-info sync, 401 wiring and the cookie banner. */
export function RootLayout() {
  useRouteTitle();
  useUserInfoSync();
  useUnauthorizedLogin();
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <CookieBanner />
    </>
  );
}
