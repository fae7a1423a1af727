import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CookieBanner } from './cookie-banner';
import { acceptanceCookie, hasAcceptanceCookie } from '../utils/acceptance-cookie';

/** Records what the banner writes to document.cookie (jsdom drops Secure cookies on http). */
function spyOnCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value.replace(/;\s*Secure/i, ''));
  });
  return writes;
}

describe('CookieBanner', () => {
  it('shows the notice with its privacy link and OK, and no close button', () => {
    render(<CookieBanner />);
    const banner = screen.getByRole('region', { name: 'This website uses essential cookies' });
    expect(banner).toHaveTextContent('secure and reliable login');
    expect(banner).toHaveTextContent('cannot be disabled');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('sets the acceptance cookie with its attributes on OK and hides', async () => {
    const writes = spyOnCookieWrites();
    render(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(writes).toEqual(['cookieBannerAccepted=true; max-age=31536000; path=/; SameSite=Strict; Secure']);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(hasAcceptanceCookie(document.cookie)).toBe(true);
  });

  it('stays hidden on the next load once the cookie exists', () => {
    document.cookie = 'cookieBannerAccepted=true; path=/';
    render(<CookieBanner />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows again while only other cookies exist', () => {
    document.cookie = 'app.at_exp=1999999999; path=/';
    document.cookie = 'cookieBannerAccepted=false; path=/';
    render(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'This website uses essential cookies' })).toBeInTheDocument();
  });
});

describe('acceptanceCookie', () => {
  it('lasts 365 days on the whole site, same-site strict, secure on https and localhost', () => {
    const secure = 'cookieBannerAccepted=true; max-age=31536000; path=/; SameSite=Strict; Secure';
    expect(acceptanceCookie(new URL('https://compile.example.org/'))).toBe(secure);
    expect(acceptanceCookie(new URL('http://localhost:8080/'))).toBe(secure);
    expect(acceptanceCookie(new URL('http://127.0.0.1:8080/'))).toBe(secure);
    expect(31536000).toBe(365 * 24 * 60 * 60);
  });

  it('is not Secure on a plain-http LAN address, where the browser would drop it (the identity cookies rule)', () => {
    expect(acceptanceCookie(new URL('http://192.168.1.10:8080/'))).toBe(
      'cookieBannerAccepted=true; max-age=31536000; path=/; SameSite=Strict',
    );
  });
});
