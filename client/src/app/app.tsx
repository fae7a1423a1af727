import { startTransition, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { loadAuthConfig, type AuthConfigResult } from '@/lib/auth-config';
import { configureExternalLinks } from '@/lib/external-links';
import { pathFromReturnLocation } from '@/lib/return-location';
import { AuthProvider } from './auth-provider';
import { ConfigErrorScreen } from './components/config-error-screen';
import { AppProviders } from './provider';
import { createAppRouter, type AppRouter } from './router';

// Built once config.json has answered, not while the entry script evaluates: on a phone that script's
// evaluation is the first page's longest task, and the router (route ranking, history) is not needed
// until the shell renders.
let router: AppRouter | undefined;
const appRouter = () => (router ??= createAppRouter());

/**
 * After the sign-in round trip: go back to the hash kept in the state. The identity provider returns
 * to `redirect_uri?state=…`, so the query is dropped from the address first.
 */
function restoreReturnLocation(state?: string): void {
  const { pathname, hash } = window.location;
  if (window.location.search) window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  const path = pathFromReturnLocation(state);
  if (path) void appRouter().navigate(path, { replace: true });
}

export function App() {
  const [config, setConfig] = useState<AuthConfigResult | null>(null);

  useEffect(() => {
    let active = true;
    void loadAuthConfig().then((result) => {
      if (!active) return;
      if (result.ok) {
        configureExternalLinks(result.config.links);
        appRouter();
      }
      // A transition renders the whole shell in slices that yield to the browser (a plain update
      // would render it in one task, which blocks a phone's main thread for a long time).
      startTransition(() => setConfig(result));
    });
    return () => {
      active = false;
    };
  }, []);

  if (!config) return <LoadingScreen />;
  if (!config.ok) return <ConfigErrorScreen problems={config.problems} />;
  return (
    <AppProviders>
      <AuthProvider config={config.config} onRedirect={restoreReturnLocation}>
        <RouterProvider router={appRouter()} />
      </AuthProvider>
    </AppProviders>
  );
}
