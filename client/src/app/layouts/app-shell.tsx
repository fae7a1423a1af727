import { useCallback, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useFusionAuth } from '@fusionauth/react-sdk';
import { TermsScreen } from '@/features/terms/components/terms-screen';
import { getApiClient } from '@/lib/api/client';
import { paths } from '@/lib/paths';
import { TOS_UNACCEPTED, type AppUserInfo } from '@/lib/user-info';
import { AppLayout } from './app-layout';

/**
 * The shell states of spec §2 for a signed-in user (the route guard handles signed-out visitors):
 * only the terms screen while the terms are UNACCEPTED, else the full shell around the routed page.
 * User info still loading is "not UNACCEPTED": the shell shows, its avatar reading U (spec §3).
 */
export function AppShell() {
  const { userInfo, fetchUserInfo } = useFusionAuth<AppUserInfo>();
  const navigate = useNavigate();

  // Every signed-in page calls the API: its client (the API description) starts loading with
  // the shell, not when the routed page's first request asks for it, so that request leaves sooner and
  // the client's setup runs in tasks of its own rather than in the page's first commit. A failed build
  // is retried by the first real call, which reports it.
  useEffect(() => {
    getApiClient().catch(() => {});
  }, []);

  const onTermsAccepted = useCallback(async () => {
    await fetchUserInfo();
    void navigate(paths.projects);
  }, [fetchUserInfo, navigate]);

  if (userInfo?.tos_state === TOS_UNACCEPTED) {
    return (
      <TermsScreen
        acceptedVersion={userInfo.tos_accepted_version ?? 0}
        version={userInfo.tos_version ?? 0}
        onAccepted={onTermsAccepted}
      />
    );
  }
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
