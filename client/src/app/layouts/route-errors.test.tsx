import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import { AppProviders } from '@/app/provider';
import { routes } from '@/app/router';
import type { AppUserInfo } from '@/lib/user-info';
import { ADA, createFakeAuth } from '@/testing/fake-fusion-auth';

const fakeAuth: { current: FusionAuthProviderContext<AppUserInfo> } = { current: createFakeAuth({ userInfo: ADA }) };
vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }));
vi.mock('@/app/routes/projects-route', () => ({
  ProjectsRoute: () => {
    throw new Error('the page broke');
  },
}));

describe('a page that throws', () => {
  it('shows the error in the view and keeps the header and nav bar', async () => {
    document.cookie = 'cookieBannerAccepted=true; path=/';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(routes, { initialEntries: ['/projects'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Something went wrong' }));
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
