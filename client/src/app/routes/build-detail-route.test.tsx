import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import { AppProviders } from '@/app/provider';
import { routes } from '@/app/router';
import { fakeBuild } from '@/features/builds/testing/fake-build';
import { ApiError } from '@/lib/api/error-message';
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
    buildDetails: async ({ build_id }: { build_id: string }) => {
      if (build_id === 'doesnotexist') throw new ApiError(404, 'Build not found');
      if (build_id === 'unreachable') throw new ApiError(503, 'Upstream unavailable');
      return { data: fakeBuild({ id: build_id, project_id: 'B', project_name: 'Project B' }) };
    },
    getBuildLog: async () => ({ data: { lines: [], next_offset: 0, total: 0, complete: true } }),
    buildConfigs: async () => ({ data: { os_versions: [], hardware: [], targets: [], interpolation: {} } }),
  })),
  setUnauthorizedHandler: vi.fn(),
}));

function renderApp(path: string) {
  document.cookie = 'cookieBannerAccepted=true; path=/';
  Element.prototype.scrollIntoView = vi.fn(); // jsdom has none; the log scrolls to the selected line
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map() }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </AppProviders>,
  );
  return router;
}

describe('the build page of another project', () => {
  it("redirects #/builds/A/<a build of B> to B's build page, line selection kept", async () => {
    const router = renderApp('/builds/A/b-0000000000abcdef1?line=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/builds/B/b-0000000000abcdef1'), {
      timeout: 4_000,
    });
    expect(router.state.location.search).toBe('?line=3');
    expect(await screen.findByRole('heading', { name: 'Builds: Project B' })).toBeInTheDocument();
    expect(screen.queryByText('Project A')).not.toBeInTheDocument();
  });
});

describe("the build page's Summary", () => {
  it('shows the build id as its last 7 characters (spec §9) and copies the whole id', async () => {
    const user = userEvent.setup();
    renderApp('/builds/B/b-0000000000abcdef1');
    const summary = await screen.findByRole('region', { name: 'Summary' }, { timeout: 15_000 });
    const id = within(summary).getByText('bcdef1', { exact: false });
    expect(id).toHaveTextContent(/^abcdef1$/);
    expect(id).toHaveAttribute('title', 'b-0000000000abcdef1');
    expect(within(summary).queryByText('b-0000000000abcdef1')).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'Copy the full build id' }));
    expect(await within(summary).findByRole('status')).toHaveTextContent('Copied the full build id.');
    expect(await navigator.clipboard.readText()).toBe('b-0000000000abcdef1');
  }, 20_000);
});

describe('the build page of a build that does not exist', () => {
  it('says "Build not found" like an unknown project, names the id and links to the builds; nothing to retry', async () => {
    renderApp('/builds/A/doesnotexist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Build not found' }, { timeout: 4_000 })).toBeVisible();
    expect(screen.getByText('doesnotexist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the builds of Project A' })).toHaveAttribute('href', '/builds/A');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(screen.queryByText('sexist')).not.toBeInTheDocument(); // the id's last 7 characters, as a breadcrumb
  });

  it('keeps the page and its Retry when the build could not be loaded for another reason', async () => {
    renderApp('/builds/A/unreachable');
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Upstream unavailable');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Build not found' })).not.toBeInTheDocument();
  });
});
