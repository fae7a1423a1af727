import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FusionAuthProviderContext } from '@fusionauth/react-sdk';
import type { AppUserInfo } from '@/lib/user-info';
import { ADA, createFakeAuth } from '@/testing/fake-fusion-auth';
import { AnonymousOnly } from './anonymous-only';
import { RequireAuth } from './require-auth';

const fakeAuth: { current: FusionAuthProviderContext<AppUserInfo> } = { current: createFakeAuth() };
vi.mock('@fusionauth/react-sdk', () => ({ useFusionAuth: () => fakeAuth.current }));

describe('RequireAuth', () => {
  it('lets any signed-in user through when no role is given', () => {
    fakeAuth.current = createFakeAuth({ userInfo: null });
    render(<RequireAuth>secret</RequireAuth>);
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('shows its content only to users with one of the allowed roles', () => {
    fakeAuth.current = createFakeAuth({ userInfo: { ...ADA, roles: ['user', 'admin'] } });
    const { rerender } = render(<RequireAuth withRole="admin">admin area</RequireAuth>);
    expect(screen.getByText('admin area')).toBeInTheDocument();

    fakeAuth.current = createFakeAuth({ userInfo: ADA });
    rerender(<RequireAuth withRole={['admin', 'owner']}>admin area</RequireAuth>);
    expect(screen.queryByText('admin area')).not.toBeInTheDocument();
    expect(fakeAuth.current.startLogin).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to login with the current hash', () => {
    window.location.hash = '#/editor/42';
    fakeAuth.current = createFakeAuth({ isLoggedIn: false });
    render(<RequireAuth>secret</RequireAuth>);
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('LOADING');
    expect(fakeAuth.current.startLogin).toHaveBeenCalledWith('#/editor/42');
  });
});

describe('AnonymousOnly', () => {
  it('shows its content only to signed-out visitors', () => {
    fakeAuth.current = createFakeAuth({ isLoggedIn: false });
    const { rerender } = render(<AnonymousOnly>welcome</AnonymousOnly>);
    expect(screen.getByText('welcome')).toBeInTheDocument();
    fakeAuth.current = createFakeAuth({ isLoggedIn: true });
    rerender(<AnonymousOnly>welcome</AnonymousOnly>);
    expect(screen.queryByText('welcome')).not.toBeInTheDocument();
  });
});
