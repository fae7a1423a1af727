import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import { AppProviders } from '@/app/provider';
import { routes } from '@/app/router';
import { fakeBuild } from '@/features/builds/testing/fake-build';
import type { AppUserInfo } from '@/lib/user-info';
import { ADA, createFakeAuth } from '@/testing/fake-fusion-auth';

const fakeAuth: { current: FusionAuthProviderContext<AppUserInfo> } = { current: createFakeAuth({ userInfo: ADA }) };
vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }));

const projects: Record<string, { id: string; name: string }> = {
  A: { id: 'A', name: 'Project A' },
  B: { id: 'B', name: 'Project B' },
};
vi.mock('@/lib/api/client', () => ({
  getApiClient: vi.fn(async () => ({
    getProject: async ({ project_id }: { project_id: string }) => ({ data: projects[project_id] }),
    buildDetails: async ({ build_id }: { build_id: string }) => ({
      data: fakeBuild({ id: build_id, project_id: 'B', project_name: 'Project B' }),
    }),
    getBuildLog: async () => ({ data: { lines: [], next_offset: 0, total: 0, complete: true } }),
    buildConfigs: async () => ({ data: { os_versions: [], hardware: [], targets: [], interpolation: {} } }),
  })),
  setUnauthorizedHandler: vi.fn(),
}));

describe('the build page of another project', () => {
  it("redirects #/builds/A/<a build of B> to B's build page, line selection kept", async () => {
    document.cookie = 'cookieBannerAccepted=true; path=/';
    Element.prototype.scrollIntoView = vi.fn(); // jsdom has none; the log scrolls to the selected line
    const router = createMemoryRouter(routes, { initialEntries: ['/builds/A/b-0000000000abcdef1?line=3'] });
    render(
      <AppProviders>
        <SWRConfig value={{ provider: () => new Map() }}>
          <RouterProvider router={router} />
        </SWRConfig>
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/builds/B/b-0000000000abcdef1'), {
      timeout: 4_000,
    });
    expect(router.state.location.search).toBe('?line=3');
    expect(await screen.findByRole('heading', { name: 'Builds: Project B' })).toBeInTheDocument();
    expect(screen.queryByText('Project A')).not.toBeInTheDocument();
  });
});
