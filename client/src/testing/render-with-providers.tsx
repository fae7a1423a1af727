import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from 'sonner';

/** Renders with what the builds feature needs around it: a fresh SWR cache (no retries), a router and the toaster. */
export function renderWithProviders(ui: ReactElement) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <MemoryRouter>{children}</MemoryRouter>
      <Toaster />
    </SWRConfig>
  );
  return render(ui, { wrapper });
}
