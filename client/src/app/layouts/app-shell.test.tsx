import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import { AppProviders } from '@/app/provider';
import { routes } from '@/app/router';
import type { AppUserInfo } from '@/lib/user-info';
import { ADA, createFakeAuth } from '@/testing/fake-fusion-auth';
import { FreshSwr } from '@/testing/render-with-providers';

const fakeAuth: { current: FusionAuthProviderContext<AppUserInfo> } = { current: createFakeAuth() };
vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }));
vi.mock('@/lib/api/client', () => ({
  getApiClient: vi.fn(async () => ({
    listProjects: async () => ({
      data: [
        {
          id: 'p1',
          name: 'Adder',
          created_at: '2025-01-01T00:00:00Z',
          updated_at: '2025-01-02T00:00:00Z',
          latest_build: null,
        },
      ],
    }),
  })),
  setUnauthorizedHandler: vi.fn(),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <FreshSwr>
        <RouterProvider router={router} />
      </FreshSwr>
    </AppProviders>,
  );
  return router;
}

describe('the shell states (spec §2)', () => {
  beforeEach(() => {
    window.location.hash = '#/preferences/appearance';
    document.cookie = 'cookieBannerAccepted=true; path=/';
  });

  it('signed out: LOADING while the guard starts login with the current hash', async () => {
    fakeAuth.current = createFakeAuth({ isLoggedIn: false });
    renderAt('/preferences/appearance');
    expect(screen.getByRole('status')).toHaveTextContent('LOADING');
    await waitFor(() => expect(fakeAuth.current.startLogin).toHaveBeenCalledWith('#/preferences/appearance'));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('signed in without user info yet: the full shell, the avatar reading U, and the user info is fetched', async () => {
    fakeAuth.current = createFakeAuth({ userInfo: null });
    renderAt('/projects');
    expect(screen.queryByText('LOADING')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu, U' })).toHaveTextContent('U');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByTestId('bottom-panel')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(fakeAuth.current.fetchUserInfo).toHaveBeenCalledOnce());
    expect(fakeAuth.current.startLogin).not.toHaveBeenCalled();
  });

  it('terms UNACCEPTED: only the terms screen', () => {
    fakeAuth.current = createFakeAuth({ userInfo: { ...ADA, tos_state: 'UNACCEPTED', tos_accepted_version: 0 } });
    renderAt('/projects');
    expect(screen.getByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("terms UNACCEPTED: the tab is named after the terms screen, and the route's title comes back once accepted", async () => {
    fakeAuth.current = createFakeAuth({ userInfo: { ...ADA, tos_state: 'UNACCEPTED', tos_accepted_version: 0 } });
    const router = renderAt('/projects');
    await waitFor(() => expect(document.title).toBe('Terms and Conditions | Cloud Compile'));
    // Accepting goes to /projects, where the user already was: the route's title is unchanged.
    fakeAuth.current = createFakeAuth({ userInfo: ADA });
    await router.navigate('/projects');
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Projects | Cloud Compile'));
  });

  it('terms accepted: top bar, nav bar, routed view and bottom panel', async () => {
    fakeAuth.current = createFakeAuth({ userInfo: ADA });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu, AL' })).toHaveTextContent('AL');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Projects' }));
    expect(screen.getByTestId('bottom-panel')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Adder' })).toHaveAttribute('href', '/editor/p1');
    await waitFor(() => expect(document.title).toBe('Projects | Cloud Compile'));
  });

  it('the 404 page is public: no login, the avatar shows ?', () => {
    fakeAuth.current = createFakeAuth({ isLoggedIn: false });
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu, ?' })).toHaveTextContent('?');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(fakeAuth.current.startLogin).not.toHaveBeenCalled();
  });

  it('the 404 page offers a signed-out visitor to create an account, then the projects', async () => {
    fakeAuth.current = createFakeAuth({ isLoggedIn: false });
    renderAt('/no/such/page');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(fakeAuth.current.startRegister).toHaveBeenCalledWith('#/projects');
  });

  it('/Preferences (capitalised) and /preferences land on the account page', async () => {
    fakeAuth.current = createFakeAuth({ userInfo: ADA });
    const router = renderAt('/Preferences');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/preferences/account');
    await waitFor(() => expect(document.title).toBe('Account - Preferences | Cloud Compile'));
  });

  it('a user-info read answering 401 restarts login', async () => {
    fakeAuth.current = createFakeAuth({
      userInfo: ADA,
      error: new Error('Unable to fetch userInfo in fusionauth. Request failed with status code 401'),
    });
    renderAt('/projects');
    await waitFor(() => expect(fakeAuth.current.startLogin).toHaveBeenCalledWith('#/preferences/appearance'));
  });

  it('a first user-info read that fails (not 401) is retried with backoff, the avatar reading U meanwhile', async () => {
    vi.useFakeTimers();
    try {
      fakeAuth.current = createFakeAuth({
        userInfo: null,
        error: new Error('Unable to fetch userInfo in fusionauth. Request failed with status code 503'),
      });
      renderAt('/projects');
      expect(screen.getByRole('button', { name: 'Menu, U' })).toHaveTextContent('U');
      const fetchUserInfo = vi.mocked(fakeAuth.current.fetchUserInfo);
      const before = fetchUserInfo.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1_999);
      expect(fetchUserInfo.mock.calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchUserInfo.mock.calls.length).toBe(before + 1);
      expect(fakeAuth.current.startLogin).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-reads user info when the tab becomes visible again', async () => {
    fakeAuth.current = createFakeAuth({ userInfo: ADA });
    renderAt('/projects');
    await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5_000 });
    const fetchUserInfo = vi.mocked(fakeAuth.current.fetchUserInfo);
    const before = fetchUserInfo.mock.calls.length;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchUserInfo.mock.calls.length).toBe(before + 1);
  });
});
