import { lazy, Suspense, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '@/lib/api/error-message';
import { BottomPanelProvider } from '@/lib/bottom-panel';
import { ColorSchemeProvider, useColorScheme } from '@/lib/color-scheme/color-scheme-provider';
import { CurrentProjectProvider } from '@/lib/current-project';
import { TOAST_DURATION_MS } from '@/lib/toast';

const swrConfig: SWRConfiguration = {
  // A 4xx will answer the same again (and a 401 already restarted login); only retry server trouble.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
};

// The first screen never shows a toast, so the toast library loads after it (sonner replays toasts
// raised before its Toaster subscribed).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function ThemedToaster() {
  const { scheme } = useColorScheme();
  // sonner renders an aria-live region, so toasts are announced to screen readers.
  return <Toaster theme={scheme} duration={TOAST_DURATION_MS} position="bottom-right" closeButton richColors />;
}

/** Everything the routed app needs around it, except sign-in (AuthProvider, which needs config.json first). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorSchemeProvider>
      <SWRConfig value={swrConfig}>
        <CurrentProjectProvider>
          <BottomPanelProvider>{children}</BottomPanelProvider>
        </CurrentProjectProvider>
      </SWRConfig>
      <Suspense fallback={null}>
        <ThemedToaster />
      </Suspense>
    </ColorSchemeProvider>
  );
}
