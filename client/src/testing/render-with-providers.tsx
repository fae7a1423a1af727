import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from 'sonner';

/** An SWR cache of the test's own (nothing leaks between tests), with no retries and no deduping. */
export function FreshSwr({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      {children}
    </SWRConfig>
  );
}

interface RenderOptions {
  /** Where the router starts (default `/`). */
  initialEntries?: string[];
}

/**
 * Renders a feature's UI with what the app puts around it: a fresh SWR cache, a router and the toaster.
 * Tests of the whole app (its own router) use FreshSwr alone.
 */
export function renderWithProviders(ui: ReactElement, { initialEntries }: RenderOptions = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FreshSwr>
      <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
      <Toaster />
    </FreshSwr>
  );
  return render(ui, { wrapper });
}
