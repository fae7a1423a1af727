import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColorSchemeProvider, useColorScheme } from './color-scheme-provider';

/** A controllable `prefers-color-scheme: dark` media query (jsdom has none). */
function fakeSystemScheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    set(dark: boolean) {
      query.matches = dark;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  const { preference, scheme, setPreference } = useColorScheme();
  return (
    <div>
      <p>
        {preference}/{scheme}
      </p>
      <button type="button" onClick={() => setPreference('dark')}>
        dark
      </button>
    </div>
  );
}

const renderProbe = () =>
  render(
    <ColorSchemeProvider>
      <Probe />
    </ColorSchemeProvider>,
  );

describe('ColorSchemeProvider', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.theme;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('defaults to system and follows the operating system and its changes', () => {
    const system = fakeSystemScheme(false);
    renderProbe();
    expect(screen.getByText('system/light')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
    system.set(true);
    expect(screen.getByText('system/dark')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('stores a choice under color-scheme and applies it over the system setting', async () => {
    fakeSystemScheme(false);
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(localStorage.getItem('color-scheme')).toBe('dark');
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("applies another tab's change at once", () => {
    fakeSystemScheme(true);
    localStorage.setItem('color-scheme', 'dark');
    renderProbe();
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
    act(() => {
      // What the browser does when another tab of this origin writes the key.
      localStorage.setItem('color-scheme', 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: 'color-scheme', newValue: 'light' }));
    });
    expect(screen.getByText('light/light')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('treats an unknown stored value as system', () => {
    fakeSystemScheme(true);
    localStorage.setItem('color-scheme', 'sepia');
    renderProbe();
    expect(screen.getByText('system/dark')).toBeInTheDocument();
  });
});
